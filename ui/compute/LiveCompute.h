#pragma once
#include "ui/compute/LiveResult.h"
#include "ui/compute/PreparedAnalysis.h"

namespace rr::ui {

// Everything views 1, 2 and 4 need for one parameter vector.
struct LiveRequest {
    std::uint64_t generation = 0;
    std::vector<double> p; // effective p, one per axis (QIs, then S)
    double tau = 1.0 / 3.0;
    UtilityMetric metric = UtilityMetric::TraceCovariance;
    // distribution view
    std::vector<int> distributionAxes{0};
    std::uint64_t seed = 1;
    double alpha = 0.05;
    IntervalKind kind = IntervalKind::Normal;
    int maxBars = 24;
    // risk view
    int histogramBins = 40;
    int riskiestCount = 100;
    // intervals view
    std::vector<int> intervalAxes{0};
    std::size_t intervalCell = 0;
    int intervalVaryAxis = 0; // a joint axis among intervalAxes
    int intervalSteps = 80;
};

// Computes the live views' numbers. `model` is a copy of analysis.model owned by the caller's
// thread (its buffers are reused: no allocation in the risk pass). Throws InputError on a bad request.
LiveResult computeLive(const PreparedAnalysis& analysis, DisclosureRiskModel& model, const LiveRequest& request);

DistributionData computeDistribution(const PreparedAnalysis& analysis, const LiveRequest& request);
RiskData computeRiskData(const PreparedAnalysis& analysis, const Eigen::VectorXd& risk, const LiveRequest& request);
IntervalsData computeIntervals(const PreparedAnalysis& analysis, const LiveRequest& request);

} // namespace rr::ui
