#pragma once
// The Comparison view as a page of the window: fed the workspace's records and roles (the view itself is
// standalone), the bundled sample's hierarchies, the session's saved result; it gives the report its charts
// and its table, the session its result, and the Analysis menu its Compare command.
#include "ui/comparison/ComparisonView.h"

namespace rr::ui {

class AnalysisState;
class Workspace;

class ComparisonPage : public ComparisonView {
    Q_OBJECT
public:
    ComparisonPage(AnalysisState* state, Workspace* workspace, QWidget* parent = nullptr);

    QList<BackgroundTask*> watchedTasks() const override;
    void stopWork() override;
    QList<PageCommand> commands() override;
    void addToReport(ReportParts& parts) override;
    void addToSession(SessionData& session, const Workspace& workspace) const override;

private:
    void followTable();
    void followAnalysis();

    AnalysisState* m_state;
    Workspace* m_workspace;
};

} // namespace rr::ui
