#pragma once
// Re-identification risk of a generalized release (issue 22), the baselines' counterpart of
// core/risk/Reidentification.h: the attacker knows a person's quasi-identifiers, maps them to the
// generalized values and picks one released record of that class. The pick is the person's own record
// with probability 1 / class size (ARX's prosecutor risk); suppressed classes are not released.
#include "core/anonymization/EquivalenceClasses.h"
#include "core/risk/Reidentification.h"

#include <vector>

namespace rr {

// The summary over the released records (`suppressed`: one flag per class of `partition`, may be shorter).
ReidentificationSummary generalizedReidentification(const Partition& partition, const std::vector<char>& suppressed,
                                                    double threshold = kDefaultReidentificationThreshold);

} // namespace rr
