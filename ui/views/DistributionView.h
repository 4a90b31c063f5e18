#pragma once
#include "ui/views/AnalysisView.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace rr::ui {

class AnalysisState;
class DistributionChart;
class Workspace;

// View 1 with its controls: attribute (or pair), interval kind and alpha, seed and Resample.
class DistributionView : public AnalysisView {
    Q_OBJECT
public:
    DistributionView(AnalysisState* state, Workspace* workspace, QWidget* parent = nullptr);
    ChartView* chartView() const override;
    DistributionChart* chart() const { return m_chart; }
    QComboBox* attributeBox() const { return m_a; }
    QComboBox* pairBox() const { return m_b; }

private:
    void fillAttributes();
    void syncFromState();
    void pushChoices();

    AnalysisState* m_state;
    Workspace* m_workspace;
    DistributionChart* m_chart;
    QComboBox* m_a;
    QComboBox* m_b;
    QComboBox* m_kind;
    QDoubleSpinBox* m_alpha;
    QLabel* m_seed;
    QPushButton* m_resample;
    bool m_syncing = false;
};

} // namespace rr::ui
