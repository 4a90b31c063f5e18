#pragma once
// Re-identification risk (issue 22) as a step of an analysis: over the QI marginal of the prepared table, at
// the QIs' matrices. The CLI's `risk`, release summaries and the live frame call this one place; its JSON is
// the one the CLI prints and release notes carry.
#include "core/analysis/PreparedAnalysis.h"
#include "core/risk/Reidentification.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace rr {

struct ReidentificationStep {
    std::optional<ReidentificationRisk> risk;
    std::string unavailable; // why risk is empty: the direct sum refused for the table's size
};

// `axes`: matrices of every axis (QIs, then S; the S matrix is not used). A size the computation refuses
// (core/risk/Reidentification.h) gives an empty risk with the reason, so the rest of an analysis goes on;
// ReidentificationCancelled when request.progress says stop.
ReidentificationStep reidentificationStep(const PreparedAnalysis& analysis, const std::vector<DistortionMatrix>& axes,
                                          const ReidentificationRequest& request);

// {"max", "mean", "above_threshold", "sample_uniques", "histogram"}: histogram = share of records in the bins
// [0, 0.1), [0.1, 0.2), ..., [0.9, 1]. What the CLI prints and release notes carry.
nlohmann::ordered_json reidentificationSummaryJson(const ReidentificationSummary& summary);
// {"original": {...}, "randomized": {...}, "threshold": T}.
nlohmann::ordered_json reidentificationJson(const ReidentificationRisk& risk);

} // namespace rr
