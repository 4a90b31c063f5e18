#include "ui/texts/CoreTexts.h"
#include "ui/measures/MeasureSweepChart.h"

#include "ui/charts/ChartStyle.h"

#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace rr::ui {

namespace {

// The y range also holds the randomized values over the upper 60% of p and the original; infinite ends give [0, 1].
void widenRange(double& lo, double& hi, const MeasuresFrame& f, const QList<QPointF>& rnd, bool haveOriginal,
                double original)
{
    const int n = static_cast<int>(f.sweep.size());
    for (const QPointF& p : rnd)
        if (p.x() >= (n ? f.sweep[static_cast<std::size_t>(n * 2 / 5)].pFirst : 0.0)) {
            lo = std::min(lo, p.y());
            hi = std::max(hi, p.y());
        }
    if (haveOriginal) {
        lo = std::min(lo, original);
        hi = std::max(hi, original);
    }
    // Measures with infinite bounds can have huge (finite) Chebyshev ends; their area is clipped by the axis.
    if (!std::isfinite(lo) || !std::isfinite(hi)) {
        lo = 0;
        hi = 1;
    }
}

} // namespace
MeasureSweepChart::MeasureSweepChart(QWidget* parent) : ChartView("measures_sweep", parent)
{
    setAccessibleName(tr("Association measures against p chart"));
    auto* chart = new QChart;
    style::setUpChart(chart, tr("Measure range vs p"));
    m_bands = std::make_unique<RangeBands>(chart, this);
    m_estimate = new QLineSeries;
    m_estimate->setPen(QPen(Qt::black, 2.0));
    m_randomized = new QLineSeries;
    m_randomized->setPen(QPen(style::tau(), 2.0, Qt::DotLine));
    m_original = new QLineSeries;
    m_original->setPen(QPen(style::estimate().darker(130), 1.6, Qt::DashLine));
    m_current = new QLineSeries;
    m_current->setPen(QPen(style::whisker(), 1.6, Qt::DashDotLine));
    for (QAbstractSeries* s : {static_cast<QAbstractSeries*>(m_estimate), static_cast<QAbstractSeries*>(m_randomized),
                               static_cast<QAbstractSeries*>(m_original), static_cast<QAbstractSeries*>(m_current)})
        chart->addSeries(s);
    m_x = style::valueAxis(tr("retention probability p of both attributes"), "%.2f");
    style::roundTicks(m_x, 0.1);
    m_y = style::valueAxis(tr("measure"), "%.3g");
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    installChart(chart);
}

void MeasureSweepChart::setData(const MeasuresFrame& f)
{
    QList<QPointF> ch, cl, nh, nl, est, rnd;
    double lo = INFINITY, hi = -INFINITY;
    double original = 0;
    bool haveOriginal = false;
    m_skipped = 0;
    const int n = static_cast<int>(f.sweep.size());
    for (int i = 0; i < n; ++i) {
        const SweepPoint& pt = f.sweep[static_cast<std::size_t>(i)];
        const MeasureEstimate& e = pt.estimate;
        if (e.original && e.original->defined) {
            original = e.original->value;
            haveOriginal = true;
        }
        if (e.randomized.defined)
            rnd << QPointF(pt.pFirst, e.randomized.value);
        if (!e.estimate.defined || !e.normal || !e.chebyshev) {
            ++m_skipped;
            continue;
        }
        ch << QPointF(pt.pFirst, e.chebyshev->hi);
        cl << QPointF(pt.pFirst, e.chebyshev->lo);
        nh << QPointF(pt.pFirst, e.normal->hi);
        nl << QPointF(pt.pFirst, e.normal->lo);
        est << QPointF(pt.pFirst, e.estimate.value);
        // The y range follows the normal band over the upper 60% of p, the Chebyshev band over the upper 40%
        // (near 1/d both widen without bound).
        if (i >= n * 2 / 5) {
            lo = std::min({lo, e.normal->lo, e.estimate.value});
            hi = std::max({hi, e.normal->hi, e.estimate.value});
        }
        if (i >= n * 3 / 5) {
            lo = std::min(lo, e.chebyshev->lo);
            hi = std::max(hi, e.chebyshev->hi);
        }
    }
    widenRange(lo, hi, f, rnd, haveOriginal, original);
    const double pad = std::max(hi - lo, 1e-6) * 0.08;
    m_bands->setPoints(ch, cl, nh, nl);
    m_estimate->replace(est);
    m_randomized->replace(rnd);
    m_y->setRange(lo - pad, hi + pad);
    m_y->applyNiceNumbers();
    const double pLo = n ? f.sweep.front().pFirst : 0.5;
    style::setRange(m_x, std::max(0.0, pLo - 0.01), 1.0);
    m_original->replace(haveOriginal ? QList<QPointF>{{pLo, original}, {1.0, original}} : QList<QPointF>{});
    // Both attributes take the swept p; the current p of the first attribute marks where the view stands.
    m_current->replace(QList<QPointF>{{f.pFirst, m_y->min()}, {f.pFirst, m_y->max()}});

    nameSeries(f, haveOriginal, original);
    markDrawn();
}

// The series' names, the y axis's title and the chart's title.
void MeasureSweepChart::nameSeries(const MeasuresFrame& f, bool haveOriginal, double original)
{
    m_bands->setLevel(f.sweepAlpha);
    const QString label =
        f.sweepMeasure ? coreText(measureInfo(*f.sweepMeasure).label) : tr("measure");
    style::setName(m_estimate, tr("expected estimate"));
    style::setName(m_randomized, tr("on the randomized table (no p)"));
    style::setName(m_original, haveOriginal ? tr("original = %1").arg(original, 0, 'g', 4) : tr("original"));
    style::setName(m_current, tr("current p(%1) = %2").arg(QString::fromStdString(f.first)).arg(f.pFirst, 0, 'f', 2));
    style::setAxisTitle(m_y, label);
    style::setTitle(chart(), tr("%1 of %2 \u00D7 %3 as p of both varies (N = %4)")
                                 .arg(label, QString::fromStdString(f.first), QString::fromStdString(f.second))
                                 .arg(style::count(f.measures.n)));
}

QList<QPointF> MeasureSweepChart::estimateLine() const
{
    return m_estimate->points();
}
QList<QPointF> MeasureSweepChart::normalUpper() const
{
    return m_bands->normalUpper();
}
QList<QPointF> MeasureSweepChart::chebyshevLower() const
{
    return m_bands->chebyshevLower();
}
QList<QPointF> MeasureSweepChart::randomizedLine() const
{
    return m_randomized->points();
}

} // namespace rr::ui
