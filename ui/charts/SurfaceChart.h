#pragma once
// View 3: max risk (or one record's risk) over a grid of two retention probabilities as a heat
// map, the contour at tau, the current point; a click sets both parameters (003 Fig. 5.2, live), and so do the
// arrow keys, one grid step at a time (issue 20: every action reachable from the keyboard).
#include "core/analysis/SurfaceFrame.h"
#include "ui/charts/ChartView.h"
#include "ui/charts/HeatMap.h"

#include <memory>

class QColorAxis;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace rr::ui {

class SurfaceChart : public ChartView {
    Q_OBJECT
public:
    explicit SurfaceChart(QWidget* parent = nullptr);
    void setData(std::shared_ptr<const SurfaceFrame> data, double tau);
    void setTau(double tau);
    void setCurrentPoint(double px, double py);

    std::shared_ptr<const SurfaceFrame> data() const { return m_data; }
    QPointF currentPoint() const;
    int contourCount() const;
    // The risk interpolated from the grid at (px, py), for tooltips.
    double valueAt(double px, double py) const;
    // The whole title (the chart shows a shorter one fitted to its width; this is its tooltip).
    QString fullTitle() const { return m_fullTitle; }
    // The hover read-out: the grid point nearest the mouse, its p and its value from the grid.
    QString readOut() const { return m_readOut; }
    // The read-out for the grid point nearest (px, py); empty without data.
    QString readOutAt(double px, double py) const;

signals:
    void pointClicked(double px, double py);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void leaveEvent(QEvent* event) override;
    bool event(QEvent* event) override;

private:
    void renderHeatMap();
    void updateContours();
    bool valueAtPosition(const QPoint& pos, QPointF* value) const;
    void layOutTitle();
    void setReadOut(const QString& text);

    std::shared_ptr<const SurfaceFrame> m_data;
    double m_tau = 0.5;
    std::unique_ptr<HeatMapLayer> m_heat;
    QValueAxis* m_x;
    QValueAxis* m_y;
    QColorAxis* m_color;
    QScatterSeries* m_current;
    std::unique_ptr<ContourLines> m_contours;
    QString m_titleAxes; // ", by p of x (x) and y (y)"
    QString m_fullTitle;
    QString m_readOut;
    QGraphicsRectItem* m_readOutBox;        // top right of the plot area
    QGraphicsSimpleTextItem* m_readOutItem; // in the box
};

} // namespace rr::ui
