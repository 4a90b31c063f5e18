#include "core/optimization/RetentionCost.h"

#include "core/distortion/DistortionMatrix.h"

#include <algorithm>
#include <cmath>

namespace rr {

double retentionCost(int d, double p)
{
    // 003 Lemma 5: ||P^-1||_F^2 = (d-1)^3 / (d p - 1)^2 + 1, which is d at p = 1
    return std::log(warnerInverseFrobeniusSquared(d, p) / d);
}

double retentionFromCost(int d, double t)
{
    const double lowest = 1.0 / d + kRetentionMargin;
    if (t <= 0)
        return 1.0;
    // (d p - 1)^2 = (d-1)^3 / (d e^t - 1), the inverse of 003 Lemma 5
    const double excess = std::expm1(t) * d + (d - 1); // d e^t - 1 without cancellation
    const double c = d - 1.0; // (d - 1)^3 exactly, as pow gives it, without pow's cost (called in every pass)
    const double p = (1.0 + std::sqrt(c * c * c / excess)) / d;
    return std::clamp(p, lowest, 1.0);
}

double maximalRetentionCost(int d)
{
    return retentionCost(d, 1.0 / d + kRetentionMargin);
}

} // namespace rr
