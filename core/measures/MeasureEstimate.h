#pragma once
#include "core/estimation/Intervals.h"
#include "core/measures/DeltaMethod.h"
#include "core/measures/MeasureValue.h"

#include <Eigen/Core>

#include <optional>
#include <string>

namespace rr {

// One measure (or cell) estimated from a randomized table, as a report or a chart reads it.
struct MeasureEstimate {
    std::string key;       // "phi", "cell_11", "residual_01", ...
    std::string label;     // "Correlation (phi)", ...
    MeasureValue estimate; // the measure at pi-hat = P^-1 lambda-hat (003 eq. 3.3)
    MeasureValue variance; // delta method with the full covariance of pi-hat (003 Sec. 3.3.1, eq. 5.16)
    // (1 - alpha) ranges, clipped to the measure's own range; present when the variance is defined.
    std::optional<Interval> normal;    // estimate -/+ z_{alpha/2} sd (003 Result 1)
    std::optional<Interval> chebyshev; // estimate -/+ sd / sqrt(alpha) (003 Result 3, 000 Sec. 3.2)
    MeasureValue randomized;           // the measure at lambda-hat itself: what an analyst gets without p (003 Ch. 4)
    std::optional<MeasureValue> original; // at the original table, when its owner supplies it
};

// A value, or undefined with the domain's reason (prefixed by `where`, e.g. "randomized table: ").
MeasureValue domainValue(double value, const Domain& domain, const std::string& where = {});

// Adds the ranges for a known variance (nothing when the estimate or the variance is undefined).
void attachRanges(MeasureEstimate& e, const CriticalValues& levels, double lowest, double highest);

// Estimate, delta variance and both ranges from a linearization at pi-hat; `varianceOf(gradient)` gives
// g^T Sigma g and is called only when the gradient exists.
template <class VarianceOf>
MeasureEstimate estimateFrom(std::string key, std::string label, const Linearization& atEstimate,
                             const VarianceOf& varianceOf, const CriticalValues& levels, double lowest, double highest)
{
    MeasureEstimate e;
    e.key = std::move(key);
    e.label = std::move(label);
    e.estimate = domainValue(atEstimate.value, atEstimate.domain);
    if (!e.estimate.defined) // the estimate's own reason (e.g. a negative cell), not a generic one
        e.variance = MeasureValue::undefined(e.estimate.reason);
    else if (!atEstimate.domain.differentiable())
        e.variance = MeasureValue::undefined(atEstimate.domain.unbounded);
    else
        e.variance = MeasureValue::of(varianceOf(atEstimate.gradient));
    attachRanges(e, levels, lowest, highest);
    return e;
}

// The same with a covariance matrix: g^T Sigma g.
inline MeasureEstimate estimateFrom(std::string key, std::string label, const Linearization& atEstimate,
                                    const Eigen::MatrixXd& sigma, const CriticalValues& levels, double lowest,
                                    double highest)
{
    return estimateFrom(
        std::move(key), std::move(label), atEstimate,
        [&sigma](const Eigen::VectorXd& g) { return deltaVariance(g, sigma); }, levels, lowest, highest);
}

} // namespace rr
