#pragma once
// View choices (attribute names, cell values) resolved against a prepared analysis (axes, indices).
#include "core/analysis/Frame.h"
#include "core/analysis/PreparedAnalysis.h"
#include "ui/session/AnalysisState.h"

#include <optional>

namespace rr::ui {

struct ResolvedView {
    std::vector<int> distributionAxes;
    std::vector<int> intervalAxes;
    int intervalVaryAxis = 0;
    std::size_t intervalCell = 0;
    int surfaceX = 0, surfaceY = 1;
    std::optional<Eigen::Index> surfaceCell; // selected record's joint cell, if any
};

ResolvedView resolveView(const PreparedAnalysis& analysis, const ViewChoices& view);

// p per axis as the views use it: the stored p clamped into (1/d, 1]; 1 outside the mode.
std::vector<double> effectiveRetentions(const PreparedAnalysis& analysis, const AnalysisState& state);

// The frame request for the current state.
FrameRequest buildFrameRequest(const PreparedAnalysis& analysis, const AnalysisState& state, std::uint64_t generation);

} // namespace rr::ui
