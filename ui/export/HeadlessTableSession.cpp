#include "ui/export/HeadlessTableSession.h"
#include "ui/texts/ErrorText.h"

#include "core/data/Errors.h"
#include "core/sources/SqlUrl.h"
#include "ui/session/SessionCapture.h"
#include "core/sources/SecretScrub.h"

#include <QTextStream>

namespace rr::ui {

HeadlessTableSession::HeadlessTableSession() : m_workspace(&m_state)
{
    QObject::connect(&m_workspace, &Workspace::errorOccurred, [this](const QString& m) { m_errors << m; });
}

int HeadlessTableSession::open(const HeadlessOptions& o, QTextStream& err,
                               const std::function<void(AnalysisState&, Workspace&)>& beforeApply)
{
    SessionData session;
    try {
        session = readSessionFile(o.session);
        checkHeadlessOutput(o, sessionDataPaths(session));
        // No one is there to confirm a stored query: it runs only when the command line says so.
        if (session.database && !session.database->query.empty() && !o.allowSessionSql)
            throw InputError(sql::storedQueryRefusal(o.session.toStdString(), session.database->url,
                                                     session.database->query));
    } catch (const InputError& e) {
        err << "rr-explorer: " << errorText(e) << "\n";
        return 2;
    }
    if (beforeApply)
        beforeApply(m_state, m_workspace);
    m_workspace.applySession(session);
    m_workspace.waitForIdle();
    if (!m_errors.isEmpty() || !m_workspace.lastLive()) {
        err << "rr-explorer: "
            << (m_errors.isEmpty() ? QObject::tr("the session's analysis could not be computed") : m_errors.join("; "))
            << "\n";
        return 2;
    }
    return 0;
}

} // namespace rr::ui
