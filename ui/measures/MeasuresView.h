#pragma once
// The Measures view (issue 8): two analysed attributes, a "present" category of each (the rest pooled),
// and every association measure of 003 Table 3.6 / Table 4.1 estimated from a seeded simulated release at
// the current p: a table, a forest plot and one measure's range vs p. It follows the live frames (every
// p, seed or choice change), computing in its own background task.
#include "core/analysis/MeasuresFrame.h"
#include "ui/views/AnalysisView.h"

#include <memory>

class QComboBox;
class QLabel;
class QTabWidget;
class QTableWidget;

namespace rr {
struct Frame;
}

namespace rr::ui {

class AnalysisState;
class BackgroundTask;
class MeasureForestChart;
class MeasureSweepChart;
class Workspace;

class MeasuresView : public AnalysisView {
    Q_OBJECT
public:
    MeasuresView(AnalysisState* state, Workspace* workspace, QWidget* parent = nullptr);
    ~MeasuresView() override;

    ChartView* chartView() const override; // the forest plot, or the sweep when its tab is shown
    BackgroundTask* task() const { return m_task; }
    std::shared_ptr<const MeasuresFrame> result() const { return m_frame; }
    // The request the current choices make for these p (throws InputError when they name nothing).
    MeasuresRequest request(const std::vector<double>& p) const;
    // Reads the analysis and the choices again and recomputes (a view made after the analysis: headless export).
    void refresh();
    // An HTML section for the report (empty before the first result).
    QString reportSection() const;
    // Both charts (the one shown first) and the table.
    void addToReport(ReportParts& parts) override;
    void stopWork() override;

    QComboBox* firstBox() const { return m_a; }
    QComboBox* secondBox() const { return m_b; }
    QComboBox* firstPresentBox() const { return m_presentA; }
    QComboBox* secondPresentBox() const { return m_presentB; }
    QComboBox* sweepBox() const { return m_sweep; }
    QTableWidget* table() const { return m_table; }
    MeasureForestChart* forestChart() const { return m_forest; }
    MeasureSweepChart* sweepChart() const { return m_sweepChart; }
    QTabWidget* tabs() const { return m_tabs; }
    QLabel* statusLabel() const { return m_status; }

signals:
    void computed();

private:
    // The constructor's parts.
    void buildChoices();
    void buildResults();
    void buildLayout();
    void connectControls();
    void fillAttributes();
    void fillPresent(QComboBox* box, const std::string& attribute, const std::string& chosen);
    void syncFromState();
    void pushChoices();
    void compute(const std::vector<double>& p);
    void show(std::shared_ptr<const MeasuresFrame> frame);

    AnalysisState* m_state;
    Workspace* m_workspace;
    BackgroundTask* m_task;
    std::shared_ptr<const MeasuresFrame> m_frame;
    bool m_syncing = false;
    QComboBox* m_a;
    QComboBox* m_presentA;
    QComboBox* m_b;
    QComboBox* m_presentB;
    QComboBox* m_sweep;
    QLabel* m_status;
    QTabWidget* m_tabs;
    QTableWidget* m_table;
    MeasureForestChart* m_forest;
    MeasureSweepChart* m_sweepChart;
};

// "0.1234", or "undefined: reason".
QString measureText(const MeasureValue& v);
// "[lo, hi]" or "undefined: the variance's reason".
QString rangeText(const std::optional<Interval>& range, const MeasureValue& variance);

} // namespace rr::ui
