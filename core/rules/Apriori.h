#pragma once
// Apriori over estimated supports (003 Sec. 3.2.4), run by the shared level loop (core/itemsets): each
// candidate counted in the randomized data and estimated; rules X => Z \ X from every frequent Z. Which estimate decides is a choice (003
// Table 3.3(b)): the estimate itself, the lower bound of its range (fewer false positives) or the upper
// bound (fewer false negatives): the support's normal range and the confidence's Chebyshev range.
#include "core/rules/ItemsetSupport.h"
#include "core/rules/RuleConfidence.h"

#include <cstddef>
#include <vector>

namespace rr {

enum class RuleDecision { Estimate, LowerBound, UpperBound };

struct RuleMiningOptions {
    double minSupport = 0.25;    // a share, e.g. 0.25 for 25%
    double minConfidence = 0.65; // a share
    RuleDecision decision = RuleDecision::Estimate;
    double alpha = 0.05;                // ranges at level 1 - alpha
    std::size_t maxCandidates = 200000; // itemsets counted in all; more is refused (DomainError)
    std::size_t maxRules = 1000000;     // rules kept; more is refused (DomainError)
};

// A frequent itemset of the rules (003): its support estimated, with ranges (the baskets' is BasketItemset).
struct EstimatedItemset {
    std::vector<int> items; // ascending item indices
    SupportEstimate support;
};

struct RuleMiningResult {
    std::vector<EstimatedItemset> itemsets; // by size, then lexicographically
    std::vector<RuleEstimate> rules;        // by itemset, then antecedent
    std::size_t candidatesCounted = 0;
};

// The value a decision compares with a threshold.
double decisionValue(const SupportEstimate& s, RuleDecision d);
// Undefined confidence never passes.
bool passesConfidence(const ConfidenceEstimate& c, double minConfidence, RuleDecision d);

// Mines frequent itemsets and rules. Unrandomized data (identity matrices) mines the original set.
// Throws InputError for bad options or items, DomainError past the limits (naming them).
RuleMiningResult mineRules(const RandomizedItems& items, const RuleMiningOptions& options);

} // namespace rr
