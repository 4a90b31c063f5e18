#pragma once
// What an epsilon means for a data owner (issue 20): e^epsilon is the most a released value (or record) can
// change the odds between any two original values of it, so an attacker's belief moves at most that many
// times. The bands are the ones local differential privacy practice uses: up to 1 strong, up to 3 moderate,
// above weak; no guarantee when a value can leave unchanged with certainty.
#include "core/distortion/Epsilon.h"

namespace rr {

enum class EpsilonStrength { Strong, Moderate, Weak, None };

struct EpsilonGuidance {
    EpsilonStrength strength = EpsilonStrength::None;
    double oddsFactor = 0; // e^epsilon; infinite without a guarantee
};

inline constexpr double kStrongEpsilon = 1.0;
inline constexpr double kModerateEpsilon = 3.0;

EpsilonGuidance epsilonGuidance(double epsilon); // infinite or NaN: no guarantee
EpsilonGuidance epsilonGuidance(const EpsilonValue& epsilon);
const char* strengthName(EpsilonStrength s); // "strong", "moderate", "weak", "none"

} // namespace rr
