#pragma once
// The Risk step's re-identification panel (issue 22), beside attribute disclosure: the chart of the risk
// per record and its summary, original against the current p (ARX's prosecutor and marketer risks at p = 1).
#include "core/analysis/ReidentificationStep.h"

#include <QWidget>

class QLabel;

namespace rr::ui {

class ReidentificationChart;

class ReidentificationPanel : public QWidget {
    Q_OBJECT
public:
    explicit ReidentificationPanel(QWidget* parent = nullptr);
    void setData(const ReidentificationStep& step);
    void clear();

    ReidentificationChart* chart() const { return m_chart; }
    // Largest, mean, share above the threshold, sample uniques: original and at the current p (tests).
    QLabel* summary() const { return m_summary; }

private:
    ReidentificationChart* m_chart;
    QLabel* m_summary;
};

} // namespace rr::ui
