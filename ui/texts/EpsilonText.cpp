#include "ui/texts/EpsilonText.h"

#include <QCoreApplication>

#include <cmath>

namespace rr::ui {
namespace {

// The translation context of these texts (lupdate reads EpsilonText::tr).
struct EpsilonText {
    Q_DECLARE_TR_FUNCTIONS(rr::ui::EpsilonText)
};

// 17.5, 308, 1.2 x 10^5: three significant figures, powers of ten past a million.
QString factorText(double f)
{
    if (f < 1e6)
        return QString::number(f, 'g', 3);
    const int power = static_cast<int>(std::floor(std::log10(f)));
    return QString("%1 \u00D7 10^%2").arg(f / std::pow(10.0, power), 0, 'f', 1).arg(power);
}

} // namespace

QString epsilonBand(const EpsilonGuidance& g)
{
    switch (g.strength) {
    case EpsilonStrength::Strong: return EpsilonText::tr("strong");
    case EpsilonStrength::Moderate: return EpsilonText::tr("moderate");
    case EpsilonStrength::Weak: return EpsilonText::tr("weak");
    case EpsilonStrength::None: break;
    }
    return EpsilonText::tr("no guarantee");
}

QString epsilonWithBand(double epsilon, int decimals)
{
    const EpsilonGuidance g = epsilonGuidance(epsilon);
    if (g.strength == EpsilonStrength::None)
        return EpsilonText::tr("\u221E (no guarantee)");
    return QString("%1 (%2)").arg(QString::number(epsilon, 'f', decimals), epsilonBand(g));
}

QString epsilonWithBand(const EpsilonValue& e, int decimals)
{
    return e.guaranteed ? epsilonWithBand(e.value, decimals) : EpsilonText::tr("\u221E (no guarantee)");
}

QString epsilonMeaning(const EpsilonGuidance& g, bool record)
{
    if (g.strength == EpsilonStrength::None)
        return record ? EpsilonText::tr("No guarantee: a column of the record leaves unchanged with certainty, so the released "
                           "record can reveal the original.")
                      : EpsilonText::tr("No guarantee: a value leaves unchanged with certainty, so a released value can reveal the "
                           "original.");
    const QString bands = EpsilonText::tr("(\u03B5 up to 1 is strong, up to 3 moderate, above 3 weak)");
    return (record ? EpsilonText::tr("%1: a released record changes the odds between any two original records at most %2-fold %3.")
                   : EpsilonText::tr("%1: a released value changes the odds between any two original values at most %2-fold %3."))
        .arg(epsilonBand(g).replace(0, 1, epsilonBand(g).at(0).toUpper()), factorText(g.oddsFactor), bands);
}

} // namespace rr::ui
