#pragma once
// How well rules mined from randomized data match the rules of the original data (003 Sec. 3.2.4,
// Table 3.3; seed 001). F = the rules of the original data, R = the rules mined from the randomized data
// (R_l, R_u: deciding by the lower / upper bounds of the ranges):
//   rho    = mean over R n F of |s-hat - s| / s x 100   (support error)
//   gamma  = mean over R n F of |c-hat - c| / c x 100   (confidence error)
//   sigma+ = |R - F| / |F| x 100 (false positives), sigma- = |F - R| / |F| x 100 (false negatives),
//            and the same for R_l and R_u
//   s-p    = pairs of rules (1, 2) of R u F with s-hat_1 < s-hat_2 but s_1 > s-hat_1l > s_min > s_2
//   c-p    = the same with confidences and the Chebyshev lower bound c-hat_1l.
#include "core/measures/MeasureValue.h"
#include "core/rules/Apriori.h"

#include <cstddef>
#include <vector>

namespace rr {

struct RuleErrors {
    MeasureValue rho, gamma;                               // percent; undefined when R n F is empty
    MeasureValue sigmaPlus, sigmaMinus;                    // percent; undefined when F is empty
    MeasureValue sigmaPlusLower, sigmaMinusLower;          // with R_l
    MeasureValue sigmaPlusUpper, sigmaMinusUpper;          // with R_u
    std::size_t supportConflicts = 0;                      // s-p
    std::size_t confidenceConflicts = 0;                   // c-p
    std::size_t actual = 0, reconstructed = 0, common = 0; // |F|, |R|, |R n F|
};

// One rule of R u F: its estimates, its original values, and where it was found.
struct RuleStatus {
    RuleEstimate estimate;                              // from the randomized data
    double originalSupport = 0;                         // s in the original data
    double originalConfidence = 0;                      // c (0 when the antecedent never occurs)
    bool inActual = false;                              // in F
    bool inReconstructed = false;                       // in R (decided by the estimate)
    bool inLower = false, inUpper = false;              // in R_l, R_u
    RuleCertainty certainty = RuleCertainty::Uncertain; // against the thresholds, by the ranges
};

struct RuleComparison {
    RuleErrors errors;
    std::vector<RuleStatus> rules; // R u F: the actual rules first, in mining order, then the false positives
};

// Mines F from `original` (the same items, unrandomized) and R, R_l, R_u from `randomized` with the options'
// thresholds (its decision is ignored), then measures them. `original` and `randomized` must hold the same
// items over the same number of records.
RuleComparison compareRules(const BinaryItems& original, const RandomizedItems& randomized,
                            const RuleMiningOptions& options);

} // namespace rr
