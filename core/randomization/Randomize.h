#pragma once
#include "core/data/Table.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/randomization/RandomSource.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>
#include <string>

namespace rr {

// Draws the randomized category of one record of original category v (003 eq. 2.1, 5.2).
class ColumnSampler {
public:
    explicit ColumnSampler(const DistortionMatrix& m);

    int draw(int v, RandomSource& rng) const
    {
        if (m_d == 1)
            return v;
        if (m_warner) {
            // keep with probability p, else uniform among the other d - 1 categories
            if (rng.uniform01() < m_keep)
                return v;
            const int r = static_cast<int>(rng.below(static_cast<std::uint64_t>(m_d - 1)));
            return r < v ? r : r + 1;
        }
        // inverse CDF over column v; zero-probability categories are never chosen
        const double x = rng.uniform01();
        const double* first = m_cumulative.data() + static_cast<std::size_t>(v) * m_d;
        const double* hit = std::upper_bound(first, first + m_d, x);
        if (hit == first + m_d) // the column sums to 1 only within rounding
            return m_lastPositive[v];
        return static_cast<int>(hit - first);
    }

private:
    int m_d;
    bool m_warner;
    double m_keep = 1.0;
    std::vector<double> m_cumulative; // column-wise cumulative sums, column v at v * d
    std::vector<int> m_lastPositive;
};

struct RandomizationReport {
    std::size_t rows = 0;
    std::size_t changedValues = 0; // cells whose value differs from the original
};

// Draws a randomized copy of `table`: each listed attribute of each record moves from
// category v to u with probability P(u, v) of its matrix (003 eq. 2.1, 5.2), independently.
// Unlisted attributes and missing values are copied unchanged. Weighted (aggregated) tables
// are refused: randomization acts on individual records (InputError).
Table randomizeTable(const Table& table, const std::map<int, DistortionMatrix>& matrices, RandomSource& rng,
                     RandomizationReport* report = nullptr);

// Draws a randomized contingency table: each of the N records of cell v is moved to a cell
// drawn from the product distribution (faster than randomizing records when only counts matter).
Eigen::VectorXd randomizeCounts(const Eigen::VectorXd& counts, const std::vector<int>& dims,
                                const std::vector<DistortionMatrix>& matrices, RandomSource& rng);

} // namespace rr
