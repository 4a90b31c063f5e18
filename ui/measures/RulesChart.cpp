#include "ui/texts/CoreTexts.h"
#include "ui/measures/RulesChart.h"

#include "ui/charts/ChartStyle.h"

#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

namespace rr::ui {
namespace {
QColor verdictColor(RuleVerdict v)
{
    switch (v) {
    case RuleVerdict::Sure: return style::estimate();
    case RuleVerdict::Uncertain: return style::expected();
    case RuleVerdict::FalsePositive: return style::tau();
    case RuleVerdict::Missed: break;
    }
    return style::whisker();
}
} // namespace

RulesChart::RulesChart(QWidget* parent) : ChartView("rules", parent)
{
    setAccessibleName(tr("Rules chart"));
    auto* chart = new QChart;
    style::setUpChart(chart, tr("Rules from the simulated release"));
    for (int i = 0; i < kMaxWhiskers; ++i) {
        auto* s = new QLineSeries(this);
        auto* c = new QLineSeries(this);
        s->setPen(QPen(style::original(), 1.6));
        c->setPen(QPen(style::expected().darker(120), 1.6));
        m_supportWhiskers << s;
        m_confidenceWhiskers << c;
        chart->addSeries(s);
        chart->addSeries(c);
    }
    m_minSupport = new QLineSeries(this);
    m_minSupport->setPen(QPen(Qt::black, 1.4, Qt::DashLine));
    m_minConfidence = new QLineSeries(this);
    m_minConfidence->setPen(QPen(Qt::black, 1.4, Qt::DotLine));
    chart->addSeries(m_minSupport);
    chart->addSeries(m_minConfidence);
    for (int v = 0; v < 4; ++v) {
        auto* s = new QScatterSeries(this);
        s->setMarkerSize(10);
        s->setColor(verdictColor(static_cast<RuleVerdict>(v)));
        s->setBorderColor(Qt::black);
        if (static_cast<RuleVerdict>(v) == RuleVerdict::Missed)
            s->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
        s->setName(coreText(verdictName(static_cast<RuleVerdict>(v))));
        m_points[static_cast<std::size_t>(v)] = s;
        chart->addSeries(s);
    }
    m_x = style::valueAxis(tr("support s (estimate, normal range)"), "%.2f");
    m_y = style::valueAxis(tr("confidence c (estimate, Chebyshev range)"), "%.2f");
    m_x->setLabelFormat("%.2f");
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    for (int i = 1; i < kMaxWhiskers; ++i) {
        style::hideLegendMarker(chart, m_supportWhiskers[i]);
        style::hideLegendMarker(chart, m_confidenceWhiskers[i]);
    }
    style::setName(m_supportWhiskers[0], tr("s range"));
    style::setName(m_confidenceWhiskers[0], tr("c range"));
    installChart(chart);
}

void RulesChart::setData(const RulesFrame& f)
{
    std::array<QList<QPointF>, 4> pts;
    double xHi = f.options.minSupport, yLo = f.options.minConfidence;
    int whisker = 0;
    for (QLineSeries* s : m_supportWhiskers)
        s->clear();
    for (QLineSeries* s : m_confidenceWhiskers)
        s->clear();
    for (const RuleRow& row : f.rows) {
        const RuleEstimate& r = row.status.estimate;
        if (!r.confidence.estimate.defined)
            continue; // no point to draw; the table says why
        const double x = r.support.estimate, y = r.confidence.estimate.value;
        pts[static_cast<std::size_t>(row.verdict)] << QPointF(x, y);
        xHi = std::max(xHi, r.support.normal.hi);
        yLo = std::min(yLo, y);
        if (whisker < kMaxWhiskers) {
            m_supportWhiskers[whisker]->replace(QList<QPointF>{{r.support.normal.lo, y}, {r.support.normal.hi, y}});
            if (r.confidence.chebyshev) {
                m_confidenceWhiskers[whisker]->replace(
                    QList<QPointF>{{x, r.confidence.chebyshev->lo}, {x, r.confidence.chebyshev->hi}});
                yLo = std::min(yLo, r.confidence.chebyshev->lo);
            }
            ++whisker;
        }
    }
    for (std::size_t v = 0; v < 4; ++v) {
        m_points[v]->replace(pts[v]);
        style::setName(
            m_points[v],
            tr("%1 (%2)").arg(coreText(verdictName(static_cast<RuleVerdict>(v)))).arg(pts[v].size()));
    }
    const double x0 = std::max(0.0, f.options.minSupport - 0.1);
    style::setRange(m_x, x0, std::min(1.0, xHi + 0.03));
    style::setRange(m_y, std::max(0.0, yLo - 0.03), 1.001); // the tick at 1 stays
    // Ticks at round shares, whatever the range.
    style::roundTicks(m_x, m_x->max() - m_x->min() > 0.5 ? 0.1 : 0.05);
    style::roundTicks(m_y, m_y->max() - m_y->min() > 0.5 ? 0.1 : 0.05);
    m_minSupport->replace(QList<QPointF>{{f.options.minSupport, 0.0}, {f.options.minSupport, 1.0}});
    m_minConfidence->replace(QList<QPointF>{{0.0, f.options.minConfidence}, {1.0, f.options.minConfidence}});
    style::setName(m_minSupport, tr("min s %1").arg(f.options.minSupport));
    style::setName(m_minConfidence, tr("min c %1").arg(f.options.minConfidence));
    style::setTitle(chart(), tr("Rules of %1 items at p = %2 (seed %3, %4 records)")
                                 .arg(f.itemNames.size())
                                 .arg(f.p, 0, 'f', 2)
                                 .arg(f.seed)
                                 .arg(style::count(static_cast<double>(f.records))));
    markDrawn();
}

QList<QPointF> RulesChart::points(RuleVerdict v) const
{
    return m_points[static_cast<std::size_t>(v)]->points();
}

} // namespace rr::ui
