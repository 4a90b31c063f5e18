#pragma once
// View 4: normal and Chebyshev interquantile ranges of one cell's estimate as one p varies
// (003 Fig. 3.2 / 3.3), with the current p and one simulated estimate.
#include "core/analysis/Frame.h"
#include "ui/charts/ChartView.h"
#include "ui/charts/RangeBands.h"

#include <memory>

class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace rr::ui {

class IntervalsChart : public ChartView {
    Q_OBJECT
public:
    explicit IntervalsChart(QWidget* parent = nullptr);
    void setData(const IntervalSweep& data);

    QList<QPointF> normalUpper() const;
    QList<QPointF> normalLower() const;
    QList<QPointF> chebyshevUpper() const;
    QList<QPointF> chebyshevLower() const;
    QPointF simulatedPoint() const;

private:
    std::unique_ptr<RangeBands> m_bands;
    QLineSeries* m_estimate;
    QLineSeries* m_current;
    QScatterSeries* m_simulated;
    QLineSeries* m_simulatedWhisker;
    QValueAxis* m_x;
    QValueAxis* m_y;
};

} // namespace rr::ui
