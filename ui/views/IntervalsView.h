#pragma once
#include "ui/views/AnalysisView.h"

class QComboBox;

namespace rr::ui {

class AnalysisState;
class IntervalsChart;
class Workspace;

// View 4: a cell's interquantile ranges as one p varies; choose the attribute(s), the cell and p.
class IntervalsView : public AnalysisView {
    Q_OBJECT
public:
    IntervalsView(AnalysisState* state, Workspace* workspace, QWidget* parent = nullptr);
    ChartView* chartView() const override;
    IntervalsChart* chart() const { return m_chart; }

private:
    void fillAttributes();
    void syncFromState();
    void pushChoices();

    AnalysisState* m_state;
    Workspace* m_workspace;
    IntervalsChart* m_chart;
    QComboBox* m_a;
    QComboBox* m_b;
    QComboBox* m_cell;
    QComboBox* m_vary;
    bool m_syncing = false;
};

} // namespace rr::ui
