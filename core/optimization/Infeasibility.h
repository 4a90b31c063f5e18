#pragma once
// An unreachable target in the owner's words (issue 46): which (QI group, sensitive value) cells block it, and the
// largest whole l each mode does meet.
#include "core/optimization/OptimalParameters.h"

#include <cstddef>
#include <string>
#include <vector>

namespace rr {

// A cell (QI group g, sensitive value s) whose risk stays at or above tau for every p of the mode.
struct BlockingGroup {
    std::size_t cell = 0;  // the joint cell: group * d_S + value
    double records = 0;    // n(g, s)
    double groupRecords = 0; // n(g)
    double share = 0;      // n(g, s) / n(g)
};

// The blocking cells of `mode` at tau, the most records first, at most `cap`.
std::vector<BlockingGroup> blockingGroups(const DisclosureRiskModel& model, RandomizationMode mode, double tau,
                                          std::size_t cap = 10);

// The largest whole l in [2, d_S] the optimizer meets in `mode` (the other options as given), or 1 when none is:
// from the largest l Property 1 allows, down until a search succeeds.
int bestWholeL(const DisclosureRiskModel& model, RandomizationMode mode, const OptimizationOptions& options);

struct ReachableL {
    RandomizationMode mode = RandomizationMode::QI;
    int l = 1;
};
// bestWholeL for every mode, in the order RR-QI, RR-S, RR-Both.
std::vector<ReachableL> bestWholeLPerMode(const DisclosureRiskModel& model, const OptimizationOptions& options);

// "RR-S meets at most l = 1 (no l from 2 up); RR-Both reaches l = 4." and, when RR-Both is not the mode and meets
// `target`, that switching helps. No symbols, no equation numbers.
std::string reachableLSentence(const std::vector<ReachableL>& reach, RandomizationMode mode, double targetL);

// Whether RR-Both (when it is not `mode`) meets the target l: the only case the "switch to RR-Both" advice is given.
bool bothReaches(const std::vector<ReachableL>& reach, RandomizationMode mode, double targetL);

// The owner's words for an unreachable target: up to three blocking groups ("sex = Male: 28,735 of 32,650 have
// White (88.0%)"), reachableLSentence, and the remedies. `names`, `categories`: the joint table's axes (QIs, S).
std::string infeasibleExplanation(const DisclosureRiskModel& model, const std::vector<std::string>& names,
                                  const std::vector<std::vector<std::string>>& categories,
                                  const OptimizationOptions& options, const std::vector<ReachableL>& reach);

} // namespace rr
