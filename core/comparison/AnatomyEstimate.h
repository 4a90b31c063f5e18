#pragma once
#include "core/anonymization/Anatomy.h"
#include "core/data/Table.h"

#include <Eigen/Core>

#include <vector>

namespace rr {

// Estimate of the original distribution pi over (QI_1, ..., QI_m, S) from an anatomized release
// (003 Sec. 5.3.3): within each group the QI values (from the QIT) and the sensitive values (from
// the ST) are taken as independent: pi-hat(q, s) = sum_g n_g(q) c_g(s) / (|g| N).
Eigen::VectorXd estimateFromAnatomy(const Table& table, const std::vector<int>& qiAttributes, int sensitiveAttribute,
                                    const AnatomyRelease& release);

} // namespace rr
