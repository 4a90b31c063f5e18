#include "core/optimization/TradeOff.h"

#include "core/data/Errors.h"

namespace rr {

std::vector<TradeOffPoint> computeTradeOff(DisclosureRiskModel& model, const TradeOffOptions& options,
                                           const UtilityLossFunction& utilityLoss,
                                           const std::function<bool(int, int)>& progress)
{
    if (options.lMin < 2)
        throw InputError("the trade-off curve starts at l >= 2 (l = 1 means no protection)");
    if (options.lMax < options.lMin)
        throw InputError("the trade-off curve needs lMax >= lMin");
    if (options.lMax - options.lMin >= kMaxTradeOffPoints)
        throw InputError("the trade-off curve spans at most " + std::to_string(kMaxTradeOffPoints) +
                         " values of l, got l = " + std::to_string(options.lMin) + ".." + std::to_string(options.lMax));
    const int total = static_cast<int>(options.modes.size()) * (options.lMax - options.lMin + 1);
    std::vector<TradeOffPoint> points;
    points.reserve(static_cast<std::size_t>(total));
    int done = 0;
    for (RandomizationMode mode : options.modes) {
        std::vector<double> warm; // the optimum's direction at the previous l: tried first at the next
        for (int l = options.lMin; l <= options.lMax; ++l) {
            OptimizationOptions o;
            o.mode = mode;
            o.tau = 1.0 / l;
            o.starts = options.starts;
            o.warmDirection = warm;
            const OptimizationResult r = optimizeParameters(model, o);
            if (r.feasible && !r.direction.empty())
                warm = r.direction;
            TradeOffPoint pt;
            pt.mode = mode;
            pt.l = l;
            pt.tau = o.tau;
            pt.feasible = r.feasible;
            pt.p = r.p;
            pt.maxRisk = r.maxRisk;
            pt.objective = r.objective;
            pt.reason = r.reason;
            pt.blockingRecords = r.blockingRecords;
            pt.lowestMaxRisk = r.lowestMaxRisk;
            pt.evaluations = r.evaluations;
            if (r.feasible && utilityLoss)
                pt.utilityLoss = utilityLoss(r.p);
            points.push_back(std::move(pt));
            ++done;
            if (progress && !progress(done, total))
                return points;
        }
    }
    return points;
}

} // namespace rr
