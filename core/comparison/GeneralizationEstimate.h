#pragma once
#include "core/anonymization/EquivalenceClasses.h"
#include "core/anonymization/Hierarchy.h"
#include "core/anonymization/PrivacyModel.h"

#include <Eigen/Core>

#include <vector>

namespace rr {

// Estimate of the original distribution pi (over the joint QI x S domain of the partition's table)
// from a generalized release (003 Sec. 5.3.3): each released equivalence class spreads its records
// uniformly over the original QI cells it covers, keeping its own sensitive distribution.
// Suppressed classes are not released: the estimate is normalized over the released records.
// Returns proportions summing to 1 (zeros when nothing is released).
Eigen::VectorXd estimateFromGeneralization(const Partition& partition, const NodeAssessment& assessment,
                                           const std::vector<AttributeGeneralization>& qi, int sensitiveDomain);

} // namespace rr
