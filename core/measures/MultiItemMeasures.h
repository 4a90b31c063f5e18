#pragma once
// Measures of k binary items from their 2^k table (003 Sec. 3.3.1: "chi-square, interest factor, IS, PS and
// Jaccard can be extended to more than two variables"). Cells are row-major over the items, item 0 the most
// significant bit, so the last cell is "all present". With pi^(j) the share having item j:
//   support   pi_1..1
//   chi-square N sum_u (pi_u - prod_j pi^(j)_{u_j})^2 / prod_j pi^(j)_{u_j}   (003 eq. 3.6)
//   interest  pi_1..1 / prod_j pi^(j)_1
//   cosine    pi_1..1 / (prod_j pi^(j)_1)^(1/k)  (the geometric mean keeps it in [0, 1]; k = 2 gives IS)
//   PS        pi_1..1 - prod_j pi^(j)_1
//   Jaccard   pi_1..1 / (1 - pi_0..0)  (records with all items over records with any)
#include "core/distortion/DistortionMatrix.h"
#include "core/measures/MeasureCatalog.h"
#include "core/measures/MeasureEstimate.h"

#include <Eigen/Core>

#include <array>
#include <optional>
#include <vector>

namespace rr {

inline constexpr std::array<Measure, 6> kMultiItemMeasures{Measure::Support,          Measure::ChiSquare,
                                                           Measure::Interest,         Measure::Cosine,
                                                           Measure::PiatetskyShapiro, Measure::Jaccard};

// Items per table: 2^12 cells (the measures' exact gradients cost cells^2).
inline constexpr int kMaxMultiItems = 12;

struct ItemsInput {
    Eigen::VectorXd randomizedCounts;       // 2^k counts of the randomized records
    std::vector<DistortionMatrix> matrices; // one 2 x 2 matrix per item
    std::optional<Eigen::VectorXd> originalCounts;
    double alpha = 0.05;
};

// The six measures above, in that order, each with estimate, delta variance, ranges, randomized and original
// values. Throws InputError for malformed input or more than kMaxMultiItems items.
std::vector<MeasureEstimate> estimateItemMeasures(const ItemsInput& input);

// One of the six at a 2^k table of proportions (double; n scales chi-square).
MeasureValue itemMeasure(Measure measure, const Eigen::VectorXd& proportions, int items, double n);

} // namespace rr
