#pragma once
#include "core/data/Table.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/randomization/RandomSource.h"

#include <map>
#include <string>

namespace rr {

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
