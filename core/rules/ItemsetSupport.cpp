#include "core/rules/ItemsetSupport.h"

#include "core/data/Errors.h"

#include <cmath>
#include <string>

namespace rr {

void checkRandomizedItems(const RandomizedItems& items)
{
    if (items.matrices.size() != items.data.bits.size())
        throw InputError(std::to_string(items.matrices.size()) + " distortion matrices for " +
                         std::to_string(items.data.bits.size()) + " items");
    for (std::size_t j = 0; j < items.matrices.size(); ++j) {
        if (items.matrices[j].size() != 2)
            throw InputError("item '" + items.data.names[j] + "' has a " + std::to_string(items.matrices[j].size()) +
                             "-category distortion matrix; items are binary");
        inverse(items.matrices[j]); // throws DomainError when singular (p = 1/2)
    }
    if (items.data.records < 2)
        throw InputError("the items hold " + std::to_string(items.data.records) + " records; variances need 2");
}

ItemsetTable::ItemsetTable(const RandomizedItems& items, std::vector<int> itemset) : m_items(std::move(itemset))
{
    m_n = static_cast<double>(items.data.records);
    m_lambda = itemsetCounts(items.data, m_items) / m_n;
    m_rowOne.reserve(m_items.size());
    for (int i : m_items) {
        const KroneckerFactor inv = inverse(items.matrices[i]);
        m_rowOne.emplace_back(inv.entry(1, 0), inv.entry(1, 1));
    }
}

const Eigen::VectorXd& ItemsetTable::weights(std::uint32_t subset) const
{
    for (int s = 0; s < 2; ++s)
        if (m_cached[s] == subset)
            return m_cache[s];
    const int k = size();
    Eigen::VectorXd& w = m_cache[m_next];
    m_cached[m_next] = subset;
    m_next = 1 - m_next;
    w.setOnes(Eigen::Index(1) << k);
    // w_X(u) = prod_{j in X} (P_j^-T e_1)(u_j); item j is bit (k - 1 - j) of the cell index
    for (int j = 0; j < k; ++j) {
        if (!((subset >> j) & 1u))
            continue;
        const int shift = k - 1 - j;
        for (Eigen::Index u = 0; u < w.size(); ++u)
            w[u] *= m_rowOne[j][(u >> shift) & 1];
    }
    return w;
}

double ItemsetTable::support(std::uint32_t subset) const
{
    return weights(subset).dot(m_lambda); // 003 eq. 3.3 summed over the cells holding X
}

double ItemsetTable::randomizedSupport(std::uint32_t subset) const
{
    const int k = size();
    double s = 0;
    for (Eigen::Index u = 0; u < m_lambda.size(); ++u) {
        bool holds = true;
        for (int j = 0; j < k && holds; ++j)
            holds = !((subset >> j) & 1u) || ((u >> (k - 1 - j)) & 1);
        if (holds)
            s += m_lambda[u];
    }
    return s;
}

double ItemsetTable::covariance(std::uint32_t a, std::uint32_t b) const
{
    const Eigen::VectorXd wa = weights(a);
    const Eigen::VectorXd& wb = weights(b);
    const double second = (wa.array() * wb.array() * m_lambda.array()).sum();
    // 003 eq. 5.16: (N-1)^-1 [a^T P^-1 diag(lambda-hat) P^-T b - (a^T pi-hat)(b^T pi-hat)]
    return (second - wa.dot(m_lambda) * wb.dot(m_lambda)) / (m_n - 1.0);
}

SupportEstimate ItemsetTable::supportEstimate(std::uint32_t subset, const CriticalValues& levels) const
{
    SupportEstimate s;
    s.estimate = support(subset);
    s.variance = std::max(0.0, covariance(subset, subset));
    s.normal = rangeAround(s.estimate, s.variance, levels.normal, 0.0, 1.0); // 003 Result 1
    s.chebyshev = rangeAround(s.estimate, s.variance, levels.chebyshev, 0.0, 1.0);
    s.randomized = randomizedSupport(subset);
    return s;
}

SupportEstimate estimateSupport(const RandomizedItems& items, const std::vector<int>& itemset, double alpha)
{
    checkRandomizedItems(items);
    const ItemsetTable t(items, itemset);
    return t.supportEstimate(t.all(), criticalValues(alpha));
}

} // namespace rr
