#pragma once
#include "core/contingency/ContingencyTable.h"

#include <Eigen/Core>

namespace rr {

// Attribute disclosure (003 Definition 7) of a release the attacker reads without noise
// (generalization, anatomy): an attacker who knows QI_r picks r among the released records
// matching it, so Pr(S_r | QI_r) = pi-hat(QI_r, S_r) / pi-hat(QI_r) with pi-hat the release's
// estimate of the joint table. For a generalized release this is c_E(s) / |E|; for anatomy the
// mixture of c_g(s) / |g| over the groups holding the QI value. Returns the maximum over the
// records of `joint` (S last) that the release contains (pi-hat(QI_r) > 0).
double maxPosteriorRisk(const ContingencyTable& joint, const Eigen::VectorXd& estimate);

} // namespace rr
