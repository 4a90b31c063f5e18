#include "core/comparison/UncertaintyCoefficient.h"

#include "core/data/Errors.h"

#include <cmath>

namespace rr {

double uncertaintyCoefficient(const Eigen::MatrixXd& table)
{
    if (table.size() == 0)
        throw InputError("the uncertainty coefficient needs a non-empty table");
    if (!table.allFinite() || table.minCoeff() < 0)
        throw InputError("the uncertainty coefficient needs non-negative finite counts");
    const double total = table.sum();
    if (total <= 0)
        throw InputError("the uncertainty coefficient needs at least one record");
    const Eigen::MatrixXd p = table / total;
    const Eigen::VectorXd rows = p.rowwise().sum();
    const Eigen::VectorXd cols = p.colwise().sum().transpose();
    double mutual = 0; // sum_ij pi_ij log(pi_ij / (pi_i+ pi_+j))
    for (Eigen::Index i = 0; i < p.rows(); ++i)
        for (Eigen::Index j = 0; j < p.cols(); ++j)
            if (p(i, j) > 0)
                mutual += p(i, j) * std::log(p(i, j) / (rows[i] * cols[j]));
    double entropy = 0; // -sum_j pi_+j log pi_+j
    for (Eigen::Index j = 0; j < cols.size(); ++j)
        if (cols[j] > 0)
            entropy -= cols[j] * std::log(cols[j]);
    if (entropy <= 1e-15)
        return 0.0;
    return std::max(0.0, mutual) / entropy; // 003 eq. 5.19
}

Eigen::MatrixXd pairMarginal(const Eigen::VectorXd& cells, const std::vector<int>& dims, int a, int b)
{
    const int k = static_cast<int>(dims.size());
    if (a < 0 || b < 0 || a >= k || b >= k || a == b)
        throw InputError("pairMarginal: two different axes are needed");
    std::vector<std::size_t> stride(k, 1);
    for (int i = k - 2; i >= 0; --i)
        stride[i] = stride[i + 1] * static_cast<std::size_t>(dims[i + 1]);
    if (static_cast<std::size_t>(cells.size()) != stride[0] * static_cast<std::size_t>(dims[0]))
        throw InputError("pairMarginal: the table does not match its dimensions");
    Eigen::MatrixXd m = Eigen::MatrixXd::Zero(dims[a], dims[b]);
    for (Eigen::Index c = 0; c < cells.size(); ++c) {
        const std::size_t idx = static_cast<std::size_t>(c);
        const auto i = static_cast<Eigen::Index>((idx / stride[a]) % static_cast<std::size_t>(dims[a]));
        const auto j = static_cast<Eigen::Index>((idx / stride[b]) % static_cast<std::size_t>(dims[b]));
        m(i, j) += cells[c];
    }
    return m;
}

std::map<std::string, double> uncertaintyCoefficients(const Eigen::VectorXd& cells, const std::vector<int>& dims,
                                                      const std::vector<std::string>& names)
{
    if (names.size() != dims.size())
        throw InputError("uncertainty coefficients: one name per attribute is needed");
    const int k = static_cast<int>(dims.size());
    std::size_t size = 1;
    for (int d : dims)
        size *= static_cast<std::size_t>(d);
    if (size != static_cast<std::size_t>(cells.size()))
        throw InputError("uncertainty coefficients: the table does not match its dimensions");
    // Every two-way marginal in one pass over the cells (coordinates advanced as an odometer).
    std::vector<Eigen::MatrixXd> pair(static_cast<std::size_t>(k * k));
    for (int a = 0; a < k; ++a)
        for (int b = a + 1; b < k; ++b)
            pair[a * k + b] = Eigen::MatrixXd::Zero(dims[a], dims[b]);
    std::vector<int> c(k, 0);
    for (Eigen::Index i = 0; i < cells.size(); ++i) {
        const double x = cells[i];
        if (x != 0)
            for (int a = 0; a < k; ++a)
                for (int b = a + 1; b < k; ++b)
                    pair[a * k + b](c[a], c[b]) += x;
        for (int a = k - 1; a >= 0; --a) {
            if (++c[a] < dims[a])
                break;
            c[a] = 0;
        }
    }
    std::map<std::string, double> out;
    for (int a = 0; a < k; ++a)
        for (int b = a + 1; b < k; ++b) {
            const Eigen::MatrixXd& m = pair[a * k + b];
            out[names[a] + "|" + names[b]] = uncertaintyCoefficient(m);             // response b
            out[names[b] + "|" + names[a]] = uncertaintyCoefficient(m.transpose()); // response a
        }
    return out;
}

double meanUncertainty(const std::map<std::string, double>& u, const std::vector<std::string>& attributes,
                       bool qiToSensitive)
{
    if (attributes.size() < 2)
        return 0.0;
    auto at = [&](const std::string& key) {
        const auto it = u.find(key);
        if (it == u.end())
            throw InputError("no uncertainty coefficient for the pair '" + key + "'");
        return it->second;
    };
    const std::size_t m = attributes.size() - 1; // QIs first, S last
    double sum = 0;
    int n = 0;
    for (std::size_t a = 0; a < m; ++a) {
        if (qiToSensitive) {
            sum += at(attributes[a] + "|" + attributes[m]);
            ++n;
            continue;
        }
        for (std::size_t b = 0; b < m; ++b)
            if (a != b) {
                sum += at(attributes[a] + "|" + attributes[b]);
                ++n;
            }
    }
    return n ? sum / n : 0.0;
}

} // namespace rr
