#pragma once
#include "core/anonymization/Anatomy.h"
#include "core/contingency/ContingencyTable.h"
#include "core/data/Table.h"

#include <Eigen/Core>

#include <cstddef>
#include <string>
#include <vector>

namespace rr {

// Estimate of the original distribution pi over (QI_1, ..., QI_m, S) from an anatomized release
// (003 Sec. 5.3.3): within each group the QI values (from the QIT) and the sensitive values (from
// the ST) are taken as independent: pi-hat(q, s) = sum_g n_g(q) c_g(s) / (|g| N).
Eigen::VectorXd estimateFromAnatomy(const Table& table, const std::vector<int>& qiAttributes, int sensitiveAttribute,
                                    const AnatomyRelease& release);

// Anatomy's groups planned from the joint counts over (QI_1, ..., QI_m, S) of the records (S last): the sizes of
// the sensitive buckets are its marginal. `name` and `categories` name S in messages (planAnatomy).
AnatomyPlan planAnatomyFromCounts(const ContingencyTable& joint, int l, const std::string& name,
                                  const std::vector<std::string>& categories);

// The same estimate built record by record in table order, for records that stream past: the k-th record with
// sensitive value v joins group plan.groupOfRank[v][k]. Holds only the estimate and one rank per value.
class AnatomyEstimator {
public:
    // `qiCells` is the product of the QI domains; `records` is N (every record of the plan).
    AnatomyEstimator(const AnatomyPlan& plan, std::size_t qiCells, double records);
    // Places the next record (QI cell `qiCell`, sensitive code `s`) and returns its group (0-based). InputError
    // when the plan holds fewer records of `s` (the records changed since they were counted).
    int add(std::size_t qiCell, int s);
    const Eigen::VectorXd& estimate() const { return m_estimate; }

private:
    const AnatomyPlan& m_plan;
    std::size_t m_ds;
    double m_records;
    std::vector<std::size_t> m_rank;
    Eigen::VectorXd m_estimate;
};

} // namespace rr
