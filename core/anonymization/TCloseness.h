#pragma once
#include "core/anonymization/EarthMoversDistance.h"
#include "core/anonymization/PrivacyModel.h"
#include "core/contingency/ContingencyTable.h"

#include <optional>
#include <vector>

namespace rr {

// t-closeness (Li, Li and Venkatasubramanian 2007, Def. 2): a class is t-close when the earth mover's
// distance between its sensitive distribution and that of the whole table is at most t. The whole table's
// distribution is fixed at construction: suppressed records still count in it (as ARX does).
// Monotone without suppression (Li et al. 2007, Sec. 4.3: the EMD is convex in the class's distribution,
// and a merged class's distribution is a mixture of its parts'), not with suppression: a failing part
// merged into a passing class can make the whole class fail.
class TCloseness : public PrivacyModel {
public:
    // 0 < t <= 1; `overall` sums to 1; Hierarchical needs `sensitive` (S's hierarchy bound to S's categories).
    TCloseness(double t, GroundDistance distance, std::vector<double> overall,
               std::optional<AttributeGeneralization> sensitive = std::nullopt);
    std::string name() const override;
    bool isAnonymous(const EquivalenceClass& c) const override;
    bool monotoneWithSuppression() const override { return false; }

    // The EMD between the class's sensitive distribution and the whole table's (0 for an empty class).
    double distance(const EquivalenceClass& c) const;

private:
    double m_t;
    GroundDistance m_distance;
    std::vector<double> m_overall;
    std::optional<AttributeGeneralization> m_sensitive;
};

// The distribution of S (the last axis) over the whole table.
std::vector<double> sensitiveDistribution(const ContingencyTable& joint);

// S's hierarchy for the hierarchical distance, from a folder of ARX hierarchy files (findHierarchyFile's
// naming), bound to S's categories. InputError naming the attribute and the folder when there is none.
AttributeGeneralization sensitiveHierarchyFrom(const std::string& folder, const Attribute& sensitive);

} // namespace rr
