#pragma once
// View 2: the distribution of Pr(S_r | QI_r) over records (histogram or CDF) with the tau line.
#include "core/analysis/Frame.h"
#include "ui/charts/ChartView.h"

class QAreaSeries;
class QLineSeries;
class QValueAxis;

namespace rr::ui {

class RiskChart : public ChartView {
    Q_OBJECT
public:
    explicit RiskChart(QWidget* parent = nullptr);
    void setData(const RiskProfile& data, bool cdf);

    QList<QPointF> histogramPoints() const; // step outline of the histogram
    QList<QPointF> cdfPoints() const;
    qreal tauLineX() const;

private:
    double drawHistogram(const RiskProfile& d);
    double drawCdf(const RiskProfile& d);

    QLineSeries* m_histogramUpper;
    QAreaSeries* m_histogram;
    QLineSeries* m_cdf;
    QLineSeries* m_tau;
    QValueAxis* m_x;
    QValueAxis* m_y;
};

} // namespace rr::ui
