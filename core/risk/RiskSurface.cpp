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

    std::vector<DistortionMatrix> qi;
    qi.reserve(static_cast<std::size_t>(axes - 1));
    for (int a = 0; a + 1 < axes; ++a)
        qi.push_back(DistortionMatrix::warner(dims[a], p[a]));
    DistortionMatrix s = DistortionMatrix::warner(dims.back(), p.back());

    RiskSurface out;
    out.xAttribute = ax;
    out.yAttribute = ay;
    out.px = retentionGrid(dims[ax], options.steps);
    out.py = retentionGrid(dims[ay], options.steps);
    out.risk = Eigen::MatrixXd::Zero(options.steps, options.steps);

    // One matrix per grid value, built once.
    auto gridMatrices = [&](int axis, const std::vector<double>& values) {
        std::vector<DistortionMatrix> m;
        m.reserve(values.size());
        for (double v : values)
            m.push_back(DistortionMatrix::warner(dims[axis], v));
        return m;
    };
    const auto mx = gridMatrices(ax, out.px);
    const auto my = gridMatrices(ay, out.py);
    auto slot = [&](int axis) -> DistortionMatrix& { return axis + 1 < axes ? qi[axis] : s; };

    for (int iy = 0; iy < options.steps; ++iy) {
        slot(ay) = my[static_cast<std::size_t>(iy)];
        for (int ix = 0; ix < options.steps; ++ix) {
            slot(ax) = mx[static_cast<std::size_t>(ix)];
            out.risk(iy, ix) = options.cell ? model.evaluate(qi, s)[*options.cell] : model.maxRisk(qi, s);
        }
        if (progress && !progress(iy + 1, options.steps))
            return out;
    }
    out.complete = true;
    return out;
}

} // namespace rr
