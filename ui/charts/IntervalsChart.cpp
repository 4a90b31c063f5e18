#include "ui/charts/IntervalsChart.h"

#include "ui/charts/ChartStyle.h"

#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

namespace rr::ui {

IntervalsChart::IntervalsChart(QWidget* parent) : ChartView("intervals", parent)
{
    setAccessibleName(tr("Intervals chart: estimate ranges against p"));
    auto* chart = new QChart;
    style::setUpChart(chart, tr("Interquantile ranges vs p"));
    m_bands = std::make_unique<RangeBands>(chart, this);
    m_estimate = new QLineSeries;
    m_estimate->setPen(QPen(Qt::black, 2.0));
    m_current = new QLineSeries;
    m_current->setPen(QPen(style::tau(), 2.0, Qt::DashLine));
    m_simulated = new QScatterSeries;
    m_simulated->setMarkerSize(11);
    m_simulated->setColor(style::estimate());
    m_simulated->setBorderColor(Qt::black);
    m_simulatedWhisker = new QLineSeries;
    m_simulatedWhisker->setPen(QPen(style::estimate().darker(140), 2.2));
    chart->addSeries(m_estimate);
    chart->addSeries(m_current);
    chart->addSeries(m_simulatedWhisker);
    chart->addSeries(m_simulated);
    m_x = style::valueAxis(tr("retention probability p"), "%.2f");
    style::roundTicks(m_x, 0.1);
    m_y = style::valueAxis(tr("proportion of records in the cell"), "%.3f");
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    style::hideLegendMarker(chart, m_simulatedWhisker);
    installChart(chart);
}

void IntervalsChart::setData(const IntervalSweep& d)
{
    const int n = static_cast<int>(d.p.size());
    QList<QPointF> ch, cl, nh, nl, est;
    double lo = d.original, hi = d.original;
    for (int i = 0; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        ch << QPointF(d.p[k], d.chebyshevHi[k]);
        cl << QPointF(d.p[k], d.chebyshevLo[k]);
        nh << QPointF(d.p[k], d.normalHi[k]);
        nl << QPointF(d.p[k], d.normalLo[k]);
        est << QPointF(d.p[k], d.estimate[k]);
    }
    m_bands->setPoints(ch, cl, nh, nl);
    m_estimate->replace(est);
    // The y range follows the normal band over the upper 60% of p (the useful region),
    // the Chebyshev band and the simulated whisker, clipped to [0, 1].
    for (int i = n * 2 / 5; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        lo = std::min(lo, d.normalLo[k]);
        hi = std::max(hi, d.normalHi[k]);
    }
    for (int i = n * 3 / 5; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        lo = std::min(lo, d.chebyshevLo[k]);
        hi = std::max(hi, d.chebyshevHi[k]);
    }
    lo = std::min({lo, d.simulatedChebyshev.lo, d.simulated});
    hi = std::max({hi, d.simulatedChebyshev.hi, d.simulated});
    const double pad = std::max(hi - lo, 1e-4) * 0.08;
    const double wantLo = std::max(-0.02, lo - pad), wantHi = std::min(1.0, hi + pad);
    if (wantLo < m_y->min() || wantHi > m_y->max() || (wantHi - wantLo) < 0.5 * (m_y->max() - m_y->min())) {
        m_y->setRange(wantLo, wantHi);
        m_y->applyNiceNumbers();
    }
    style::setRange(m_x, d.p.empty() ? 0.0 : std::max(0.0, d.p.front() - 0.01), 1.0);
    m_current->replace(QList<QPointF>{{d.currentP, m_y->min()}, {d.currentP, m_y->max()}});
    m_simulated->replace(QList<QPointF>{{d.currentP, d.simulated}});
    m_simulatedWhisker->replace(QList<QPointF>{{d.currentP, d.simulatedNormal.lo}, {d.currentP, d.simulatedNormal.hi}});

    m_bands->setLevel(d.alpha);
    style::setName(m_estimate, tr("expected estimate = \u03C0 = %1").arg(d.original, 0, 'f', 4));
    style::setName(m_current, tr("current p"));
    style::setName(m_simulated, tr("simulated estimate (seed %1)").arg(d.seed));
    style::setAxisTitle(m_x,
                        tr("retention probability p of %1 (other p fixed)").arg(QString::fromStdString(d.varyName)));
    QString attrs;
    for (std::size_t k = 0; k < d.attributes.size(); ++k)
        attrs += (k ? QStringLiteral(" \u00D7 ") : QString()) + QString::fromStdString(d.attributes[k]);
    style::setTitle(chart(), tr("Estimate of cell %1 = %2 as p(%3) varies")
                                 .arg(attrs, QString::fromStdString(d.cellLabel), QString::fromStdString(d.varyName)));
    markDrawn();
}

QList<QPointF> IntervalsChart::normalUpper() const
{
    return m_bands->normalUpper();
}
QList<QPointF> IntervalsChart::normalLower() const
{
    return m_bands->normalLower();
}
QList<QPointF> IntervalsChart::chebyshevUpper() const
{
    return m_bands->chebyshevUpper();
}
QList<QPointF> IntervalsChart::chebyshevLower() const
{
    return m_bands->chebyshevLower();
}
QPointF IntervalsChart::simulatedPoint() const
{
    return m_simulated->count() ? m_simulated->at(0) : QPointF();
}

} // namespace rr::ui
