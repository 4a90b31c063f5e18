#include "ui/charts/TradeOffChart.h"

#include "ui/charts/ChartStyle.h"

#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
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
} // namespace

TradeOffChart::TradeOffChart(QWidget* parent) : ChartView("tradeoff", parent)
{
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
    for (RandomizationMode m : kModes) {
        auto* s = new QLineSeries;
        s->setName(style::modeName(m));
        QPen pen(style::mode(m), 2.4);
        s->setPen(pen);
        s->setPointsVisible(true);
        s->setMarkerSize(9);
        s->setPointLabelsFormat("@xPoint");
        chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
        m_curves[slot(m)] = s;
    }
    m_current = new QScatterSeries;
    m_current->setName(tr("current configuration"));
    m_current->setMarkerShape(QScatterSeries::MarkerShapeStar);
    m_current->setMarkerSize(20);
    m_current->setColor(style::tau());
    m_current->setBorderColor(Qt::black);
    chart->addSeries(m_current);
    m_current->attachAxis(m_x);
    m_current->attachAxis(m_y);
    installChart(chart);
    updateAxes();
}

void TradeOffChart::setData(std::shared_ptr<const TradeOffCurve> data)
{
    m_data = std::move(data);
    if (!m_data) { // data or roles changed: the old curves no longer hold (issue 11)
        for (RandomizationMode m : kModes) {
            m_curves[slot(m)]->clear();
            m_curves[slot(m)]->setName(style::modeName(m));
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
            if (p.feasible && p.utilityLoss > 0 && std::isfinite(p.utilityLoss))
                pts << QPointF(p.maxRisk, p.utilityLoss);
            else if (!p.feasible)
                ++infeasible;
        }
        QLineSeries* s = m_curves[slot(m)];
        s->replace(pts);
        QString name = style::modeName(m);
        if (infeasible > 0)
            name += pts.isEmpty() ? tr(" (infeasible at every l)") : tr(" (infeasible at %1 of the l)").arg(infeasible);
        s->setName(name);
    }
    chart()->setTitle(tr("Privacy\u2013utility trade-off: optimal p for l = 2..%1 (\u03C4 = 1/l)%2")
                          .arg(m_data->lMax)
                          .arg(m_data->complete ? QString() : tr(" \u2014 canceled, partial")));
    updateAxes();
    markDrawn();
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
    m_y->setRange(std::pow(10.0, std::floor(std::log10(lo))), std::pow(10.0, std::ceil(std::log10(hi * 1.0001))));
    m_shownMetric = m_metric;
    const QString title = style::metricLabel(m_metric) + tr(", log scale");
    if (m_y->titleText() != title)
        m_y->setTitleText(title);
    m_x->setRange(0, std::min(1.0, std::ceil((xMax * 1.08) * 10) / 10));
    m_x->setTickCount(static_cast<int>(std::lround(m_x->max() * 10)) + 1);
}

QList<QPointF> TradeOffChart::curve(RandomizationMode mode) const
{
    return m_curves[slot(mode)]->points();
}
QPointF TradeOffChart::current() const
{
    return m_current->count() ? m_current->at(0) : QPointF(-1, -1);
}

} // namespace rr::ui
