#pragma once
// The Baskets workspace's three live charts; each draws a BasketsFrame as core computed it.
#include "core/basketpipeline/BasketsPipeline.h"
#include "ui/charts/ChartView.h"

#include <QList>

#include <memory>

class QCategoryAxis;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;

namespace rr::ui {

// Worst-case breach (004 eq. 15-16) per transaction size m against the breach level.
class BasketBreachChart : public ChartView {
    Q_OBJECT
public:
    explicit BasketBreachChart(QWidget* parent = nullptr);
    void clear();
    void setFrame(const BasketsFrame& frame, const Transactions& baskets);
    QLineSeries* worstSeries() const { return m_worst; }
    // Frequency-aware distortion: the other items' class (the frequent items' is worstSeries()).
    QLineSeries* otherSeries() const { return m_other; }

private:
    QValueAxis* m_x;
    QValueAxis* m_y;
    QLineSeries* m_worst;
    QLineSeries* m_other;
    QLineSeries* m_level;
};

// Recovered supports of the top itemsets with their 95% ranges (004 Statement 3) against the true supports.
class RecoveredSupportsChart : public ChartView {
    Q_OBJECT
public:
    explicit RecoveredSupportsChart(QWidget* parent = nullptr);
    void clear();
    void setFrame(const BasketsFrame& frame, const Transactions& baskets);
    QScatterSeries* estimateSeries() const { return m_estimates; }
    QScatterSeries* truthSeries() const { return m_truth; }

private:
    QCategoryAxis* m_x;
    QValueAxis* m_y;
    QScatterSeries* m_truth;
    QScatterSeries* m_estimates;
    QList<QLineSeries*> m_ranges; // one vertical segment per itemset
};

// Precision and recall of 004's modified Apriori on the preview release against the original, vs s_min.
class MiningQualityChart : public ChartView {
    Q_OBJECT
public:
    explicit MiningQualityChart(QWidget* parent = nullptr);
    void clear();
    void setFrame(const BasketsFrame& frame);
    QLineSeries* precisionSeries() const { return m_precision; }
    QLineSeries* recallSeries() const { return m_recall; }

private:
    QValueAxis* m_x;
    QValueAxis* m_y;
    QLineSeries* m_precision;
    QLineSeries* m_recall;
};

// 002's reconstruction probability R(p, s) (eq. 13) vs item support per keep class, with the overall R(p)
// (eq. 16, 17) as a level. Operators R does not apply to leave it empty (the view says why in words).
class ReconstructionChart : public ChartView {
    Q_OBJECT
public:
    explicit ReconstructionChart(QWidget* parent = nullptr);
    void clear();
    void setFrame(const BasketsFrame& frame);
    QList<QLineSeries*> classSeries() const { return m_classes; }
    QLineSeries* overallSeries() const { return m_overall; }

private:
    QLogValueAxis* m_x;
    QValueAxis* m_y;
    QList<QLineSeries*> m_classes; // all items, or frequent and other items
    QLineSeries* m_overall;
};

} // namespace rr::ui
