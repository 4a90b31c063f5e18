#pragma once
#include "ui/views/AnalysisView.h"

#include <memory>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace rr {
struct TradeOffCurve;
} // namespace rr

namespace rr::ui {

class AnalysisState;
class TradeOffChart;
class Workspace;

// View 5: the trade-off curves (background computation with progress and Cancel).
class TradeOffView : public AnalysisView {
    Q_OBJECT
public:
    TradeOffView(AnalysisState* state, Workspace* workspace, QWidget* parent = nullptr);
    ChartView* chartView() const override;
    TradeOffChart* chart() const { return m_chart; }
    QPushButton* computeButton() const { return m_compute; }
    QLabel* statusLabel() const { return m_status; }
    QList<PageCommand> commands() override;

private:
    // The constructor's parts.
    void buildControls();
    void connectControls();
    void showCurves(const std::shared_ptr<const TradeOffCurve>& r);
    void syncFromState();
    void pushChoices();

    AnalysisState* m_state;
    Workspace* m_workspace;
    TradeOffChart* m_chart;
    QSpinBox* m_lMax;
    QComboBox* m_metric;
    QPushButton* m_compute;
    QLabel* m_status;
    bool m_syncing = false;
};

} // namespace rr::ui
