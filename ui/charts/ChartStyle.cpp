#include "ui/texts/CoreTexts.h"
#include "ui/charts/ChartStyle.h"

#include "ui/charts/FlowLegend.h"

#include <QAbstractSeries>
#include <QFont>
#include <QLegend>
#include <QLegendMarker>
#include <QLocale>
#include <QValueAxis>

#include <algorithm>
#include <array>
#include <cmath>

namespace rr::ui::style {

QColor original()
{
    return QColor(0x00, 0x72, 0xB2);
}
QColor expected()
{
    return QColor(0xE6, 0x9F, 0x00);
}
QColor estimate()
{
    return QColor(0x00, 0x9E, 0x73);
}
QColor whisker()
{
    return QColor(0x33, 0x33, 0x33);
}
QColor tau()
{
    return QColor(0xD5, 0x5E, 0x00);
}

QColor mode(RandomizationMode m)
{
    switch (m) {
    case RandomizationMode::QI: return QColor(0x00, 0x72, 0xB2);
    case RandomizationMode::S: return QColor(0xCC, 0x79, 0xA7);
    case RandomizationMode::Both: return QColor(0x00, 0x9E, 0x73);
    }
    return Qt::black;
}

QString modeName(RandomizationMode m)
{
    return coreText(modeLabel(m));
}

QString metricLabel(UtilityMetric m)
{
    switch (m) {
    case UtilityMetric::TraceCovariance:
        return QObject::tr("Utility loss tr \u03A3 = E\u2016\u03C0_est \u2212 \u03C0\u2016\u00B2 (squared proportion)");
    case UtilityMetric::Objective:
        return QObject::tr("Objective \u220F\u1D62 \u2016P\u1D62\u207B\u00B9\u2016\u00B2_F (dimensionless)");
    case UtilityMetric::VariationalDistance:
        return QObject::tr("Variational distance d_V(\u03C0, \u03C0_est) (proportion)");
    }
    return {};
}

void setUpChart(QChart* chart, const QString& title)
{
    chart->setTheme(QChart::ChartThemeLight);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTitle(title);
    QFont f = chart->titleFont();
    f.setPointSizeF(std::max(10.0, f.pointSizeF() * 1.1));
    f.setBold(true);
    chart->setTitleFont(f);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setShowToolTips(true);
    chart->setMargins(QMargins(6, 4, 6, 4));
    chart->setBackgroundRoundness(0);
    new FlowLegend(chart); // owned by the chart: rows that wrap instead of Qt's one cut row
}

QValueAxis* valueAxis(const QString& title, const QString& labelFormat)
{
    auto* axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setLabelFormat(labelFormat);
    QFont f = axis->titleFont();
    f.setBold(false);
    axis->setTitleFont(f);
    return axis;
}

void hideLegendMarker(QChart* chart, QAbstractSeries* series)
{
    for (QLegendMarker* m : chart->legend()->markers(series))
        m->setVisible(false);
}

void setTitle(QChart* chart, const QString& title)
{
    if (chart->title() != title)
        chart->setTitle(title);
}

void setName(QAbstractSeries* series, const QString& name)
{
    if (series->name() != name)
        series->setName(name);
}

void setRange(QValueAxis* axis, double lo, double hi)
{
    if (axis->min() != lo || axis->max() != hi)
        axis->setRange(lo, hi);
}

void setAxisTitle(QValueAxis* axis, const QString& title)
{
    if (axis->titleText() != title)
        axis->setTitleText(title);
}

int decimalsFor(double step)
{
    for (int d = 0; d < 9; ++d) {
        const double scaled = step * std::pow(10.0, d);
        if (std::abs(scaled - std::round(scaled)) <= 1e-9 * std::max(1.0, scaled))
            return d;
    }
    return 9;
}

void roundTicks(QValueAxis* axis, double step)
{
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0.0);
    axis->setTickInterval(step);
    // As many decimals as the step has: 0.25 shows as 0.25, not 0.3 (issue 20, bug 10).
    axis->setLabelFormat(QString("%.%1f").arg(decimalsFor(step)));
}

double niceStep(double span, int ticks)
{
    const double raw = std::max(span, 1e-12) / std::max(1, ticks);
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double f : {1.0, 2.0, 2.5, 5.0})
        if (f * p >= raw * (1 - 1e-12))
            return f * p;
    return 10 * p;
}

QColor viridis(double t)
{
    // Viridis sampled at 9 points, linearly interpolated.
    static const std::array<QColor, 9> stops{QColor(68, 1, 84),    QColor(71, 44, 122),  QColor(59, 81, 139),
                                             QColor(44, 113, 142), QColor(33, 144, 141), QColor(39, 173, 129),
                                             QColor(92, 200, 99),  QColor(170, 220, 50), QColor(253, 231, 37)};
    if (!std::isfinite(t))
        t = 0;
    t = std::clamp(t, 0.0, 1.0) * (stops.size() - 1);
    const auto i = std::min<std::size_t>(static_cast<std::size_t>(t), stops.size() - 2);
    const double f = t - static_cast<double>(i);
    const QColor& a = stops[i];
    const QColor& b = stops[i + 1];
    return QColor::fromRgbF(static_cast<float>(a.redF() + f * (b.redF() - a.redF())),
                            static_cast<float>(a.greenF() + f * (b.greenF() - a.greenF())),
                            static_cast<float>(a.blueF() + f * (b.blueF() - a.blueF())));
}

QLinearGradient viridisGradient()
{
    QLinearGradient g;
    for (int k = 0; k <= 8; ++k)
        g.setColorAt(k / 8.0, viridis(k / 8.0));
    return g;
}

QString count(double n)
{
    return QLocale().toString(static_cast<qlonglong>(std::llround(n)));
}

QString shortLabel(const QString& label, int maxChars)
{
    return label.size() <= maxChars ? label : label.left(maxChars - 1) + QChar(0x2026);
}

} // namespace rr::ui::style
