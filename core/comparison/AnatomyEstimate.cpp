#include "core/comparison/AnatomyEstimate.h"

#include "core/anonymization/Generalization.h"
#include "core/data/Errors.h"

namespace rr {

Eigen::VectorXd estimateFromAnatomy(const Table& table, const std::vector<int>& qiAttributes, int sensitiveAttribute,
                                    const AnatomyRelease& release)
{
    if (release.groupOfRow.size() != table.rowCount())
        throw InputError("the anatomy release does not belong to this table");
    const int ds = table.attributes.at(sensitiveAttribute).domainSize();
    std::size_t qiCells = 1;
    for (int a : qiAttributes)
        qiCells *= static_cast<std::size_t>(table.attributes.at(a).domainSize());
    Eigen::VectorXd est = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(qiCells * ds));
    const double n = static_cast<double>(table.rowCount());
    if (n <= 0)
        return est;
    for (std::size_t r = 0; r < table.rowCount(); ++r) {
        const int g = release.groupOfRow[r];
        if (g < 0)
            continue;
        const std::size_t q = qiCellOfRow(table, qiAttributes, r);
        const double share = 1.0 / (release.groupSize[g] * n);
        for (const auto& [s, count] : release.sensitive[g])
            est[static_cast<Eigen::Index>(q * ds + s)] += count * share;
    }
    return est;
}

AnatomyPlan planAnatomyFromCounts(const ContingencyTable& joint, int l, const std::string& name,
                                  const std::vector<std::string>& categories)
{
    const auto ds = static_cast<std::size_t>(joint.dims().back());
    const Eigen::VectorXd& counts = joint.counts();
    std::vector<std::size_t> sizes(ds, 0);
    for (Eigen::Index cell = 0; cell < counts.size(); ++cell)
        sizes[static_cast<std::size_t>(cell) % ds] += static_cast<std::size_t>(counts[cell]);
    return planAnatomy(sizes, l, name, categories);
}

AnatomyEstimator::AnatomyEstimator(const AnatomyPlan& plan, std::size_t qiCells, double records)
    : m_plan(plan), m_ds(plan.groupOfRank.size()), m_records(records), m_rank(m_ds, 0),
      m_estimate(Eigen::VectorXd::Zero(static_cast<Eigen::Index>(qiCells * m_ds)))
{}

// 003 Sec. 5.3.3: the record adds 1 / (|g| N) to (q, s') for each of its group's sensitive values s'.
int AnatomyEstimator::add(std::size_t qiCell, int s)
{
    const auto v = static_cast<std::size_t>(s);
    if (s < 0 || v >= m_ds || m_rank[v] >= m_plan.groupOfRank[v].size() ||
        static_cast<Eigen::Index>((qiCell + 1) * m_ds) > m_estimate.size())
        throw InputError("anatomy: the records changed while they were read (more records with sensitive code " +
                         std::to_string(s) + " than were counted)");
    const int g = m_plan.groupOfRank[v][m_rank[v]++];
    const auto group = static_cast<std::size_t>(g);
    const double share = 1.0 / (m_plan.groupSize(group) * m_records);
    const std::size_t l = static_cast<std::size_t>(m_plan.l);
    double* row = m_estimate.data() + qiCell * m_ds;
    for (std::size_t k = group * l; k < group * l + l; ++k)
        row[static_cast<std::size_t>(m_plan.values[k])] += share;
    if (const auto r = m_plan.residue.find(group); r != m_plan.residue.end())
        for (const int sv : r->second)
            row[static_cast<std::size_t>(sv)] += share;
    return g;
}

} // namespace rr
