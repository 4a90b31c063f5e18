#pragma once
// One measure's expected estimate and its normal and Chebyshev ranges as p varies (003 Fig. 3.3, 000
// Fig. 1), with the original value, the value an analyst gets from the randomized table without p, and
// the current p.
#include "core/analysis/MeasuresFrame.h"
#include "ui/charts/ChartView.h"
#include "ui/charts/RangeBands.h"

#include <memory>

class QLineSeries;
class QValueAxis;

namespace rr::ui {

class MeasureSweepChart : public ChartView {
    Q_OBJECT
public:
    explicit MeasureSweepChart(QWidget* parent = nullptr);
    void setData(const MeasuresFrame& frame);

    QList<QPointF> estimateLine() const;
    QList<QPointF> normalUpper() const;
    QList<QPointF> chebyshevLower() const;
    QList<QPointF> randomizedLine() const;
    int skippedPoints() const { return m_skipped; } // grid points whose estimate or variance is undefined

private:
    void nameSeries(const MeasuresFrame& f, bool haveOriginal, double original);

    std::unique_ptr<RangeBands> m_bands;
    QLineSeries* m_estimate;
    QLineSeries* m_randomized;
    QLineSeries* m_original;
    QLineSeries* m_current;
    QValueAxis* m_x;
    QValueAxis* m_y;
    int m_skipped = 0;
};

} // namespace rr::ui
