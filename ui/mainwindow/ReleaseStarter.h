#pragma once
// File > Release randomized table… (and the Release step's button): the dialog over the current analysis and
// p, opened once the workspace is idle.
#include <QObject>

class QWidget;

namespace rr::ui {

class AnalysisState;
class InfoBar;
class ReleaseDialog;
class Workspace;

class ReleaseStarter : public QObject {
    Q_OBJECT
public:
    ReleaseStarter(QWidget* window, AnalysisState& state, Workspace& workspace, InfoBar& info);

    // The dialog (nullptr, with a message, while no analysis is ready). The caller shows it.
    ReleaseDialog* createDialog();
    // Waits for the current analysis without blocking, then opens the dialog.
    void start();

private:
    QWidget* m_window;
    AnalysisState& m_state;
    Workspace& m_workspace;
    InfoBar& m_info;
};

} // namespace rr::ui
