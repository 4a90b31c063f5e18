#pragma once
#include <string>
#include <vector>
#include <utility>
// View 1: original proportions, expected randomized proportions lambda = P pi, and the estimate
// of one simulated randomization with interquantile-range whiskers (003 Sec. 3.2, Fig. 3.1).
#include "core/analysis/Frame.h"
#include "ui/charts/ChartView.h"

class QBarSeries;
class QBarSet;
class QBarCategoryAxis;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace rr::ui {

// The chart's category labels for cells labelled "v1 | v2 | ...": each value shortened so the label has
// about maxChars characters, all distinct (whole labels when shortening would merge two).
QStringList shortCellLabels(const std::vector<std::string>& full, int maxChars);

class DistributionChart : public ChartView {
    Q_OBJECT
public:
    explicit DistributionChart(QWidget* parent = nullptr);
    void setData(const DistributionEstimate& data);

    // What is drawn (tests compare it with core's numbers).
    QList<qreal> originalValues() const;
    QList<qreal> expectedValues() const;
    QList<qreal> estimateValues() const;
    QList<QPointF> whiskerPoints(int bar) const;
    QStringList categories() const;
    // Characters a category label may have in the room the axis has at this size.
    int labelBudget() const;
    QString xAxisTitle() const;
    // Estimates below zero, marked where they are drawn (x in category units), and the note in the
    // x axis title saying why (empty when none).
    QList<QPointF> negativePoints() const;
    QString negativeNote() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    // setData's steps.
    void resetCategories(const QStringList& labels, int n);
    std::pair<double, double> placeBars(const DistributionEstimate& d, int n);
    void markNegative(const DistributionEstimate& d, int n);
    void nameAxes(const DistributionEstimate& d, int n);
    QLineSeries* whiskerSeries(int i);
    void relabel();
    void shortenCutLabels();

    static constexpr int kNoCap = 1000;
    static constexpr int kLeastBudget = 4;

    QBarSeries* m_bars;
    QBarSet* m_original;
    QBarSet* m_expected;
    QBarSet* m_estimate;
    QBarCategoryAxis* m_x;
    QValueAxis* m_xWhisker;
    QValueAxis* m_y;
    QList<QLineSeries*> m_whiskers;
    QScatterSeries* m_negative;
    QString m_negativeNote;
    QStringList m_labels;
    std::vector<std::string> m_fullLabels; // as computed; shortened to the room at each size
    bool m_pairs = false;
    int m_budgetCap = kNoCap; // lowered where Qt Charts still cut a label at this size
};

} // namespace rr::ui
