#include "ui/charts/TradeOffChart.h"

#include "ui/charts/ChartStyle.h"

#include <QCursor>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace rr::ui {
namespace {
const RandomizationMode kModes[3] = {RandomizationMode::QI, RandomizationMode::S, RandomizationMode::Both};
int slot(RandomizationMode m)
{
    return m == RandomizationMode::QI ? 0 : m == RandomizationMode::S ? 1 : 2;
}
// Drawn first to last: RR-Both under the others, so a coinciding RR-QI point stays visible.
const RandomizationMode kDrawOrder[3] = {RandomizationMode::Both, RandomizationMode::S, RandomizationMode::QI};

// Where the "l = ..." label of a mode sits from its point (pixels): apart when points coincide.
QPointF labelOffset(RandomizationMode m)
{
    return m == RandomizationMode::QI  ? QPointF(-48, -10)
           : m == RandomizationMode::S ? QPointF(6, 6)
                                       : QPointF(13, -10);
}

QString pointToolTip(const TradeOffPoint& p, const std::vector<std::string>& names, UtilityMetric metric)
{
    QStringList ps;
    for (std::size_t i = 0; i < p.p.size(); ++i)
        ps << QStringLiteral("p(%1) = %2")
                  .arg(i < names.size() ? QString::fromStdString(names[i]) : QString::number(i + 1))
                  .arg(p.p[i], 0, 'f', 3);
    return TradeOffChart::tr("%1, l = %2 (\u03C4 = %3)\n%4\n%5: %6\nmax risk %7")
        .arg(style::modeName(p.mode))
        .arg(p.l)
        .arg(p.tau, 0, 'f', 3)
        .arg(ps.join(QStringLiteral(", ")))
        .arg(style::metricLabel(metric))
        .arg(p.utilityLoss, 0, 'g', 4)
        .arg(p.maxRisk, 0, 'f', 4);
}
} // namespace

TradeOffChart::TradeOffChart(QWidget* parent) : ChartView("tradeoff", parent)
{
    setAccessibleName(tr("Trade-off chart: utility against risk"));
    auto* chart = new QChart;
    style::setUpChart(chart, tr("Privacy\u2013utility trade-off"));
    m_x = style::valueAxis(tr("max risk max\u1D63 Pr(S\u1D63 | QI\u1D63) (posterior probability)"), "%.2f");
    m_y = new QLogValueAxis;
    m_y->setLabelFormat("%.1e");
    m_y->setBase(10);
    m_y->setMinorTickCount(-1);
    QFont titleFont = m_y->titleFont();
    titleFont.setBold(false);
    m_y->setTitleFont(titleFont);
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    addCurves(chart);
    addMarkers(chart);
    addCurrentMarker(chart);
    installChart(chart);
    connect(chart, &QChart::plotAreaChanged, this, [this](const QRectF&) { placeLabels(); });
    updateAxes();
}

// One line per mode, RR-QI's wide and light under the others.
void TradeOffChart::addCurves(QChart* chart)
{
    for (RandomizationMode m : kDrawOrder) {
        auto* s = new QLineSeries;
        s->setName(style::modeName(m));
        // RR-QI's line wide and light under the others' thin ones: both show where they coincide.
        QColor color = style::mode(m);
        if (m == RandomizationMode::QI)
            color.setAlpha(150);
        s->setPen(QPen(color, m == RandomizationMode::QI ? 6.0 : 2.0));
        chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
        m_curves[slot(m)] = s;
    }
}

// One series of points per mode, each of its own shape; the legend names the modes by them.
void TradeOffChart::addMarkers(QChart* chart)
{
    for (RandomizationMode m : kDrawOrder) {
        auto* s = new QScatterSeries;
        s->setName(style::modeName(m));
        // Distinct shapes and sizes: a large hollow RR-QI square around a small RR-Both dot.
        const QColor color = style::mode(m);
        if (m == RandomizationMode::QI) {
            s->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
            s->setMarkerSize(17);
            s->setColor(Qt::transparent);
            s->setBorderColor(color);
            s->setPen(QPen(color, 2.6));
        } else {
            s->setMarkerShape(m == RandomizationMode::S ? QScatterSeries::MarkerShapeTriangle
                                                        : QScatterSeries::MarkerShapeCircle);
            s->setMarkerSize(m == RandomizationMode::S ? 13 : 9);
            s->setColor(color);
            s->setBorderColor(Qt::white);
        }
        chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
        m_markers[slot(m)] = s;
        connect(s, &QScatterSeries::hovered, this,
                [this, m](const QPointF& point, bool state) { showToolTip(m, point, state); });
        style::hideLegendMarker(chart, m_curves[slot(m)]); // the marker's entry names the mode
    }
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    // The RR-QI entry as its points: a hollow square (from the series Qt drew a circle, issue 45).
    for (QLegendMarker* marker : chart->legend()->markers(m_markers[slot(RandomizationMode::QI)]))
        marker->setShape(QLegend::MarkerShapeRectangle);
}

// The star at the current configuration.
void TradeOffChart::addCurrentMarker(QChart* chart)
{
    m_current = new QScatterSeries;
    m_current->setName(tr("current configuration"));
    m_current->setMarkerShape(QScatterSeries::MarkerShapeStar);
    m_current->setMarkerSize(20);
    m_current->setColor(style::tau());
    m_current->setBorderColor(Qt::black);
    chart->addSeries(m_current);
    m_current->attachAxis(m_x);
    m_current->attachAxis(m_y);
}

void TradeOffChart::setData(std::shared_ptr<const TradeOffCurve> data, const std::vector<std::string>& names)
{
    m_data = std::move(data);
    for (RandomizationMode m : kModes) {
        for (QGraphicsSimpleTextItem* item : m_labels[slot(m)])
            delete item;
        m_labels[slot(m)].clear();
        m_toolTips[slot(m)].clear();
    }
    if (!m_data) { // data or roles changed: the old curves no longer hold (issue 11)
        for (RandomizationMode m : kModes) {
            m_curves[slot(m)]->clear();
            m_markers[slot(m)]->clear();
            m_markers[slot(m)]->setName(style::modeName(m));
        }
        chart()->setTitle(tr("Privacy\u2013utility trade-off: press Compute for the current data and roles"));
        return;
    }
    m_metric = m_data->metric;
    for (RandomizationMode m : kModes) {
        QList<QPointF> pts;
        int infeasible = 0;
        for (const TradeOffPoint& p : m_data->points) {
            if (p.mode != m)
                continue;
            if (p.feasible && p.utilityLoss > 0 && std::isfinite(p.utilityLoss)) {
                pts << QPointF(p.maxRisk, p.utilityLoss);
                m_toolTips[slot(m)] << pointToolTip(p, names, m_metric);
                auto* label = new QGraphicsSimpleTextItem(tr("l = %1").arg(p.l), chart());
                label->setBrush(style::mode(m).darker(130));
                label->setZValue(12);
                m_labels[slot(m)] << label;
            } else if (!p.feasible) {
                ++infeasible;
            }
        }
        m_curves[slot(m)]->replace(pts);
        m_markers[slot(m)]->replace(pts);
        QString name = style::modeName(m);
        if (infeasible > 0)
            name += pts.isEmpty() ? tr(" (infeasible at every l)") : tr(" (infeasible at %1 of the l)").arg(infeasible);
        m_markers[slot(m)]->setName(name);
    }
    chart()->setTitle(tr("Privacy\u2013utility trade-off: optimal p for l = 2..%1 (\u03C4 = 1/l)%2")
                          .arg(m_data->lMax)
                          .arg(m_data->complete ? QString() : tr(" \u2014 canceled, partial")));
    updateAxes();
    placeLabels();
    markDrawn();
}

void TradeOffChart::placeLabels()
{
    for (RandomizationMode m : kModes) {
        const QList<QPointF> pts = m_markers[slot(m)]->points();
        for (int i = 0; i < m_labels[slot(m)].size() && i < pts.size(); ++i)
            m_labels[slot(m)][i]->setPos(chart()->mapToPosition(pts[i], m_markers[slot(m)]) + labelOffset(m));
    }
}

void TradeOffChart::showToolTip(RandomizationMode mode, const QPointF& point, bool state)
{
    if (!state) {
        QToolTip::hideText();
        return;
    }
    const QList<QPointF> pts = m_markers[slot(mode)]->points();
    const auto i = static_cast<int>(std::find(pts.begin(), pts.end(), point) - pts.begin());
    if (i < m_toolTips[slot(mode)].size())
        QToolTip::showText(QCursor::pos(), m_toolTips[slot(mode)][i], this);
}

void TradeOffChart::setCurrent(double maxRisk, double utility, UtilityMetric metric)
{
    m_metric = metric;
    if (utility > 0 && std::isfinite(utility))
        m_current->replace(QList<QPointF>{{maxRisk, utility}});
    else
        m_current->clear();
    // Axes move only when the point leaves them (a relayout per slider step would cost a frame).
    const bool inside =
        utility >= m_y->min() && utility <= m_y->max() && maxRisk <= m_x->max() && metric == m_shownMetric;
    if (!inside)
        updateAxes();
    markDrawn();
}

void TradeOffChart::updateAxes()
{
    double lo = 1e300, hi = 0, xMax = 0.05;
    auto take = [&](const QList<QPointF>& pts) {
        for (const QPointF& p : pts) {
            lo = std::min(lo, p.y());
            hi = std::max(hi, p.y());
            xMax = std::max(xMax, p.x());
        }
    };
    for (QLineSeries* s : m_curves)
        take(s->points());
    take(m_current->points());
    if (hi <= 0) {
        lo = 1e-6;
        hi = 1e-3;
    }
    // At least two decades: one point alone (the current configuration before Compute) gave one tick.
    int first = static_cast<int>(std::floor(std::log10(lo)));
    int last = static_cast<int>(std::ceil(std::log10(hi * 1.0001)));
    while (last - first < 2)
        (last - first) % 2 == 0 ? --first : ++last;
    m_y->setRange(std::pow(10.0, first), std::pow(10.0, last));
    m_shownMetric = m_metric;
    const QString title = style::metricLabel(m_metric) + tr(", log scale");
    if (m_y->titleText() != title)
        m_y->setTitleText(title);
    m_x->setRange(0, std::min(1.0, std::ceil((xMax * 1.08) * 10) / 10));
    m_x->setTickCount(static_cast<int>(std::lround(m_x->max() * 10)) + 1);
    placeLabels();
}

QList<QPointF> TradeOffChart::curve(RandomizationMode mode) const
{
    return m_curves[slot(mode)]->points();
}
QList<QPointF> TradeOffChart::markers(RandomizationMode mode) const
{
    return m_markers[slot(mode)]->points();
}

QStringList TradeOffChart::labels(RandomizationMode mode) const
{
    QStringList out;
    for (const QGraphicsSimpleTextItem* item : m_labels[slot(mode)])
        out << item->text();
    return out;
}

QStringList TradeOffChart::toolTips(RandomizationMode mode) const
{
    return m_toolTips[slot(mode)];
}

QPointF TradeOffChart::current() const
{
    return m_current->count() ? m_current->at(0) : QPointF(-1, -1);
}

} // namespace rr::ui
