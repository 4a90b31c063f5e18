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

// The choices as the views show them for `analysis`: the surface axes by the names drawn, and the
// selected record (and the record target) dropped when it is not a record of this analysis (other roles,
// another file). Sessions then store what is shown, and the surface's selector matches its title.
ViewChoices shownChoices(const PreparedAnalysis& analysis, const ViewChoices& view);

// The p a session keeps: those of the attributes in a role (QIs, the sensitive ones, what attackers know).
std::map<std::string, double> retentionsInUse(const AnalysisSpec& spec, const std::map<std::string, double>& p);

// p per axis as the views use it: the stored p clamped into (1/d, 1]; 1 outside the mode.
std::vector<double> effectiveRetentions(const PreparedAnalysis& analysis, const AnalysisState& state);

// The frame request for the current state.
FrameRequest buildFrameRequest(const PreparedAnalysis& analysis, const AnalysisState& state, std::uint64_t generation);

} // namespace rr::ui
