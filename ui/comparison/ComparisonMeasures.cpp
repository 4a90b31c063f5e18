#include "ui/comparison/ComparisonMeasures.h"

#include "ui/charts/ChartStyle.h"

#include <QObject>

#include <cmath>

namespace rr::ui {

QString methodName(ComparisonMethod m)
{
    switch (m) {
    case ComparisonMethod::LDiversity: return QObject::tr("l-diversity");
    case ComparisonMethod::TCloseness: return QObject::tr("t-closeness");
    case ComparisonMethod::Anatomy: return QObject::tr("anatomy");
    case ComparisonMethod::Randomization: return style::modeName(RandomizationMode::QI);
    }
    return {};
}

QColor methodColor(ComparisonMethod m)
{
    switch (m) {
    case ComparisonMethod::LDiversity: return QColor(0xE6, 0x9F, 0x00); // orange
    case ComparisonMethod::TCloseness: return QColor(0x56, 0xB4, 0xE9); // sky blue
    case ComparisonMethod::Anatomy: return QColor(0xCC, 0x79, 0xA7);    // reddish purple
    case ComparisonMethod::Randomization: return style::mode(RandomizationMode::QI);
    }
    return Qt::black;
}

QString measureName(ComparisonMeasure m)
{
    switch (m) {
    case ComparisonMeasure::MaxRisk: return QObject::tr("max risk max\u1D63 Pr(S\u1D63 | QI\u1D63)");
    case ComparisonMeasure::VariationalDistance: return QObject::tr("variational distance d_V(\u03C0, \u03C0\u0302)");
    case ComparisonMeasure::L2: return QObject::tr("L2 distance");
    case ComparisonMeasure::KL: return QObject::tr("KL distance");
    case ComparisonMeasure::ChiSquare: return QObject::tr("\u03C7\u00B2 distance");
    case ComparisonMeasure::BaseQueryError: return QObject::tr("average relative error, base queries");
    case ComparisonMeasure::CubeQueryError: return QObject::tr("average relative error, cube queries");
    case ComparisonMeasure::UncertaintyQiS: return QObject::tr("mean uncertainty coefficient, QI \u2192 S");
    case ComparisonMeasure::UncertaintyQiQi: return QObject::tr("mean uncertainty coefficient, QI \u2192 QI");
    case ComparisonMeasure::GroupShareMax: return QObject::tr("largest share of one sensitive value in a published group");
    case ComparisonMeasure::GroupShareMean: return QObject::tr("persons guessed right from their group's published shares");
    }
    return {};
}

const MethodUtility& methodResult(const ComparisonResult& r, ComparisonMethod m)
{
    switch (m) {
    case ComparisonMethod::LDiversity: return r.lDiversity;
    case ComparisonMethod::TCloseness: return r.tCloseness;
    case ComparisonMethod::Anatomy: return r.anatomy;
    case ComparisonMethod::Randomization: break;
    }
    return r.randomization;
}

std::optional<double> measureValue(const ComparisonResult& r, ComparisonMethod m, ComparisonMeasure measure)
{
    const MethodUtility& u = methodResult(r, m);
    if (!u.available)
        return std::nullopt;
    auto distance = [](const DistanceValue& d) -> std::optional<double> {
        if (!d.defined || !std::isfinite(d.value))
            return std::nullopt;
        return d.value;
    };
    switch (measure) {
    case ComparisonMeasure::MaxRisk: return u.maxRisk;
    case ComparisonMeasure::VariationalDistance: return distance(u.distances.dV);
    case ComparisonMeasure::L2: return distance(u.distances.L2);
    case ComparisonMeasure::KL: return distance(u.distances.KL);
    case ComparisonMeasure::ChiSquare: return distance(u.distances.chi2);
    case ComparisonMeasure::BaseQueryError: return u.baseQueries.averageRelativeError;
    case ComparisonMeasure::CubeQueryError: return u.cubeQueries.averageRelativeError;
    case ComparisonMeasure::UncertaintyQiS: return meanUncertainty(u.uncertainty, r.attributes, true);
    case ComparisonMeasure::UncertaintyQiQi: return meanUncertainty(u.uncertainty, r.attributes, false);
    case ComparisonMeasure::GroupShareMax:
        return u.inference ? std::optional(u.inference->groupsMax) : std::nullopt;
    case ComparisonMeasure::GroupShareMean:
        return u.inference ? std::optional(u.inference->groupsMean) : std::nullopt;
    }
    return std::nullopt;
}

} // namespace rr::ui
