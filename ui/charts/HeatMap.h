#pragma once
// The parts a heat map over two retention probabilities shares (the risk surface, 003 Fig. 5.2; a measure
// on the randomized table, 003 Figs. 4.1-4.2): the p axes, the picture of the grid, its contour lines and
// the marker of the current p. Each chart keeps its own colours, scale and labels.
#include "ui/charts/Contour.h"

#include <QColor>
#include <QImage>
#include <QList>
#include <QPen>
#include <QString>

#include <vector>

class QChart;
class QGraphicsPixmapItem;
class QGraphicsRectItem;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace rr::ui {

// A p axis for a heat map: ticks at tenths, no grid lines over the colours; added to `chart` at `side`.
QValueAxis* addHeatMapAxis(QChart* chart, const QString& title, const QString& labelFormat, Qt::Alignment side);
// The "current p" marker: a large circle, added to `chart` (attach it to the axes afterwards).
QScatterSeries* addCurrentPointMarker(QChart* chart, const QColor& fill, const QColor& border);

// The grid as a picture under the axes and series: one pixel per grid point, scaled (bilinear) once per
// grid or size change so that pixel centres fall on the grid points, clipped to the plot area.
class HeatMapLayer {
public:
    explicit HeatMapLayer(QChart* chart);
    // One pixel per grid point, the highest y in row 0; a null image clears the picture.
    void setGrid(const QImage& grid);
    // After the plot area or the device pixel ratio changed.
    void place(qreal devicePixelRatio);

private:
    QChart* m_chart;
    QGraphicsRectItem* m_clip;   // the plot area: clips the outer half cells
    QGraphicsPixmapItem* m_heat; // the scaled grid
    QImage m_grid;
};

// Contour lines as line series on the x and y axes. From the first setLines() on there is always at least
// one series, whose legend entry explains the line; the others have no legend marker. A light pen's
// legend marker can be outlined so that it shows on the legend's white.
class ContourLines {
public:
    ContourLines(QChart* chart, QValueAxis* x, QValueAxis* y, const QPen& pen, bool outlineMarker = false);
    void setLines(const std::vector<Polyline>& lines);
    QLineSeries* first() const { return m_series.front(); } // after setLines()
    const QList<QLineSeries*>& series() const { return m_series; }

private:
    void grow(int count);

    QChart* m_chart;
    QValueAxis* m_x;
    QValueAxis* m_y;
    QPen m_pen;
    bool m_outlineMarker;
    QList<QLineSeries*> m_series;
};

} // namespace rr::ui
