#pragma once
// The status bar's summary of the open table: where the records come from and how many were analysed, the
// cells, and the largest risk against tau (green when it meets it).
#include <QObject>

class QStatusBar;

namespace rr::ui {

class AnalysisState;
class ElidingLabel;
class Workspace;

class StatusSummary : public QObject {
    Q_OBJECT
public:
    // Adds its labels to `bar`.
    StatusSummary(const AnalysisState& state, const Workspace& workspace, QStatusBar* bar);

    void update();

private:
    void showRisk();

    const AnalysisState& m_state;
    const Workspace& m_workspace;
    ElidingLabel* m_rows;
    ElidingLabel* m_cells;
    ElidingLabel* m_risk;
};

} // namespace rr::ui
