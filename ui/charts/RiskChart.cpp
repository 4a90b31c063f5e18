#include "ui/charts/RiskChart.h"

#include "ui/charts/ChartStyle.h"

#include <QAreaSeries>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace rr::ui {

RiskChart::RiskChart(QWidget* parent) : ChartView("risk", parent)
{
    setAccessibleName(tr("Risk chart: disclosure risk of the records"));
    auto* chart = new QChart;
    style::setUpChart(chart, tr("Disclosure risk over records"));
    m_histogramUpper = new QLineSeries(this);
    m_histogram = new QAreaSeries(m_histogramUpper);
    m_histogram->setName(tr("records per risk bin"));
    QColor fill = style::original();
    fill.setAlpha(170);
    m_histogram->setBrush(fill);
    m_histogram->setPen(QPen(style::original().darker(120), 1.2));
    m_cdf = new QLineSeries;
    m_cdf->setName(tr("fraction of records with risk \u2264 x"));
    m_cdf->setPen(QPen(style::original(), 2.2));
    m_tau = new QLineSeries;
    QPen tauPen(style::tau(), 2.4, Qt::DashLine);
    m_tau->setPen(tauPen);
    chart->addSeries(m_histogram);
    chart->addSeries(m_cdf);
    chart->addSeries(m_tau);
    m_x = style::valueAxis(tr("risk Pr(S\u1D63 | QI\u1D63) (posterior probability)"), "%.1f");
    m_x->setRange(0, 1);
    m_x->setTickCount(11);
    m_y = style::valueAxis(tr("records"), "%.0f");
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries* s : std::initializer_list<QAbstractSeries*>{m_histogram, m_cdf, m_tau}) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    installChart(chart);
}

void RiskChart::setData(const RiskProfile& d, bool cdf)
{
    const double top = cdf ? drawCdf(d) : drawHistogram(d);
    if (m_x->max() != d.upper) {
        m_x->setRange(0, d.upper);
        m_x->setTickCount(static_cast<int>(std::lround(d.upper * (d.upper <= 0.5 ? 20 : 10))) + 1);
        m_x->setLabelFormat(d.upper <= 0.5 ? "%.2f" : "%.1f");
    }
    if (m_histogram->isVisible() == cdf)
        m_histogram->setVisible(!cdf);
    if (m_cdf->isVisible() != cdf)
        m_cdf->setVisible(cdf);
    m_tau->replace(QList<QPointF>{{d.tau, 0}, {d.tau, top}});
    style::setName(
        m_tau,
        tr("\u03C4 = 1/l = %1, %2 above").arg(d.tau, 0, 'f', 3).arg(style::count(d.summary.recordsOverTau)));
    // Short enough for the panel beside the re-identification chart: the records and those over tau are in the
    // line above the chart and in the legend.
    style::setTitle(chart(), tr("Attribute disclosure: max %1, mean %2")
                                 .arg(d.summary.maxRisk, 0, 'f', 3)
                                 .arg(d.summary.meanRisk, 0, 'f', 3));
    markDrawn();
}

// The records per bin of risk as steps; returns the y axis's top.
double RiskChart::drawHistogram(const RiskProfile& d)
{
    const int bins = static_cast<int>(d.histogram.size());
    double top = 0;
    QList<QPointF> steps;
    steps.reserve(2 * bins + 2);
    steps << QPointF(0, 0);
    for (int b = 0; b < bins; ++b) {
        const double v = d.histogram[static_cast<std::size_t>(b)];
        steps << QPointF(d.upper * b / bins, v) << QPointF(d.upper * (b + 1) / bins, v);
        top = std::max(top, v);
    }
    steps << QPointF(d.upper, 0);
    m_histogramUpper->replace(steps);
    style::setAxisTitle(m_y, tr("records (bin width %1)").arg(d.upper / std::max(bins, 1), 0, 'g', 3));
    if (m_y->labelFormat() != "%.0f")
        m_y->setLabelFormat("%.0f");
    const double want = std::max(1.0, top * 1.08);
    if (want > m_y->max() || want < 0.5 * m_y->max() || m_y->min() != 0) {
        m_y->setRange(0, want);
        m_y->applyNiceNumbers();
    }
    return m_y->max();
}

// The cumulative fraction of records by risk as steps; returns the y axis's top (1).
double RiskChart::drawCdf(const RiskProfile& d)
{
    QList<QPointF> steps;
    steps.reserve(2 * static_cast<int>(d.cdf.size()) + 2);
    double prev = 0;
    steps << QPointF(0, 0);
    for (const auto& [risk, frac] : d.cdf) {
        steps << QPointF(risk, prev) << QPointF(risk, frac);
        prev = frac;
    }
    steps << QPointF(d.upper, prev);
    m_cdf->replace(steps);
    style::setAxisTitle(m_y, tr("cumulative fraction of records"));
    if (m_y->labelFormat() != "%.1f")
        m_y->setLabelFormat("%.1f");
    style::setRange(m_y, 0, 1.0);
    if (m_y->tickCount() != 6)
        m_y->setTickCount(6);
    return 1.0;
}

QList<QPointF> RiskChart::histogramPoints() const
{
    return m_histogramUpper->points();
}
QList<QPointF> RiskChart::cdfPoints() const
{
    return m_cdf->points();
}
qreal RiskChart::tauLineX() const
{
    return m_tau->count() ? m_tau->at(0).x() : -1;
}

} // namespace rr::ui
