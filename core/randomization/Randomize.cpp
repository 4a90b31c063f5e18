#include "core/randomization/Randomize.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace rr {

ColumnSampler::ColumnSampler(const DistortionMatrix& m) : m_d(m.size()), m_warner(m.isWarner())
{
    if (m_warner) {
        m_keep = m.retention();
        return;
    }
    const Eigen::MatrixXd p = m.matrix(); // a general matrix (at most kMaxDenseCategories)
    m_cumulative.resize(static_cast<std::size_t>(m_d) * m_d);
    m_lastPositive.resize(m_d);
    for (int v = 0; v < m_d; ++v) {
        double c = 0.0;
        for (int u = 0; u < m_d; ++u) {
            c += p(u, v);
            m_cumulative[static_cast<std::size_t>(v) * m_d + u] = c;
            if (p(u, v) > 0)
                m_lastPositive[v] = u;
        }
    }
}


namespace {

std::int64_t checkedCount(double c, Eigen::Index cell)
{
    if (!std::isfinite(c) || c < 0 || std::abs(c - std::round(c)) > 1e-9 * std::max(1.0, c) || c > 9.0e15)
        throw InputError("cell " + std::to_string(cell) + " of the table to randomize holds " + std::to_string(c) +
                         "; counts must be non-negative whole numbers");
    return static_cast<std::int64_t>(std::llround(c));
}

// Moves the records of every fibre along `axis` with one multinomial draw per source category,
// as a chain of binomials: n_u ~ Bin(remaining, P(u,v) / sum_{w>=u} P(w,v)).
void randomizeAxisGeneral(std::vector<std::int64_t>& counts, const std::vector<int>& dims, int axis,
                          const Eigen::MatrixXd& p, RandomSource& rng)
{
    const std::int64_t d = dims[axis];
    // Tail sums from the end, so the last category with P(u,v) > 0 takes all that remain
    // and a category with P(u,v) = 0 never receives a record despite rounding.
    Eigen::MatrixXd tail(d, d);
    for (std::int64_t v = 0; v < d; ++v) {
        double s = 0.0;
        for (std::int64_t u = d - 1; u >= 0; --u) {
            s += p(u, v);
            tail(u, v) = s;
        }
    }
    std::int64_t inner = 1;
    for (std::size_t k = axis + 1; k < dims.size(); ++k)
        inner *= dims[k];
    const std::int64_t block = d * inner;
    const std::int64_t outer = static_cast<std::int64_t>(counts.size()) / block;
    std::vector<std::int64_t> moved(static_cast<std::size_t>(d));
    for (std::int64_t o = 0; o < outer; ++o)
        for (std::int64_t i = 0; i < inner; ++i) {
            const std::int64_t base = o * block + i;
            std::fill(moved.begin(), moved.end(), 0);
            for (std::int64_t v = 0; v < d; ++v) {
                std::int64_t remaining = counts[base + v * inner];
                for (std::int64_t u = 0; u < d && remaining > 0; ++u) {
                    const double puv = p(u, v);
                    if (!(puv > 0))
                        continue;
                    std::int64_t n = remaining;
                    if (puv < tail(u, v)) {
                        std::binomial_distribution<std::int64_t> bin(remaining, std::min(1.0, puv / tail(u, v)));
                        n = bin(rng);
                    }
                    moved[u] += n;
                    remaining -= n;
                }
            }
            for (std::int64_t u = 0; u < d; ++u)
                counts[base + u * inner] = moved[u];
        }
}

// The same for a Warner matrix, from p alone (no d x d matrix): of the n records of category v,
// Bin(n, p) keep it and the others spread uniformly over the d - 1 other categories - one draw each when
// they are fewer than d, else a chain of binomials over the other categories. O(min(n, d)) per category.
void randomizeAxisWarner(std::vector<std::int64_t>& counts, const std::vector<int>& dims, int axis, double keep,
                         RandomSource& rng)
{
    const std::int64_t d = dims[axis];
    std::int64_t inner = 1;
    for (std::size_t k = axis + 1; k < dims.size(); ++k)
        inner *= dims[k];
    const std::int64_t block = d * inner;
    const std::int64_t outer = static_cast<std::int64_t>(counts.size()) / block;
    std::vector<std::int64_t> moved(static_cast<std::size_t>(d));
    for (std::int64_t o = 0; o < outer; ++o)
        for (std::int64_t i = 0; i < inner; ++i) {
            const std::int64_t base = o * block + i;
            std::fill(moved.begin(), moved.end(), 0);
            for (std::int64_t v = 0; v < d; ++v) {
                const std::int64_t n = counts[base + v * inner];
                if (n == 0)
                    continue;
                std::binomial_distribution<std::int64_t> stay(n, keep);
                const std::int64_t kept = keep >= 1.0 ? n : stay(rng);
                moved[v] += kept;
                std::int64_t away = n - kept;
                if (away < d) {
                    for (; away > 0; --away) {
                        const auto r = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(d - 1)));
                        ++moved[r < v ? r : r + 1];
                    }
                    continue;
                }
                std::int64_t othersLeft = d - 1;
                for (std::int64_t u = 0; u < d && away > 0; ++u) {
                    if (u == v)
                        continue;
                    std::int64_t take = away;
                    if (othersLeft > 1) {
                        std::binomial_distribution<std::int64_t> bin(away, 1.0 / static_cast<double>(othersLeft));
                        take = bin(rng);
                    }
                    moved[u] += take;
                    away -= take;
                    --othersLeft;
                }
            }
            for (std::int64_t u = 0; u < d; ++u)
                counts[base + u * inner] = moved[u];
        }
}

} // namespace

Table randomizeTable(const Table& table, const std::map<int, DistortionMatrix>& matrices, RandomSource& rng,
                     RandomizationReport* report)
{
    if (!table.weights.empty())
        throw InputError("this table holds aggregated counts (a count column); randomized response randomizes "
                         "individual records, so it needs one row per record");
    for (const auto& [index, m] : matrices) {
        if (index < 0 || index >= static_cast<int>(table.attributes.size()))
            throw InputError("randomization: attribute index " + std::to_string(index) +
                             " is out of range (the table has " + std::to_string(table.attributes.size()) +
                             " attributes)");
        const Attribute& a = table.attributes[index];
        if (m.size() != a.domainSize())
            throw InputError("the distortion matrix for '" + a.name + "' is " + std::to_string(m.size()) + " x " +
                             std::to_string(m.size()) + " but the attribute has " + std::to_string(a.domainSize()) +
                             " categories");
    }

    Table out = table;
    std::size_t changed = 0;
    for (const auto& [index, m] : matrices) {
        if (m.isIdentity())
            continue;
        const ColumnSampler sampler(m);
        for (int32_t& code : out.attributes[index].codes) {
            if (code == Attribute::kMissing)
                continue;
            const int u = sampler.draw(code, rng);
            if (u != code) {
                ++changed;
                code = u;
            }
        }
    }
    if (report) {
        report->rows = table.rowCount();
        report->changedValues = changed;
    }
    return out;
}

Eigen::VectorXd randomizeCounts(const Eigen::VectorXd& counts, const std::vector<int>& dims,
                                const std::vector<DistortionMatrix>& matrices, RandomSource& rng)
{
    if (dims.size() != matrices.size())
        throw InputError("randomizing counts: " + std::to_string(matrices.size()) + " distortion matrices for " +
                         std::to_string(dims.size()) + " attributes");
    Eigen::Index cells = 1;
    for (std::size_t k = 0; k < dims.size(); ++k) {
        if (dims[k] < 1 || matrices[k].size() != dims[k])
            throw InputError("randomizing counts: attribute " + std::to_string(k + 1) + " has " +
                             std::to_string(dims[k]) + " categories but its matrix is " +
                             std::to_string(matrices[k].size()) + " x " + std::to_string(matrices[k].size()));
        cells *= dims[k];
    }
    if (dims.empty() || counts.size() != cells)
        throw InputError("randomizing counts: the table has " + std::to_string(counts.size()) +
                         " cells, its dimensions span " + std::to_string(dims.empty() ? 0 : cells));
    std::vector<std::int64_t> n(static_cast<std::size_t>(cells));
    for (Eigen::Index i = 0; i < cells; ++i)
        n[i] = checkedCount(counts[i], i);
    // Attributes are randomized independently, so moving the records axis by axis draws
    // each record's new cell from the product distribution P_1 x ... x P_k (003 eq. 5.1).
    for (std::size_t k = 0; k < dims.size(); ++k)
        if (matrices[k].isIdentity())
            continue;
        else if (matrices[k].isWarner())
            randomizeAxisWarner(n, dims, static_cast<int>(k), matrices[k].retention(), rng);
        else
            randomizeAxisGeneral(n, dims, static_cast<int>(k), matrices[k].matrix(), rng);
    Eigen::VectorXd out(cells);
    for (Eigen::Index i = 0; i < cells; ++i)
        out[i] = static_cast<double>(n[i]);
    return out;
}

} // namespace rr
