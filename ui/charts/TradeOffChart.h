#pragma once
// View 5: utility loss against max risk at the optimal points of RR-QI, RR-S and RR-Both for
// l = 2..L, with the current configuration as a point.
#include "ui/charts/ChartView.h"
#include "core/analysis/TradeOffCurve.h"

class QLineSeries;
class QScatterSeries;
class QLogValueAxis;
class QValueAxis;

namespace rr::ui {

class TradeOffChart : public ChartView {
    Q_OBJECT
public:
    explicit TradeOffChart(QWidget* parent = nullptr);
    void setData(std::shared_ptr<const TradeOffCurve> data);
    void setCurrent(double maxRisk, double utility, UtilityMetric metric);

    QList<QPointF> curve(RandomizationMode mode) const;
    QPointF current() const;

private:
    void updateAxes();

    std::shared_ptr<const TradeOffCurve> m_data;
    QLineSeries* m_curves[3];
    QScatterSeries* m_current;
    QValueAxis* m_x;
    QLogValueAxis* m_y;
    UtilityMetric m_metric = UtilityMetric::TraceCovariance;
    UtilityMetric m_shownMetric = UtilityMetric::TraceCovariance;
};

} // namespace rr::ui
