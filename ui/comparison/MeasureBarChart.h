#pragma once
#include <QFont>
// One measure of the four releases side by side across l = 2..L (003 Fig. 5.5-5.7): grouped bars,
// one set per method; the max-risk chart adds tau = 1/l, the uncertainty charts the original value.
#include "ui/charts/ChartView.h"
#include "ui/comparison/ComparisonMeasures.h"

#include <memory>

class QBarCategoryAxis;
class QBarSeries;
class QValueAxis;

namespace rr::ui {

class MeasureBarChart : public ChartView {
    Q_OBJECT
public:
    explicit MeasureBarChart(QWidget* parent = nullptr);
    void setData(std::shared_ptr<const ComparisonSweep> sweep);
    void setMeasure(ComparisonMeasure measure);
    ComparisonMeasure measure() const { return m_measure; }
    QBarSeries* series() const { return m_series; }
    // Bars drawn at 0 because the method had no value there (unavailable or undefined).
    int missingBars() const { return m_missing; }
    QString xAxisTitle() const; // says why a method gave no release, when one did not

private:
    void redraw();
    // redraw's steps.
    double addMethodBars(QStringList& gaps, QStringList& noRelease);
    void addReferenceBar(bool risk, bool prior, double& top);
    void nameAxes(const QStringList& gaps, const QStringList& noRelease);

    std::shared_ptr<const ComparisonSweep> m_sweep;
    ComparisonMeasure m_measure = ComparisonMeasure::VariationalDistance;
    QBarSeries* m_series;
    QBarCategoryAxis* m_x;
    QValueAxis* m_y;
    QFont m_axisFont, m_titleFont; // as set up; a name with pi-hat gets a family that draws the hat
    int m_missing = 0;
};

} // namespace rr::ui
