#include "core/comparison/GeneralizationEstimate.h"

#include "core/data/Errors.h"

namespace rr {

Eigen::VectorXd estimateFromGeneralization(const Partition& partition, const NodeAssessment& assessment,
                                           const std::vector<AttributeGeneralization>& qi, int sensitiveDomain)
{
    const std::size_t m = qi.size();
    if (partition.node.size() != m)
        throw InputError("generalization estimate: one hierarchy per quasi-identifier is needed");
    // Original QI cells covered by every generalized class: the product of per-attribute covers.
    std::vector<std::vector<int>> cover(m);
    std::vector<int> dims(m);
    for (std::size_t i = 0; i < m; ++i) {
        cover[i] = qi[i].coverSizes(partition.node[i]);
        dims[i] = static_cast<int>(qi[i].codeAt[0].size());
    }
    std::vector<double> coverOfClass(partition.classes.size(), 1.0);
    double released = 0;
    for (std::size_t c = 0; c < partition.classes.size(); ++c) {
        for (std::size_t i = 0; i < m; ++i)
            coverOfClass[c] *= cover[i][partition.classes[c].key[i]];
        if (c >= assessment.suppressed.size() || !assessment.suppressed[c])
            released += partition.classes[c].size;
    }
    const std::size_t qiCells = partition.classOfQiCell.size();
    Eigen::VectorXd est = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(qiCells * sensitiveDomain));
    if (released <= 0)
        return est;
    for (std::size_t q = 0; q < qiCells; ++q) {
        const int c = partition.classOfQiCell[q];
        if (c < 0 || (static_cast<std::size_t>(c) < assessment.suppressed.size() && assessment.suppressed[c]))
            continue;
        const EquivalenceClass& e = partition.classes[c];
        for (int s = 0; s < sensitiveDomain; ++s)
            est[static_cast<Eigen::Index>(q * sensitiveDomain + s)] = e.sensitive[s] / (released * coverOfClass[c]);
    }
    return est;
}

} // namespace rr
