#pragma once
#include "core/analysis/Frame.h"
#include "core/analysis/RiskProfile.h"
#include "ui/views/AnalysisView.h"

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QTableView;

namespace rr::ui {

class AnalysisState;
class RiskChart;
class RecordGroupDialog;
class ReidentificationPanel;
class SeveralSensitivePanel;
class RiskyRecordsModel;
class Workspace;

// View 2: attribute-disclosure risk over records (histogram / CDF with the tau line) with, beside it, the
// re-identification risk (issue 22), and the riskiest records.
class RiskView : public AnalysisView {
    Q_OBJECT
public:
    RiskView(AnalysisState* state, Workspace* workspace, QWidget* parent = nullptr);
    ChartView* chartView() const override;
    RiskChart* chart() const { return m_chart; }
    RiskyRecordsModel* recordsModel() const { return m_records; }
    QTableView* recordsView() const { return m_table; }
    // The QI group of the record in row `row` of the riskiest records at the current p (double-click):
    // opens a dialog with core's numbers; nullptr (and nothing opened) when the row is no record of the
    // current analysis.
    RecordGroupDialog* showGroup(int row);
    // Beside the largest risk, the baseline: the prior of guessing the most common S value, and what the
    // release adds to it.
    QLabel* baselineLine() const { return m_baselineLine; }
    ReidentificationPanel* reidentificationPanel() const { return m_reidentification; }
    SeveralSensitivePanel* severalPanel() const { return m_several; }

    // The risk chart, then the re-identification chart beside it.
    void addToReport(ReportParts& parts) override;

private:
    // The constructor's parts.
    void buildWidgets();
    void buildLayout();
    void connectState();
    void connectTable();

    AnalysisState* m_state;
    Workspace* m_workspace;
    RiskChart* m_chart;
    RiskyRecordsModel* m_records;
    QTableView* m_table;
    QComboBox* m_display;
    QLabel* m_summary;
    QLabel* m_baselineLine;
    ReidentificationPanel* m_reidentification;
    SeveralSensitivePanel* m_several;
    std::optional<RiskBaseline> m_baseline; // of the current analysis; maxRisk follows the live frame
    // The newest frame that carries the re-identification risk (a drag's frames defer it), not drawn yet.
    std::shared_ptr<const Frame> m_reidentificationFrame;

    void showBaseline();
    void drawLive();
};

} // namespace rr::ui
