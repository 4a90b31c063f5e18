#pragma once
// Several sensitive attributes, each with what an attacker may know besides the quasi-identifiers (issue 22;
// 003 Sec. 5.4 and 6.2 name both as future work). A doctor who knows a diagnosis and targets income: the
// diagnosis acts as a quasi-identifier for income. The risk of sensitive attribute S_j is 003 eq. 5.6-5.8 over
// the table of its known attributes (the QIs and K_j) and itself; a record's risk is the largest over the S_j,
// and the attribute that sets it is reported. Every table is a marginal of one table over all the attributes
// named, so each S_j judges the same records.
#include "core/analysis/AnalysisMemory.h"
#include "core/analysis/AnalysisSpec.h"
#include "core/datasource/DataSource.h"
#include "core/analysis/PreparedAnalysis.h"
#include "core/risk/DisclosureRisk.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace rr {

struct SeveralSensitiveSpec {
    std::vector<std::string> quasiIdentifiers;
    std::vector<SensitiveTarget> targets;
    MissingPolicy policy = MissingPolicy::DropIfUsedMissing;

    // Every attribute named, once: the QIs, then each target's known attributes and the target.
    std::vector<std::string> attributes() const;
};

// The roles of the views (AnalysisSpec's S first, then its further sensitive attributes) as targets.
SeveralSensitiveSpec severalSensitiveSpec(const AnalysisSpec& spec);

struct SeveralSensitiveAnalysis {
    SeveralSensitiveSpec spec;
    PreparedTable all; // over spec.attributes(), the records the policy keeps for all of them
    // Per target: its table (QIs, its known attributes, then the target) and that table's axes in `all`.
    std::vector<std::shared_ptr<const PreparedAnalysis>> perTarget;
    std::vector<std::vector<int>> axesOf;
};

// Checks the roles and the memory the table of every attribute needs (from the source's summary, before counting:
// core/analysis/AnalysisMemory.h), then counts once. InputError for: no target, a target named twice, a target
// that is a QI or among its own known attributes, a known attribute named twice, an unknown attribute (the
// source's message), a table over the budget (the figure).
SeveralSensitiveAnalysis prepareSeveralSensitive(const DataSource& source, const SeveralSensitiveSpec& spec,
                                                 const ProgressFunction& progress = {},
                                                 std::size_t memoryBudget = kDefaultAnalysisBudget);

// Per attribute of analysis.all, whether the mode randomizes it: RR-S the sensitive attributes, RR-QI every other
// (the QIs and what attackers know), RR-Both all.
std::vector<char> randomizedInMode(const SeveralSensitiveAnalysis& analysis, RandomizationMode mode);
// One p per attribute of analysis.all as the front ends offer it: the stored p of each attribute the mode
// randomizes, clamped into (1/d, 1] (core/analysis/Retention.h); 1 for the others.
std::vector<double> retentionsInMode(const SeveralSensitiveAnalysis& analysis, RandomizationMode mode,
                                     const std::map<std::string, double>& stored);

struct SeveralSensitiveRisk {
    std::vector<RiskSummary> perTarget; // each target's own summary over its table (003 eq. 5.6-5.8)
    RiskSummary overall;                // over `all`: each record's largest risk; worstCell indexes all.joint
    std::vector<double> recordsSetBy;   // per target: records whose largest risk is this target's (ties: first)
};

// `p`: one retention per attribute of `all` (spec.attributes() order), Warner matrices. tau <= 0: not given.
SeveralSensitiveRisk severalSensitiveRisk(const SeveralSensitiveAnalysis& analysis, const std::vector<double>& p,
                                          double tau = 0, int threads = 1);

} // namespace rr
