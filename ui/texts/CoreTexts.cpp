#include "ui/texts/CoreTexts.h"

#include <QCoreApplication>

#include <string>

namespace rr::ui {
namespace {
// For lupdate only: the labels core returns (core/measures/MeasureCatalog.cpp, core/risk/RandomizationMode.cpp,
// core/analysis/RulesFrame.cpp, core/release/Release.cpp). A label added there is added here.
[[maybe_unused]] const char* const kLabels[] = {
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Support"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Confidence"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Correlation (phi)"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Odds ratio"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Kappa"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Mutual information (M)"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "J-measure"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Pearson's chi-square"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Likelihood ratio (G2)"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Risk difference"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Collective strength"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Cosine (IS)"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Interest (lift)"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Jaccard"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Piatetsky-Shapiro (PS)"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Conviction"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Certainty factor"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Added value"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Laplace"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Concentration coefficient (tau)"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "Uncertainty coefficient (U)"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "RR-QI"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "RR-S"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "RR-Both"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "sure"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "uncertain"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "false positive"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "missed"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "randomized"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "kept in clear"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "dropped"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "quasi-identifier"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "sensitive"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "known"),
    QT_TRANSLATE_NOOP("rr::ui::CoreTexts", "ignored"),
};
} // namespace

QString coreText(std::string_view label)
{
    const std::string key(label);
    return QCoreApplication::translate("rr::ui::CoreTexts", key.c_str());
}

} // namespace rr::ui
