#pragma once
// Rules mined from a simulated release (issue 8, 003 Sec. 3.2): each rule at its estimated support (x) and
// confidence (y) with the support's normal range and the confidence's Chebyshev range as whiskers, coloured
// by its verdict against the original rules, and the two thresholds.
#include "core/analysis/RulesFrame.h"
#include "ui/charts/ChartView.h"

#include <array>

class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace rr::ui {

class RulesChart : public ChartView {
    Q_OBJECT
public:
    static constexpr int kMaxWhiskers = 40; // rules beyond this show as points only

    explicit RulesChart(QWidget* parent = nullptr);
    void setData(const RulesFrame& frame);

    QList<QPointF> points(RuleVerdict v) const;

private:
    std::array<QScatterSeries*, 4> m_points;
    QList<QLineSeries*> m_supportWhiskers, m_confidenceWhiskers;
    QLineSeries* m_minSupport;
    QLineSeries* m_minConfidence;
    QValueAxis* m_x;
    QValueAxis* m_y;
};

} // namespace rr::ui
