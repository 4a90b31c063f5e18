#pragma once
// The baselines' releases (003 Sec. 5.3.3) as plans for streamRelease, so that they are written for any number
// of records, in a random record order, with no column in clear that the owner did not ask for: the generalized
// table of a lattice node, and anatomy's QI table (its group computed in source order) and sensitive table.
// The CLI's anonymize and anatomy and the Comparison view's export write them.
#include "core/analysis/AnalysisSpec.h"
#include "core/release/StreamRelease.h"
#include "core/anonymization/Anatomy.h"
#include "core/anonymization/Hierarchy.h"
#include "core/anonymization/LatticeSearch.h"
#include "core/comparison/AnatomyEstimate.h"

#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace rr {

// The generalized release of `result`: the QIs as their hierarchies spell them at the node's levels, S and the
// `keep` columns as they are, every other column dropped; the records of suppressed classes left out.
// `columns`: the source's attributes; `categories`: the analysed attributes' (QIs then S) as they were counted.
// The plan holds what it needs (copies).
ReleasePlan generalizationReleasePlan(const std::vector<std::string>& columns, const AnalysisSpec& spec,
                                      const std::vector<std::vector<std::string>>& categories,
                                      const std::vector<AttributeGeneralization>& qi, const LatticeSearchResult& result,
                                      const std::vector<std::string>& keep);

// Anatomy's QI table: the QI columns (in the roles' order) and "group", a record's group following from its rank
// among the records with its sensitive value, in source order; `estimator` accumulates pi-hat as they pass (it
// refers to `plan`, which the ordered column's function keeps).
struct AnatomyQitRelease {
    ReleasePlan plan;
    std::shared_ptr<AnatomyEstimator> estimator;
};
AnatomyQitRelease anatomyQitReleasePlan(const std::vector<std::string>& columns, const AnalysisSpec& spec,
                                        const std::vector<std::vector<std::string>>& categories,
                                        const std::shared_ptr<const AnatomyPlan>& plan, double records);

// Anatomy's sensitive table as CSV: group, the sensitive value, count (1: a group's values are distinct).
void writeSensitiveTableCsv(std::ostream& out, const AnatomyPlan& plan, const std::string& sensitive,
                            const std::vector<std::string>& categories);

} // namespace rr
