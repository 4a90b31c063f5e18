#pragma once
// The risk surface of an analysis as its view shows it (003 Fig. 5.2 for any two attributes): the grid,
// the point it was computed at, the axes' names and the record it follows (or max risk).
#include "core/analysis/PreparedAnalysis.h"
#include "core/risk/RiskSurface.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rr {

struct SurfaceFrame {
    RiskSurface surface;
    std::vector<double> p; // the parameters it was computed at (current point)
    std::string xName, yName;
    std::optional<Eigen::Index> cell; // selected record, or max risk
    std::string cellLabel;            // "Bachelors, Male, ..." of the selected record
    double seconds = 0;               // wall time of the grid
};

struct SurfaceRequest {
    int x = 0, y = 1;                 // joint axes varied along x and y
    std::optional<Eigen::Index> cell; // risk of this joint cell; max over records when empty
    int steps = kSurfaceSteps;
    int threads = 1; // the grid's lines split between threads (same numbers)
};

// `model`: the caller's copy of analysis.model (scratch). `progress(rowsDone, rows)` after each row;
// returning false cancels (then `surface.complete` is false).
SurfaceFrame computeSurfaceFrame(const PreparedAnalysis& analysis, DisclosureRiskModel& model,
                                 const std::vector<double>& p, const SurfaceRequest& request,
                                 const std::function<bool(int, int)>& progress = {});

} // namespace rr
