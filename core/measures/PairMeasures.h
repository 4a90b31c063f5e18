#pragma once
// Association measures of two attributes estimated from their randomized table (003 Sec. 3.3, Table 3.6,
// Table 4.1; 000 Sec. 3): every measure at pi-hat with its delta-method variance and ranges, at lambda-hat
// (no p), and at the original table when it is given. All ranges centre on the estimate, confidence's too;
// the rules API (core/rules) centres confidence on E(c-hat) as 003 Result 3 does.
#include "core/distortion/DistortionMatrix.h"
#include "core/measures/MeasureCatalog.h"
#include "core/measures/MeasureEstimate.h"

#include <Eigen/Core>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace rr {

struct PairInput {
    Eigen::VectorXd randomizedCounts;        // d1 x d2 counts of the randomized records, row-major (first = rows)
    DistortionMatrix first, second;          // each attribute's distortion matrix (Warner or any column-stochastic)
    int presentFirst = 1, presentSecond = 1; // the category taken as "present"; the others are pooled
    std::optional<Eigen::VectorXd> originalCounts; // the same table before randomization, when known
    double alpha = 0.05;                           // ranges at level 1 - alpha
};

// Full tables up to this many cells get the polytomous measures (their gradients cost O(cells^2)).
inline constexpr Eigen::Index kMaxFullTableCells = 4096;

struct PairMeasures {
    double n = 0;                    // records in the randomized table
    int d1 = 0, d2 = 0;              // categories of the two attributes
    Eigen::Vector4d estimatedCells;  // pooled pi-hat (00, 01, 10, 11); entries may be negative
    Eigen::Vector4d randomizedCells; // pooled lambda-hat
    std::optional<Eigen::Vector4d> originalCells;
    Eigen::Matrix4d covariance;               // of the pooled pi-hat (003 eq. 5.16)
    std::array<MeasureEstimate, 4> cells;     // "cell_00".."cell_11": the raw estimates, ranges in [0, 1]
    std::vector<MeasureEstimate> measures;    // the 21 measures of measureCatalog(), in its order
    std::array<MeasureEstimate, 4> residuals; // standardized residuals e_ij (003 Table 3.6)
    // Chi-square, G2, M, tau, U of the whole d1 x d2 table (003 Table 4.1) when it is larger than 2 x 2.
    std::vector<MeasureEstimate> fullTable;
    std::string fullTableNote; // why fullTable is empty although the table is larger than 2 x 2
};

// Pools the estimate of the full table (valid for any distortion matrices; for Warner matrices it equals
// estimating the pooled table with pooledChannel). Throws InputError for malformed input.
PairMeasures estimatePairMeasures(const PairInput& input);

// One measure only (what a sweep or a single chart needs).
MeasureEstimate estimatePairMeasure(const PairInput& input, Measure measure);

// The five measures of 003 Table 4.1 for a whole two-way table, in the order chi-square, G2, M, tau, U.
inline constexpr std::array<Measure, 5> kTwoWayMeasures{Measure::ChiSquare, Measure::LikelihoodRatio,
                                                        Measure::MutualInformation, Measure::Concentration,
                                                        Measure::Uncertainty};

// A Table 4.1 measure at a d1 x d2 table of proportions (double; n scales chi-square and G2).
MeasureValue twoWayMeasure(Measure measure, const Eigen::VectorXd& proportions, int d1, int d2, double n);

} // namespace rr
