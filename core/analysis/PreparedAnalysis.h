#pragma once
// A prepared table whose axes have roles: the quasi-identifiers, then the sensitive attribute (last),
// with the disclosure-risk model built once. Every front end (GUI workers, CLI commands) starts here.
#include "core/analysis/AnalysisMemory.h"
#include "core/analysis/AnalysisSpec.h"
#include "core/analysis/DataSource.h"
#include "core/analysis/PreparedTable.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/risk/DisclosureRisk.h"

#include <memory>
#include <vector>

namespace rr {

struct PreparedAnalysis : PreparedTable {
    PreparedAnalysis(PreparedTable table, AnalysisSpec spec);

    AnalysisSpec spec;
    // Read-only once built; a worker copies it to get its own scratch buffers (the tables stay shared).
    DisclosureRiskModel model;

    int sensitiveAxis() const { return axisCount() - 1; }
    // Warner matrices for one p per axis (003 eq. 5.2).
    std::vector<DistortionMatrix> matrices(const std::vector<double>& p) const;
    // The QI matrices and the S matrix separately (the risk model's arguments).
    std::vector<DistortionMatrix> qiMatrices(const std::vector<double>& p) const;
    DistortionMatrix sensitiveMatrix(const std::vector<double>& p) const;
};

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
