#pragma once
#include "ui/views/AnalysisView.h"

#include <memory>

class QComboBox;
class QDoubleSpinBox;
class QHBoxLayout;
class QVBoxLayout;
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
    // The precision of one shown cell in the owner's units (share, +- points and records at 1 - alpha).
    QComboBox* precisionCellBox() const { return m_cell; }
    QLabel* precisionLine() const { return m_precision; }
    void addOptimizeTargets(QStringList& labels, QStringList& analyses) const override;

private:
    // The constructor's parts.
    QVBoxLayout* buildControls();
    QHBoxLayout* buildPrecisionRow();
    void connectControls();
    void fillAttributes();
    void syncFromState();
    void pushChoices();
    void updateRankBox(const DistributionEstimate& d);
    void updatePrecision(const DistributionEstimate& d);
    void showPrecision();

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
    QComboBox* m_cell;
    QLabel* m_precision;
    std::shared_ptr<const DistributionEstimate> m_shown; // of the last frame, for the precision line
    bool m_syncing = false;
};

} // namespace rr::ui
