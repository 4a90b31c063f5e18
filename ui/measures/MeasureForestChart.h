#pragma once
// Forest plot of every association measure of a pair (issue 8): one row per measure, its estimate from
// the simulated release with the normal (thick) and Chebyshev (thin) ranges, and the value an analyst
// gets without p. The measures live on different scales, so every value is plotted relative to the
// original: (x - original) / |original|; the original itself is the line at 0.
#include "core/analysis/MeasuresFrame.h"
#include "ui/charts/ChartView.h"

#include <QList>
#include <QStringList>

#include <optional>
#include <vector>

class QCategoryAxis;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace rr::ui {

class MeasureForestChart : public ChartView {
    Q_OBJECT
public:
    // Rows: the 21 measures, then the whole-table measures of a polytomous pair.
    static constexpr int kMaxRows = 26;

    explicit MeasureForestChart(QWidget* parent = nullptr);
    void setData(const MeasuresFrame& frame);

    // For tests: row labels top to bottom, and per plotted row its relative estimate (x) at row y.
    QStringList rowLabels() const { return m_labels; }
    QList<QGraphicsSimpleTextItem*> rowLabelItems() const { return m_rowItems; }
    QList<QPointF> estimatePoints() const;
    QList<QPointF> randomizedPoints() const;
    // The normal range of row `row` (top = 0) as two points, empty when not drawn.
    QList<QPointF> normalRange(int row) const;
    double axisLimit() const { return m_limit; }

private:
    // setData's steps.
    bool fillRowLabels(const MeasuresFrame& f, const std::vector<const MeasureEstimate*>& rows,
                       const std::vector<RelativeEstimate>& rel, int n);
    void layoutRows(bool anyUndefined, double limit, int n);
    void plotRows(const std::vector<RelativeEstimate>& rel, const std::vector<std::optional<double>>& withoutP, int n,
                  double limit);
    void nameSeries(const MeasuresFrame& f);
    void placeRowLabels();

    QScatterSeries* m_estimate;
    QScatterSeries* m_randomized;
    QLineSeries* m_zero;
    QList<QLineSeries*> m_normal, m_chebyshev;
    QValueAxis* m_x;
    QCategoryAxis* m_y;
    QStringList m_labels;
    QList<QGraphicsSimpleTextItem*> m_rowItems; // the row labels as drawn (top to bottom)
    QList<int> m_rowOfSeries;                   // row plotted by m_normal[i] (-1 unused)
    double m_limit = 1;
};

// The rows the forest plot and the table share: the pair's 21 measures then the whole-table ones.
std::vector<const MeasureEstimate*> forestRows(const PairMeasures& m);

} // namespace rr::ui
