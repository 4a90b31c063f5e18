#include "core/analysis/ReidentificationStep.h"

#include "core/data/Errors.h"

#include <cmath>
#include <cstdint>

namespace rr {

ReidentificationStep reidentificationStep(const PreparedAnalysis& a, const std::vector<DistortionMatrix>& axes,
                                          const ReidentificationRequest& request)
{
    const int qis = a.sensitiveAxis();
    std::vector<int> qiAxes(static_cast<std::size_t>(qis));
    for (int i = 0; i < qis; ++i)
        qiAxes[static_cast<std::size_t>(i)] = i;
    const std::vector<DistortionMatrix> qi(axes.begin(), axes.begin() + qis);
    ReidentificationStep out;
    try {
        out.risk = reidentificationRisk(a.joint.marginal(qiAxes), qi, request);
    } catch (const InputError& e) {
        out.unavailable = e.what();
    }
    return out;
}

nlohmann::ordered_json reidentificationSummaryJson(const ReidentificationSummary& s)
{
    nlohmann::ordered_json j;
    j["max"] = s.max;
    j["mean"] = s.mean;
    j["above_threshold"] = s.aboveThreshold;
    // A count: written as an integer (it always is one).
    j["sample_uniques"] = static_cast<std::uint64_t>(std::llround(s.sampleUniques));
    j["histogram"] = s.histogram;
    return j;
}

nlohmann::ordered_json reidentificationJson(const ReidentificationRisk& r)
{
    nlohmann::ordered_json j;
    j["original"] = reidentificationSummaryJson(r.original);
    j["randomized"] = reidentificationSummaryJson(r.randomized);
    j["threshold"] = r.threshold;
    return j;
}

} // namespace rr
