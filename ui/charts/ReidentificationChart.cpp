#include "ui/charts/ReidentificationChart.h"

#include "ui/charts/ChartStyle.h"

#include <QAreaSeries>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace rr::ui {

namespace {

// The step outline of one histogram of bins [b/10, (b+1)/10), shares in percent, on an axis starting at floor.
QList<QPointF> outline(const std::vector<double>& shares, double floor)
{
    QList<QPointF> points;
    points.reserve(static_cast<qsizetype>(4 * shares.size()));
    const double width = 1.0 / static_cast<double>(shares.size());
    for (std::size_t b = 0; b < shares.size(); ++b) {
        const double v = std::max(floor, 100 * shares[b]);
        const double x0 = static_cast<double>(b) * width;
        points << QPointF(x0, floor) << QPointF(x0, v) << QPointF(x0 + width, v) << QPointF(x0 + width, floor);
    }
    return points;
}

QList<QPointF> flat(double floor)
{
    return {QPointF(0, floor), QPointF(1, floor)};
}

QList<qreal> heights(const QLineSeries* s)
{
    QList<qreal> out;
    const QList<QPointF> points = s->points();
    for (qsizetype i = 1; i < points.size(); i += 4)
        out << points[i].y();
    return out;
}

} // namespace

ReidentificationChart::ReidentificationChart(QWidget* parent) : ChartView("reidentification", parent)
{
    setAccessibleName(tr("Re-identification risk chart"));
    auto* chart = new QChart;
    style::setUpChart(chart, tr("Re-identification risk"));
    m_risk = style::valueAxis(tr("risk per record"));
    m_risk->setRange(0.0, 1.0);
    style::roundTicks(m_risk, 0.2);
    m_share = new QLogValueAxis;
    m_share->setBase(10);
    m_share->setLabelFormat("%g");
    m_share->setTitleText(tr("records (%, log scale)"));
    QFont f = m_share->titleFont();
    f.setBold(false); // as style::valueAxis
    m_share->setTitleFont(f);
    m_share->setRange(0.001, 100.0);
    chart->addAxis(m_risk, Qt::AlignBottom);
    chart->addAxis(m_share, Qt::AlignLeft);
    m_original = addHistogram(chart, tr("original"), style::original(), 0.35);
    m_randomized = addHistogram(chart, tr("current p"), style::expected(), 0.55);
    installChart(chart);
    setData(std::nullopt);
}

ReidentificationChart::Histogram ReidentificationChart::addHistogram(QChart* chart, const QString& name,
                                                                     const QColor& color, qreal alpha)
{
    Histogram h{new QLineSeries, new QLineSeries, nullptr};
    h.outline->replace(flat(1.0)); // a log axis has no 0
    h.base->replace(flat(1.0));
    h.area = new QAreaSeries(h.outline, h.base);
    // An area series does not own its boundary series: they go with it (the chart owns the area).
    h.outline->setParent(h.area);
    h.base->setParent(h.area);
    h.area->setName(name);
    QColor fill = color;
    fill.setAlphaF(alpha);
    h.area->setBrush(fill);
    h.area->setPen(QPen(color.darker(120), 1.5));
    chart->addSeries(h.area);
    h.area->attachAxis(m_risk);
    h.area->attachAxis(m_share);
    return h;
}

void ReidentificationChart::setData(const std::optional<ReidentificationRisk>& risk, const QString& unavailable)
{
    const bool empty = !risk;
    m_risk->setVisible(!empty);
    m_share->setVisible(!empty);
    m_original.area->setVisible(!empty);
    m_randomized.area->setVisible(!empty);
    chart()->legend()->setVisible(!empty);
    if (empty) {
        setEmptyMessage(unavailable.isEmpty() ? tr("Choose the quasi-identifiers to see the re-identification risk.")
                                              : tr("No re-identification risk: %1").arg(unavailable));
        markEmpty();
        return;
    }
    setEmptyMessage(QString());
    // The axis starts a decade below one record's share; an empty bin stays on the floor (no bar).
    const double one = 100.0 / std::max(1.0, risk->original.records);
    const double floor = std::pow(10.0, std::floor(std::log10(one)));
    if (m_share->min() != floor || m_share->max() != 100.0)
        m_share->setRange(floor, 100.0);
    m_original.base->replace(flat(floor));
    m_randomized.base->replace(flat(floor));
    m_original.outline->replace(outline(risk->original.histogram, floor));
    m_randomized.outline->replace(outline(risk->randomized.histogram, floor));
    markDrawn();
}

QList<qreal> ReidentificationChart::originalBars() const
{
    return heights(m_original.outline);
}

QList<qreal> ReidentificationChart::randomizedBars() const
{
    return heights(m_randomized.outline);
}

} // namespace rr::ui
