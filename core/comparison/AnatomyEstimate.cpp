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

} // namespace rr
