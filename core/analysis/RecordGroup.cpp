#include "core/analysis/RecordGroup.h"

#include "core/data/Errors.h"

namespace rr {

RecordGroup recordGroup(const PreparedAnalysis& a, DisclosureRiskModel& model, const std::vector<double>& p,
                        Eigen::Index cell)
{
    const auto& counts = a.joint.counts();
    if (cell < 0 || cell >= counts.size())
        throw InputError("record group: cell " + std::to_string(cell) + " is outside the table's " +
                         std::to_string(counts.size()) + " cells");
    const Eigen::VectorXd& risk = cellRisk(model, a.matrices(p)); // 003 eq. 5.6
    const auto s = static_cast<std::size_t>(a.sensitiveAxis());
    const auto d = static_cast<Eigen::Index>(a.dims[s]);
    const Eigen::Index first = cell - cell % d; // S is the last (fastest) axis: the group is contiguous
    RecordGroup g;
    g.qiNames.assign(a.names.begin(), a.names.end() - 1);
    g.qiValues = a.cellValues(static_cast<std::size_t>(cell));
    g.qiValues.pop_back();
    g.sensitiveName = a.names[s];
    g.records = counts.segment(first, d).sum();
    g.selected = static_cast<int>(cell - first);
    for (Eigen::Index k = 0; k < d; ++k) {
        GroupCell c;
        c.sensitiveValue = a.categories[s][static_cast<std::size_t>(k)];
        c.records = counts[first + k];
        c.share = g.records > 0 ? c.records / g.records : 0.0;
        c.risk = risk[first + k];
        if (c.records <= 0) {
            c.defined = false;
            c.risk = 0;
            c.reason = "no record has these values";
        }
        g.cells.push_back(std::move(c));
    }
    return g;
}

} // namespace rr
