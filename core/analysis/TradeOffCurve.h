#pragma once
// The trade-off curves of an analysis: the optimal point of every mode at l = 2..lMax with the
// chosen utility loss (003 Problem 1 across tau).
#include "core/analysis/PreparedAnalysis.h"
#include "core/analysis/UtilityLoss.h"
#include "core/optimization/TradeOff.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace rr {

struct TradeOffCurve {
    std::vector<TradeOffPoint> points;
    UtilityMetric metric = UtilityMetric::TraceCovariance;
    int lMax = 6;
    bool complete = true; // false when cancelled
};

// `model`: the caller's copy of analysis.model. `progress(done, total)` after each optimization;
// returning false stops (complete = false, points so far kept).
TradeOffCurve computeTradeOffCurve(const PreparedAnalysis& analysis, DisclosureRiskModel& model, UtilityMetric metric,
                                   int lMax, std::uint64_t seed, const std::function<bool(int, int)>& progress = {});

} // namespace rr
