#include "core/analysis/SurfaceFrame.h"

#include <chrono>

namespace rr {

SurfaceFrame computeSurfaceFrame(const PreparedAnalysis& analysis, DisclosureRiskModel& model,
                                 const std::vector<double>& p, const SurfaceRequest& request,
                                 const std::function<bool(int, int)>& progress)
{
    RiskSurfaceOptions options;
    options.xAttribute = request.x;
    options.yAttribute = request.y;
    options.steps = request.steps;
    options.cell = request.cell;
    options.threads = request.threads;
    const auto start = std::chrono::steady_clock::now();
    SurfaceFrame out;
    out.surface = computeRiskSurface(model, p, options, progress);
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out.p = p;
    out.xName = analysis.names[static_cast<std::size_t>(request.x)];
    out.yName = analysis.names[static_cast<std::size_t>(request.y)];
    out.cell = request.cell;
    if (request.cell) {
        const auto values = analysis.cellValues(static_cast<std::size_t>(*request.cell));
        for (std::size_t k = 0; k < values.size(); ++k)
            out.cellLabel += (k ? ", " : "") + values[k];
    }
    return out;
}

} // namespace rr
