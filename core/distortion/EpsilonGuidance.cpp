#include "core/distortion/EpsilonGuidance.h"

#include <cmath>
#include <limits>

namespace rr {

EpsilonGuidance epsilonGuidance(double epsilon)
{
    if (!std::isfinite(epsilon))
        return {EpsilonStrength::None, std::numeric_limits<double>::infinity()};
    const EpsilonStrength s = epsilon <= kStrongEpsilon     ? EpsilonStrength::Strong
                              : epsilon <= kModerateEpsilon ? EpsilonStrength::Moderate
                                                            : EpsilonStrength::Weak;
    return {s, std::exp(epsilon)}; // exp overflows to inf only past 709: still "weak", and said so
}

EpsilonGuidance epsilonGuidance(const EpsilonValue& epsilon)
{
    return epsilon.guaranteed ? epsilonGuidance(epsilon.value) : epsilonGuidance(std::numeric_limits<double>::infinity());
}

const char* strengthName(EpsilonStrength s)
{
    switch (s) {
    case EpsilonStrength::Strong: return "strong";
    case EpsilonStrength::Moderate: return "moderate";
    case EpsilonStrength::Weak: return "weak";
    case EpsilonStrength::None: break;
    }
    return "none";
}

} // namespace rr
