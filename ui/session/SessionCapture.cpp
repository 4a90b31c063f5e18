#include "ui/session/SessionCapture.h"

#include "ui/session/DatabaseChoice.h"
#include "ui/import/BundledData.h"

namespace rr::ui {

SessionData captureSession(const AnalysisState& state)
{
    SessionData s;
    setSessionDataPaths(s, state.dataPaths());
    s.spec = state.spec();
    s.mode = state.mode();
    s.p = state.retentions();
    s.tau = state.tau();
    s.view = state.view();
    return s;
}

void restoreSession(AnalysisState& state, const SessionData& s)
{
    state.restore(sessionDataPaths(s), s.spec, s.mode, s.p, s.tau, s.view);
}

QStringList sessionDataPaths(const SessionData& s)
{
    if (s.database)
        return databasePaths(DatabaseChoice{QString::fromStdString(s.database->url),
                                            QString::fromStdString(s.database->table),
                                            QString::fromStdString(s.database->query)});
    QStringList paths;
    for (const std::string& p : s.dataPaths)
        paths << QString::fromStdString(p);
    return paths;
}

void setSessionDataPaths(SessionData& s, const QStringList& paths)
{
    s.dataPaths.clear();
    s.database.reset();
    if (const auto db = databaseFrom(paths)) {
        s.database = SessionDatabase{db->url.toStdString(), db->table.toStdString(), db->query.toStdString()};
        return;
    }
    for (const QString& p : paths)
        s.dataPaths.push_back(p.toStdString());
}

void writeSessionFile(const SessionData& session, const QString& path)
{
    saveSessionFile(session, path.toStdString(), bundledDataDir().toStdString());
}

SessionData readSessionFile(const QString& path)
{
    return loadSessionFile(path.toStdString(), bundledDataDir().toStdString());
}

AnySession readAnySessionFile(const QString& path)
{
    return rr::readSessionFile(path.toStdString(), bundledDataDir().toStdString());
}

} // namespace rr::ui
