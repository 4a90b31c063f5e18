#include "core/estimation/Intervals.h"

#include "core/data/Errors.h"

#include <boost/math/distributions/normal.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace rr {

namespace {

void checkAlpha(double alpha)
{
    if (!(alpha > 0.0 && alpha < 1.0)) {
        std::ostringstream os;
        os << "the significance level alpha is " << alpha << "; it must lie strictly between 0 and 1 (e.g. 0.05 "
           << "for a 95% interval)";
        throw InputError(os.str());
    }
}

} // namespace

double normalCriticalValue(double alpha)
{
    checkAlpha(alpha);
    // z_{alpha/2}: the upper alpha/2 quantile of N(0, 1)
    return boost::math::quantile(boost::math::complement(boost::math::normal_distribution<double>(), alpha / 2.0));
}

double chebyshevCriticalValue(double alpha)
{
    checkAlpha(alpha);
    // Chebyshev: Pr(|X - mu| >= k sd) <= 1/k^2 = alpha
    return 1.0 / std::sqrt(alpha);
}

Interval interquantileRange(double estimate, double variance, double alpha, IntervalKind kind)
{
    return interquantileRange(estimate, variance, alpha, kind, 0.0, 1.0);
}

CriticalValues criticalValues(double alpha)
{
    return {normalCriticalValue(alpha), chebyshevCriticalValue(alpha)};
}

Interval rangeAround(double estimate, double variance, double critical, double lowest, double highest)
{
    if (!std::isfinite(critical) || critical < 0.0)
        throw InputError("an interval needs a finite, non-negative critical value");
    if (!(lowest <= highest))
        throw InputError("an interval's bounds must satisfy lowest <= highest");
    if (!std::isfinite(estimate))
        throw InputError("an interval needs a finite estimate");
    if (!std::isfinite(variance) || variance < 0.0)
        throw InputError("an interval needs a finite, non-negative variance");
    const double half = critical * std::sqrt(variance);
    // 003 Sec. 3.2 (seed 000): estimate -/+ k sd, clipped to the quantity's own range
    Interval r;
    r.rawLo = estimate - half;
    r.rawHi = estimate + half;
    r.lo = std::clamp(r.rawLo, lowest, highest);
    r.hi = std::clamp(r.rawHi, lowest, highest);
    return r;
}

Interval interquantileRange(double estimate, double variance, double alpha, IntervalKind kind, double lowest,
                            double highest)
{
    const double k = kind == IntervalKind::Normal ? normalCriticalValue(alpha) : chebyshevCriticalValue(alpha);
    return rangeAround(estimate, variance, k, lowest, highest);
}

} // namespace rr
