#include "core/analysis/TradeOffCurve.h"

namespace rr {

TradeOffCurve computeTradeOffCurve(const PreparedAnalysis& analysis, DisclosureRiskModel& model, UtilityMetric metric,
                                   int lMax, std::uint64_t seed, const std::function<bool(int, int)>& progress)
{
    TradeOffOptions options;
    options.lMin = 2;
    options.lMax = lMax;
    TradeOffCurve curve;
    curve.metric = metric;
    curve.lMax = lMax;
    bool stopped = false;
    curve.points = computeTradeOff(
        model, options,
        [&](const std::vector<double>& p) { return utilityLoss(analysis, analysis.matrices(p), metric, seed); },
        [&](int done, int total) {
            stopped = progress && !progress(done, total);
            return !stopped;
        });
    curve.complete = !stopped;
    return curve;
}

} // namespace rr
