#pragma once
// View choices (attribute names, cell values) resolved against a prepared analysis (axes, indices).
#include "ui/compute/LiveCompute.h"
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

// Index of a cell of the marginal over `axes` from its values (-1 if a value is unknown).
long long cellIndexOf(const PreparedAnalysis& analysis, const std::vector<int>& axes,
                      const std::vector<std::string>& values);
// The values of a marginal cell.
std::vector<std::string> cellValuesOf(const PreparedAnalysis& analysis, const std::vector<int>& axes, std::size_t cell);

// p per axis as the views use it: the stored p clamped into (1/d, 1]; 1 outside the mode.
std::vector<double> effectiveRetentions(const PreparedAnalysis& analysis, const AnalysisState& state);

// The live request for the current state.
LiveRequest buildLiveRequest(const PreparedAnalysis& analysis, const AnalysisState& state, std::uint64_t generation);

} // namespace rr::ui
