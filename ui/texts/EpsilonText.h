#pragma once
// Epsilon in the owner's words (issue 20): the band (strong, moderate, weak, no guarantee) and what it means,
// "a released value changes the odds between any two original values at most 17.5-fold", for a column or a
// whole record. The bands and the factor come from core (core/distortion/EpsilonGuidance).
#include "core/distortion/EpsilonGuidance.h"

#include <QString>

namespace rr::ui {

// "strong", "moderate", "weak", "no guarantee".
QString epsilonBand(const EpsilonGuidance& g);
// "2.865 (moderate)"; "none" without a guarantee.
QString epsilonWithBand(const EpsilonValue& e, int decimals = 3);
QString epsilonWithBand(double epsilon, int decimals = 3);
// One sentence: what the band means for one released value (`record` false) or a whole released record.
QString epsilonMeaning(const EpsilonGuidance& g, bool record);

} // namespace rr::ui
