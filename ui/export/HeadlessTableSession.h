#pragma once
// A table session opened for a headless chart export: read, checked against the output, applied to a
// Workspace and waited for, as the window does when it opens the file. Each table view's export
// (ui/views, ui/measures, ui/withoutp, ui/comparison) renders its charts from it.
#include "ui/document/Workspace.h"
#include "ui/export/HeadlessOutput.h"
#include "ui/session/AnalysisState.h"

#include <QStringList>

#include <functional>
#include <memory>

class QTextStream;

namespace rr::ui {

class HeadlessTableSession {
public:
    HeadlessTableSession();
    // Reads options.session and applies it. `beforeApply` builds the views that follow the analysis as
    // in the window (they must exist when the session arrives). Returns 0 when the live frame is ready,
    // 2 (bad input) with the reason in `err` otherwise.
    int open(const HeadlessOptions& options, QTextStream& err,
             const std::function<void(AnalysisState&, Workspace&)>& beforeApply = {});

    AnalysisState& state() { return m_state; }
    Workspace& workspace() { return m_workspace; }
    std::shared_ptr<const Frame> live() const { return m_workspace.lastLive(); }
    // What the workspace reported while computing (empty: nothing went wrong).
    const QStringList& errors() const { return m_errors; }

private:
    AnalysisState m_state;
    Workspace m_workspace;
    QStringList m_errors;
};

} // namespace rr::ui
