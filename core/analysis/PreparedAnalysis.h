#pragma once
// A prepared table whose axes have roles: the quasi-identifiers, then the sensitive attribute (last),
// with the disclosure-risk model built once. Every front end (GUI workers, CLI commands) starts here.
#include "core/analysis/AnalysisMemory.h"
#include "core/analysis/AnalysisSpec.h"
#include "core/datasource/DataSource.h"
#include "core/datasource/PreparedTable.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/risk/DisclosureRisk.h"

#include <memory>
#include <vector>

namespace rr {

struct PreparedAnalysis : PreparedTable {
    // keepRunning: asked while the risk model is built (DisclosureRiskModel's); false throws Cancelled.
    PreparedAnalysis(PreparedTable table, AnalysisSpec spec, const std::function<bool()>& keepRunning = {});

    AnalysisSpec spec;
    // Read-only once built; a worker copies it to get its own scratch buffers (the tables stay shared).
    DisclosureRiskModel model;

    int sensitiveAxis() const { return axisCount() - 1; }
    // The Warner matrices of one p per axis, QIs then S (003 eq. 5.2): the one place where a p vector
    // becomes matrices, and the one check of it. Each p must be finite and in (1/d, 1] (1 for an axis of
    // a single category); throws InputError naming the attribute, or the count when p has not one per axis.
    std::vector<DistortionMatrix> matrices(const std::vector<double>& p) const;
};

// Pr(S_r | QI_r) for every cell (003 eq. 5.6) at the matrices of every axis (QIs, then S: matrices(p)),
// in `model`'s buffers.
const Eigen::VectorXd& cellRisk(DisclosureRiskModel& model, const std::vector<DistortionMatrix>& axes);

// Checks the roles, keeps the records the policy keeps and builds the joint table (QIs, then S) and
// the risk model. Throws InputError naming the problem (roles, unknown attribute, no record left,
// a domain too large, an analysis over `memoryBudget` bytes: core/analysis/AnalysisMemory.h).
std::shared_ptr<const PreparedAnalysis> prepareAnalysis(const Table& table, const AnalysisSpec& spec,
                                                        std::size_t memoryBudget = kDefaultAnalysisBudget);
// The same from any data source: the source counts (CSV files stream, databases group by) and the records
// are never held. The memory guard runs on the counted domains before the risk model is built; a front
// end holding the source's summary checks before counting (checkAnalysisMemory(summary, ...)).
std::shared_ptr<const PreparedAnalysis> prepareAnalysis(const DataSource& source, const AnalysisSpec& spec,
                                                        const ProgressFunction& progress = {},
                                                        std::size_t memoryBudget = kDefaultAnalysisBudget);

// Throws InputError naming the first axis with a single category: where every value may be
// randomized (the GUI's sliders), such an attribute cannot be.
void checkRandomizable(const PreparedTable& table);

} // namespace rr
