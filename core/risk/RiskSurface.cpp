#include "core/risk/RiskSurface.h"

#include "core/data/Errors.h"

#include <string>

namespace rr {

std::vector<double> retentionGrid(int d, int steps)
{
    if (d < 2)
        throw InputError("a retention grid needs a domain of at least 2 categories");
    if (steps < 2)
        throw InputError("a retention grid needs at least 2 steps");
    std::vector<double> grid(static_cast<std::size_t>(steps));
    const double lo = 1.0 / d;
    for (int k = 0; k < steps; ++k)
        grid[static_cast<std::size_t>(k)] = lo + (1.0 - lo) * k / (steps - 1);
    grid.back() = 1.0;
    return grid;
}

RiskSurface computeRiskSurface(DisclosureRiskModel& model, const std::vector<double>& p,
                               const RiskSurfaceOptions& options, const std::function<bool(int, int)>& progress)
{
    const auto& dims = model.dims();
    const int axes = static_cast<int>(dims.size());
    if (static_cast<int>(p.size()) != axes)
        throw InputError("risk surface: " + std::to_string(p.size()) + " retention probabilities for " +
                         std::to_string(axes) + " attributes");
    const int ax = options.xAttribute, ay = options.yAttribute;
    if (ax < 0 || ax >= axes || ay < 0 || ay >= axes)
        throw InputError("risk surface: attribute axis out of range");
    if (ax == ay)
        throw InputError("risk surface: choose two different attributes");
    if (options.cell && (*options.cell < 0 || *options.cell >= model.pi().size()))
        throw InputError("risk surface: cell index out of range");

    RiskSurface out;
    out.xAttribute = ax;
    out.yAttribute = ay;
    out.px = retentionGrid(dims[ax], options.steps);
    out.py = retentionGrid(dims[ay], options.steps);
    out.risk = Eigen::MatrixXd::Zero(options.steps, options.steps);

    for (double v : p)
        if (!(v >= 0.0 && v <= 1.0))
            throw InputError("risk surface: a retention probability must lie in [0, 1]");
    std::vector<double> at = p;
    for (int iy = 0; iy < options.steps; ++iy) {
        at[static_cast<std::size_t>(ay)] = out.py[static_cast<std::size_t>(iy)];
        for (int ix = 0; ix < options.steps; ++ix) {
            at[static_cast<std::size_t>(ax)] = out.px[static_cast<std::size_t>(ix)];
            // 003 eq. 5.6 at this grid point (Warner matrices built in place, no allocation)
            out.risk(iy, ix) = options.cell ? model.evaluateWarner(at)[*options.cell] : model.maxRiskWarner(at);
        }
        if (progress && !progress(iy + 1, options.steps))
            return out;
    }
    out.complete = true;
    return out;
}

} // namespace rr
