#pragma once
// What the comparison charts can show, read from the core results (no formula here).
#include "core/comparison/ComparisonSweep.h"
#include "core/comparison/UncertaintyCoefficient.h"

#include <QColor>
#include <QString>

#include <optional>

namespace rr::ui {

enum class ComparisonMethod { LDiversity, TCloseness, Anatomy, Randomization };
enum class ComparisonMeasure {
    MaxRisk,
    VariationalDistance,
    L2,
    KL,
    ChiSquare,
    BaseQueryError,
    CubeQueryError,
    UncertaintyQiS,
    UncertaintyQiQi,
    // What the published shares reveal (issue 46), over the groups each method publishes: the largest share of one
    // sensitive value in a group, and the share of persons guessed right from their group's most common value.
    GroupShareMax,
    GroupShareMean
};

inline constexpr ComparisonMethod kComparisonMethods[4] = {ComparisonMethod::LDiversity, ComparisonMethod::TCloseness,
                                                           ComparisonMethod::Anatomy, ComparisonMethod::Randomization};

QString methodName(ComparisonMethod m);   // "l-diversity", "anatomy", "RR-QI"
QColor methodColor(ComparisonMethod m);   // Okabe-Ito, distinct from each other
QString measureName(ComparisonMeasure m); // axis title
const MethodUtility& methodResult(const ComparisonResult& r, ComparisonMethod m);
// The measure of one method at one l; empty when the method gave no release or the value is
// undefined (e.g. KL of an estimate with zero cells where the original is positive).
std::optional<double> measureValue(const ComparisonResult& r, ComparisonMethod m, ComparisonMeasure measure);

} // namespace rr::ui
