#pragma once
#include "ui/views/AnalysisView.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace rr {
struct DistributionEstimate;
} // namespace rr

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
    // With more cells than the chart shows: the rank (1 = largest) of the first cell shown.
    QSpinBox* rankBox() const { return m_rank; }

private:
    void fillAttributes();
    void syncFromState();
    void pushChoices();
    void updateRankBox(const DistributionEstimate& d);

    AnalysisState* m_state;
    Workspace* m_workspace;
    DistributionChart* m_chart;
    QComboBox* m_a;
    QComboBox* m_b;
    QComboBox* m_kind;
    QDoubleSpinBox* m_alpha;
    QLabel* m_seed;
    QPushButton* m_resample;
    QLabel* m_rankLabel;
    QSpinBox* m_rank;
    bool m_syncing = false;
};

} // namespace rr::ui
