#pragma once
// The "Without p" heat map: one association measure on the expected randomized table over the Warner
// p of two attributes (003 Figs. 4.1-4.2), coloured by how far its strength (x, |x| or |x - 1|, as
// 003 Results 4-5 compare it) lies above (red) or below (blue) the original's, the contour where it equals the original, and the current p.
#include "core/analysis/WithoutP.h"
#include "ui/charts/ChartView.h"
#include "ui/charts/HeatMap.h"

#include <memory>

class QColorAxis;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace rr::ui {

class MeasureSurfaceChart : public ChartView {
    Q_OBJECT
public:
    explicit MeasureSurfaceChart(QWidget* parent = nullptr);
    void setData(std::shared_ptr<const WithoutPFrame> frame);
    std::shared_ptr<const WithoutPFrame> data() const { return m_frame; }
    // For tests: the contour pieces drawn, the marker of the current p, the colour scale's half width.
    int contourCount() const;
    QPointF currentPoint() const;
    double scaleHalfWidth() const { return m_half; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    double strength(const MeasureValue& v) const; // the compared quantity (x, |x|, |x - 1|)
    void renderHeatMap();
    void updateContours();

    std::shared_ptr<const WithoutPFrame> m_frame;
    double m_half = 0;
    std::unique_ptr<HeatMapLayer> m_heat;
    QValueAxis* m_x;
    QValueAxis* m_y;
    QColorAxis* m_color;
    QScatterSeries* m_current;
    std::unique_ptr<ContourLines> m_contours;
};

// Blue (t = 0) through white (0.5) to red (1), for differences from the original.
QColor divergingColor(double t);

} // namespace rr::ui
