#include "ui/mainwindow/ReleaseStarter.h"

#include "ui/document/Workspace.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/release/ReleaseDialog.h"
#include "ui/session/AnalysisState.h"

namespace rr::ui {

ReleaseStarter::ReleaseStarter(QWidget* window, AnalysisState& state, Workspace& workspace, InfoBar& info)
    : QObject(window), m_window(window), m_state(state), m_workspace(workspace), m_info(info)
{}

ReleaseDialog* ReleaseStarter::createDialog()
{
    const auto source = m_workspace.source();
    const auto a = m_workspace.analysis();
    if (!source || !a) {
        m_info.showMessage(tr("Open a table and set the roles before releasing."), InfoBar::Kind::Warning);
        return nullptr;
    }
    std::vector<std::string> columns;
    for (const AttributeSummary& s : source->summary().attributes)
        columns.push_back(s.name);
    const auto several = m_workspace.several();
    const ReleaseChoice choice =
        defaultReleaseChoice(*a, columns, m_state.mode(), m_state.retentions(), m_state.tau(), several.get());
    auto* dialog = new ReleaseDialog(source, a, choice, m_state.dataPaths(), m_window, several);
    connect(dialog, &ReleaseDialog::released, this, [this](const QString& path) {
        m_info.showMessage(tr("Randomized table released to %1 with its release note.").arg(path.toHtmlEscaped()),
                           InfoBar::Kind::Success);
    });
    return dialog;
}

void ReleaseStarter::start()
{
    m_workspace.whenIdle([this]() {
        if (ReleaseDialog* dialog = createDialog()) {
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            dialog->open();
        }
    });
}

} // namespace rr::ui
