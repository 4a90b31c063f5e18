#pragma once
// View 5: utility loss against max risk at the optimal points of RR-QI, RR-S and RR-Both for
// l = 2..L, with the current configuration as a point. Each optimal point has a marker of its
// mode (RR-QI and RR-Both stay visible when they coincide), an "l = ..." label and a tooltip.
#include "core/analysis/TradeOffCurve.h"
#include "ui/charts/ChartView.h"

#include <string>
#include <vector>

class QGraphicsSimpleTextItem;
class QLineSeries;
class QScatterSeries;
class QLogValueAxis;
class QValueAxis;

namespace rr::ui {

class TradeOffChart : public ChartView {
    Q_OBJECT
public:
    explicit TradeOffChart(QWidget* parent = nullptr);
    // `names`: the attributes of the joint table (QIs, then S), naming each p in the tooltips.
    void setData(std::shared_ptr<const TradeOffCurve> data, const std::vector<std::string>& names = {});
    void setCurrent(double maxRisk, double utility, UtilityMetric metric);
    bool hasCurves() const { return m_data != nullptr; } // curves shown (not cleared)

    QList<QPointF> curve(RandomizationMode mode) const;
    QPointF current() const;
    // The drawn optimal points of a mode (markers), their l labels and tooltips, in the same order.
    QList<QPointF> markers(RandomizationMode mode) const;
    QStringList labels(RandomizationMode mode) const;
    QStringList toolTips(RandomizationMode mode) const;

private:
    // The constructor's parts.
    void addCurves(QChart* chart);
    void addMarkers(QChart* chart);
    void addCurrentMarker(QChart* chart);
    void updateAxes();
    void placeLabels();
    void showToolTip(RandomizationMode mode, const QPointF& point, bool state);

    std::shared_ptr<const TradeOffCurve> m_data;
    QLineSeries* m_curves[3];
    QScatterSeries* m_markers[3];
    QList<QGraphicsSimpleTextItem*> m_labels[3];
    QStringList m_toolTips[3];
    QScatterSeries* m_current;
    QValueAxis* m_x;
    QLogValueAxis* m_y;
    UtilityMetric m_metric = UtilityMetric::TraceCovariance;
    UtilityMetric m_shownMetric = UtilityMetric::TraceCovariance;
};

} // namespace rr::ui
