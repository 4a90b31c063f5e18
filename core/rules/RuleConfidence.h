#pragma once
// Confidence of a rule X => Y estimated from randomized items (003 Sec. 3.2.3): c-hat = pi-hat_11 / pi-hat_1+
// with pi_11 = s(X u Y) and pi_10 = s(X) - s(X u Y); its expectation (eq. 3.4), variance (eq. 3.5, the delta
// method) and the Chebyshev range around the expectation (Result 3).
#include "core/estimation/Intervals.h"
#include "core/measures/MeasureValue.h"
#include "core/rules/ItemsetSupport.h"

#include <optional>
#include <vector>

namespace rr {

struct ConfidenceMoments {
    double estimate = 0, expectation = 0, variance = 0;
};

// 003 Result 2, eq. 3.4-3.5. Requires pi11 + pi10 != 0.
ConfidenceMoments confidenceMoments(double pi11, double pi10, double var11, double var10, double cov11and10);

struct ConfidenceEstimate {
    MeasureValue estimate;    // c-hat; undefined when s-hat(X) <= 0. Unbiased parts may put it outside [0, 1].
    MeasureValue expectation; // E(c-hat), eq. 3.4: the centre of the ranges
    MeasureValue variance;    // eq. 3.5
    // (1 - alpha) ranges around E(c-hat), clipped to [0, 1]; the decisions use `chebyshev` (Result 3).
    std::optional<Interval> chebyshev, normal;
    MeasureValue randomized; // lambda-hat_11 / lambda-hat_1+: the confidence in the randomized data (no p)
};

struct RuleEstimate {
    std::vector<int> antecedent, consequent; // item indices, ascending
    SupportEstimate support;                 // of antecedent u consequent
    ConfidenceEstimate confidence;
};

// The rule antecedent => (table's items minus antecedent) from an itemset table; `antecedent` is a bit mask
// over the table's positions, neither empty nor all of them.
RuleEstimate ruleFromTable(const ItemsetTable& table, std::uint32_t antecedent, const CriticalValues& levels);

// X => Y for disjoint, non-empty item lists.
RuleEstimate estimateRule(const RandomizedItems& items, const std::vector<int>& antecedent,
                          const std::vector<int>& consequent, double alpha);

// Where a range lies against a threshold: wholly at or above it, across it, or wholly below it.
enum class ThresholdSide { Above, Across, Below };
ThresholdSide sideOf(const Interval& range, double threshold);

// A rule against the mining thresholds, by its support's normal range and its confidence's Chebyshev range:
// Sure when both lie wholly above, Excluded when either lies wholly below (or the confidence is undefined),
// Uncertain otherwise.
enum class RuleCertainty { Sure, Uncertain, Excluded };
RuleCertainty certaintyOf(const RuleEstimate& rule, double minSupport, double minConfidence);

} // namespace rr
