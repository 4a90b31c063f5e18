#pragma once
#include "core/loglinear/HierarchicalModel.h"

#include <string>
#include <vector>

namespace rr {

// Korn's criterion (003 Theorem 2): a hierarchical model is preserved by independent,
// non-differential misclassification (randomized response is one) if no misclassified attribute
// appears in more than one generator. The theorem is sufficient only: `preserved = false` means
// "not guaranteed" (randomization may induce spurious associations), not "certainly broken".
struct KornVerdict {
    bool preserved = true;
    std::vector<int> repeatedAxes; // randomized axes found in two or more generators
    std::string reason;            // one sentence naming the attributes and generators
};

// `randomizedAxes`: axes of the model's table whose attribute is randomized (p < 1 or a non-identity
// matrix). Letters name the axes in `reason`.
KornVerdict kornCriterion(const HierarchicalModel& model, const std::vector<int>& randomizedAxes,
                          const std::vector<char>& letters);

} // namespace rr
