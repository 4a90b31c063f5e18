#pragma once
// Everything the live views show for one parameter vector, computed in one call: the risk profile,
// the reconstructed distribution, the intervals against p, the utility numbers and the re-identification risk.
#include "core/analysis/DistributionEstimate.h"
#include "core/analysis/IntervalSweep.h"
#include "core/analysis/PreparedAnalysis.h"
#include "core/analysis/ReidentificationStep.h"
#include "core/analysis/RiskProfile.h"
#include "core/analysis/SeveralSensitive.h"
#include "core/analysis/UtilityLoss.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace rr {

struct FrameRequest {
    std::uint64_t generation = 0;
    std::vector<double> p; // effective p, one per axis (QIs, then S)
    UtilityMetric metric = UtilityMetric::TraceCovariance;
    RiskProfileRequest risk;
    DistributionRequest distribution;
    IntervalSweepRequest intervals;
    // Re-identification risk over the QIs (issue 22): computed when set, with its threshold.
    std::optional<double> reidentificationThreshold = kDefaultReidentificationThreshold;
    // Left for the end of a slider drag (the GUI): not computed, and the frame says so (issue 25: the
    // re-identification risk takes tens of milliseconds, more than a live frame may).
    bool reidentificationDeferred = false;
    // Raised by another thread when a newer request supersedes this one (the GUI's live engine): the
    // frame stops between its named steps with Cancelled. Null: the frame always runs to the end.
    const std::atomic<bool>* cancel = nullptr;
    // Several sensitive attributes (issue 22): each one's risk at severalP (one p per attribute of several->all).
    std::shared_ptr<const SeveralSensitiveAnalysis> several;
    std::vector<double> severalP;
};

struct Frame {
    std::uint64_t generation = 0;
    std::vector<double> p; // the parameters these numbers are for
    double maxRisk = 0; // the largest risk of a record: with several sensitive attributes, over all of them
    double utility = 0;         // the request's metric at p
    double traceCovariance = 0; // E||pi-hat - pi||^2 (003 Lemma 4)
    double objective = 0;       // prod_i ||P_i^-1||_F^2 (003 eq. 5.18)
    RiskProfile risk;
    DistributionEstimate distribution;
    IntervalSweep intervals;
    ReidentificationStep reidentification; // empty risk when not asked for or refused (with the reason)
    bool reidentificationDeferred = false; // not computed: a later frame brings it
    std::optional<SeveralSensitiveRisk> several; // when the request names several sensitive attributes
};

// `model`: a copy of analysis.model owned by the caller's thread (its scratch buffers are reused:
// no allocation in the risk pass). The Warner matrices of request.p are built once (analysis.matrices)
// and handed to every step: risk, utility, distribution, intervals. Throws InputError on a bad request,
// Cancelled (core/data/Errors.h) when request.cancel is raised before a step.
Frame computeFrame(const PreparedAnalysis& analysis, DisclosureRiskModel& model, const FrameRequest& request);

} // namespace rr
