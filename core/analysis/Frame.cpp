#include "core/analysis/Frame.h"

#include "core/data/Errors.h"
#include "core/estimation/Reconstruction.h"

namespace rr {

Frame computeFrame(const PreparedAnalysis& a, DisclosureRiskModel& model, const FrameRequest& r)
{
    if (static_cast<int>(r.p.size()) != a.axisCount())
        throw InputError("one retention probability per analysed attribute is needed");
    Frame out;
    out.generation = r.generation;
    out.p = r.p;
    const Eigen::VectorXd& risk = model.evaluate(a.qiMatrices(r.p), a.sensitiveMatrix(r.p)); // 003 eq. 5.6
    out.risk = riskProfile(a, risk, r.risk);
    out.maxRisk = out.risk.summary.maxRisk;
    const auto all = a.matrices(r.p);
    out.traceCovariance = expectedSquaredError(all, a.model.pi(), a.records); // 003 Lemma 4
    out.objective = utilityObjective(all);                                    // 003 eq. 5.18
    out.utility = r.metric == UtilityMetric::TraceCovariance ? out.traceCovariance
                  : r.metric == UtilityMetric::Objective     ? out.objective
                                                             : utilityLoss(a, r.p, r.metric, r.distribution.seed);
    out.distribution = estimateDistribution(a, r.p, r.distribution);
    out.intervals = sweepIntervals(a, r.p, r.intervals);
    return out;
}

} // namespace rr
