#include "core/risk/RiskSurface.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>

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

namespace {

// The request's retentions, attributes and cell must be the model's.
void checkSurfaceAxes(DisclosureRiskModel& model, const std::vector<double>& p, const RiskSurfaceOptions& options)
{
    const int axes = static_cast<int>(model.dims().size());
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
}

// Line k of grid points: the outer attribute's p fixed at its k-th grid value, the inner one's along its grid.
void riskLine(DisclosureRiskModel& m, std::vector<double>& at, int k, bool columns, const RiskSurfaceOptions& options,
              RiskSurface& out)
{
    const int ax = options.xAttribute, ay = options.yAttribute;
    const int outer = columns ? ax : ay, inner = columns ? ay : ax;
    const std::vector<double>& outerGrid = columns ? out.px : out.py;
    const std::vector<double>& innerGrid = columns ? out.py : out.px;
    at[static_cast<std::size_t>(outer)] = outerGrid[static_cast<std::size_t>(k)];
    for (int j = 0; j < options.steps; ++j) {
        at[static_cast<std::size_t>(inner)] = innerGrid[static_cast<std::size_t>(j)];
        // 003 eq. 5.6 at this grid point (Warner matrices built in place, no allocation)
        const double r = options.cell ? m.evaluateWarner(at)[*options.cell] : m.maxRiskWarner(at);
        (columns ? out.risk(j, k) : out.risk(k, j)) = r;
    }
}

// Every line: a second thread takes the second half with its own copy of the model (its scratch); an
// exception on either side stops the other, is kept, and is thrown once both have stopped. False when
// `progress` cancelled.
bool computeLines(DisclosureRiskModel& model, const std::vector<double>& p, const RiskSurfaceOptions& options,
                  const std::function<bool(int, int)>& progress, bool columns, RiskSurface& out)
{
    const int lines = options.steps;
    std::atomic<bool> stop{false};
    const int split = options.threads > 1 ? (lines + 1) / 2 : lines;
    std::exception_ptr helperError;
    std::thread helper;
    if (split < lines)
        helper = std::thread([&, model2 = model]() mutable {
            try {
                std::vector<double> at = p;
                for (int k = split; k < lines && !stop.load(std::memory_order_relaxed); ++k)
                    riskLine(model2, at, k, columns, options, out);
            } catch (...) {
                helperError = std::current_exception();
                stop = true;
            }
        });
    bool cancelled = false;
    try {
        std::vector<double> at = p;
        for (int k = 0; k < split && !stop.load(std::memory_order_relaxed); ++k) {
            riskLine(model, at, k, columns, options, out);
            if (progress && !progress(split < lines ? std::min(lines, 2 * (k + 1)) : k + 1, lines)) {
                cancelled = true;
                break;
            }
        }
    } catch (...) {
        stop = true;
        if (helper.joinable())
            helper.join();
        throw;
    }
    stop = stop || cancelled;
    if (helper.joinable())
        helper.join();
    if (helperError)
        std::rethrow_exception(helperError);
    return !cancelled;
}

} // namespace

RiskSurface computeRiskSurface(DisclosureRiskModel& model, const std::vector<double>& p,
                               const RiskSurfaceOptions& options, const std::function<bool(int, int)>& progress)
{
    checkSurfaceAxes(model, p, options);
    const auto& dims = model.dims();
    const int axes = static_cast<int>(dims.size());
    const int ax = options.xAttribute, ay = options.yAttribute;

    RiskSurface out;
    out.xAttribute = ax;
    out.yAttribute = ay;
    out.px = retentionGrid(dims[ax], options.steps);
    out.py = retentionGrid(dims[ay], options.steps);
    out.risk = Eigen::MatrixXd::Zero(options.steps, options.steps);

    for (double v : p)
        if (!(v >= 0.0 && v <= 1.0))
            throw InputError("risk surface: a retention probability must lie in [0, 1]");
    // A line of grid points keeps the sensitive attribute's p (when it is an axis, it is the lines' outer
    // one): each point after the first then reuses the rows' bounds of the pass before (DisclosureRiskModel),
    // and only Pr(QI -> QI) is new.
    const int last = axes - 1;
    const bool columns = ax == last; // lines along y
    if (!computeLines(model, p, options, progress, columns, out))
        return out;
    out.complete = true;
    return out;
}

} // namespace rr
