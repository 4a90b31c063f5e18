#pragma once
#include <Eigen/Core>

namespace rr {

// Interquantile range of an estimate at level 1 - alpha (003 Sec. 3.2, seed 000):
// normal: estimate -/+ z_{alpha/2} sd; Chebyshev: estimate -/+ sd / sqrt(alpha).
// `lo`/`hi` are clipped to the quantity's range ([0, 1] unless given); `rawLo`/`rawHi` are unclipped.
struct Interval {
    double lo = 0, hi = 0;
    double rawLo = 0, rawHi = 0;
};

enum class IntervalKind { Normal, Chebyshev };

// Quantile z_{alpha/2} of the standard normal (Boost.Math). alpha in (0, 1).
double normalCriticalValue(double alpha);
double chebyshevCriticalValue(double alpha);

Interval interquantileRange(double estimate, double variance, double alpha, IntervalKind kind);

// Both critical values of one level, computed once for many ranges.
struct CriticalValues {
    double normal = 0;    // z_{alpha/2}
    double chebyshev = 0; // 1 / sqrt(alpha)
};
CriticalValues criticalValues(double alpha);

// estimate -/+ critical sd clipped to [lowest, highest].
Interval rangeAround(double estimate, double variance, double critical, double lowest, double highest);

// The same range clipped to a measure's own bounds [lowest, highest] instead of [0, 1]
// (e.g. [0, +inf) for chi-square or the odds ratio, [-1, 1] for phi; infinities allowed).
Interval interquantileRange(double estimate, double variance, double alpha, IntervalKind kind, double lowest,
                            double highest);

} // namespace rr
