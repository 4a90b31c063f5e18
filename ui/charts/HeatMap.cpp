#include "ui/charts/HeatMap.h"

#include "ui/charts/ChartStyle.h"

#include <QChart>
#include <QGraphicsPixmapItem>
#include <QGraphicsRectItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPixmap>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace rr::ui {

QValueAxis* addHeatMapAxis(QChart* chart, const QString& title, const QString& labelFormat, Qt::Alignment side)
{
    QValueAxis* axis = style::valueAxis(title, labelFormat);
    style::roundTicks(axis, 0.1);
    axis->setGridLineVisible(false);
    chart->addAxis(axis, side);
    return axis;
}

QScatterSeries* addCurrentPointMarker(QChart* chart, const QColor& fill, const QColor& border)
{
    auto* marker = new QScatterSeries;
    marker->setName(QObject::tr("current p"));
    marker->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    marker->setMarkerSize(14);
    marker->setColor(fill);
    marker->setBorderColor(border);
    chart->addSeries(marker);
    return marker;
}

HeatMapLayer::HeatMapLayer(QChart* chart)
    : m_chart(chart), m_clip(new QGraphicsRectItem(chart)), m_heat(new QGraphicsPixmapItem(m_clip))
{
    m_clip->setPen(Qt::NoPen);
    m_clip->setBrush(Qt::NoBrush);
    m_clip->setFlag(QGraphicsItem::ItemClipsChildrenToShape);
    m_clip->setZValue(0.5); // above the plot-area background, below grid, axes and series
    m_heat->setTransformationMode(Qt::SmoothTransformation);
}

void HeatMapLayer::setGrid(const QImage& grid)
{
    m_grid = grid;
    if (m_grid.isNull())
        m_heat->setPixmap(QPixmap());
}

void HeatMapLayer::place(qreal devicePixelRatio)
{
    const QRectF area = m_chart->plotArea();
    m_clip->setRect(area);
    if (m_grid.isNull() || area.width() < 2 || area.height() < 2)
        return;
    // Pixel centres on the grid points: the image reaches half a cell past the plot area (clipped).
    // Scaled once here, so painting the chart is a plain copy however often it repaints.
    const int nx = m_grid.width(), ny = m_grid.height();
    const qreal dpr = std::max<qreal>(1.0, devicePixelRatio);
    const qreal cellW = area.width() / std::max(1, nx - 1), cellH = area.height() / std::max(1, ny - 1);
    const QSize target(static_cast<int>(std::ceil(nx * cellW * dpr)), static_cast<int>(std::ceil(ny * cellH * dpr)));
    QPixmap pixmap = QPixmap::fromImage(m_grid.scaled(target, Qt::IgnoreAspectRatio, Qt::SmoothTransformation));
    pixmap.setDevicePixelRatio(dpr);
    m_heat->setPixmap(pixmap);
    m_heat->setPos(area.left() - cellW / 2, area.top() - cellH / 2);
}

ContourLines::ContourLines(QChart* chart, QValueAxis* x, QValueAxis* y, const QPen& pen, bool outlineMarker)
    : m_chart(chart), m_x(x), m_y(y), m_pen(pen), m_outlineMarker(outlineMarker)
{}

void ContourLines::grow(int count)
{
    while (m_series.size() < count) {
        auto* s = new QLineSeries;
        s->setPen(m_pen);
        m_chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
        if (!m_series.isEmpty())
            style::hideLegendMarker(m_chart, s);
        else if (m_outlineMarker)
            for (QLegendMarker* m : m_chart->legend()->markers(s)) {
                m->setBrush(m_pen.color());
                m->setPen(QPen(Qt::black, 1));
            }
        m_series.append(s);
    }
}

void ContourLines::setLines(const std::vector<Polyline>& lines)
{
    grow(std::max(1, static_cast<int>(lines.size())));
    for (int i = 0; i < m_series.size(); ++i) {
        QList<QPointF> pts;
        if (i < static_cast<int>(lines.size()))
            for (const auto& [x, y] : lines[static_cast<std::size_t>(i)])
                pts << QPointF(x, y);
        m_series[i]->replace(pts);
        m_series[i]->setVisible(i == 0 || !pts.isEmpty());
    }
}

} // namespace rr::ui
