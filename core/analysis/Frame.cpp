#include "core/analysis/Frame.h"

#include "core/data/Errors.h"
#include "core/estimation/Reconstruction.h"

namespace rr {
namespace {

// Between two steps of a frame: stop if a newer request superseded this one.
void checkCancel(const FrameRequest& r)
{
    if (r.cancel && r.cancel->load(std::memory_order_relaxed))
        throw Cancelled("live frame superseded");
}

} // namespace

Frame computeFrame(const PreparedAnalysis& a, DisclosureRiskModel& model, const FrameRequest& r)
{
    checkCancel(r);
    const std::vector<DistortionMatrix> all = a.matrices(r.p); // built once, passed down to every step
    Frame out;
    out.generation = r.generation;
    out.p = r.p;
    out.reidentificationDeferred = r.reidentificationDeferred && !r.reidentificationThreshold;
    out.risk = riskProfile(a, cellRisk(model, all), r.risk); // 003 eq. 5.6
    out.maxRisk = out.risk.summary.maxRisk;
    checkCancel(r);
    out.traceCovariance = expectedSquaredError(all, a.model.pi(), a.records); // 003 Lemma 4
    out.objective = utilityObjective(all);                                    // 003 eq. 5.18
    out.utility = r.metric == UtilityMetric::TraceCovariance ? out.traceCovariance
                  : r.metric == UtilityMetric::Objective     ? out.objective
                                                             : utilityLoss(a, all, r.metric, r.distribution.seed);
    checkCancel(r);
    out.distribution = estimateDistribution(a, all, r.distribution);
    checkCancel(r);
    out.intervals = sweepIntervals(a, all, r.intervals);
    if (r.several) {
        checkCancel(r);
        out.several = severalSensitiveRisk(*r.several, r.severalP, r.risk.tau); // 003 eq. 5.6-5.8 per attribute
        out.maxRisk = out.several->overall.maxRisk;
    }
    if (r.reidentificationThreshold) {
        checkCancel(r);
        ReidentificationRequest request;
        request.threshold = *r.reidentificationThreshold;
        // Checked between its target cells too: a large QI table may take a while.
        if (r.cancel)
            request.progress = [cancel = r.cancel](double) { return !cancel->load(std::memory_order_relaxed); };
        try {
            out.reidentification = reidentificationStep(a, all, request);
        } catch (const ReidentificationCancelled&) {
            throw Cancelled("live frame superseded");
        }
    }
    return out;
}

} // namespace rr
