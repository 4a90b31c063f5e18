#pragma once
// The GUI's side of session files (core/session): the analysis state in and out of a SessionData, the data
// list as the state keeps it, and the files read and written with the bundled sample folder of this build.
#include "core/session/SessionFile.h"
#include "ui/session/AnalysisState.h"

#include <QString>
#include <QStringList>

namespace rr::ui {

SessionData captureSession(const AnalysisState& state);
void restoreSession(AnalysisState& state, const SessionData& session);

// The data of a session as AnalysisState lists it: the files, or a database as DatabaseChoice encodes it.
QStringList sessionDataPaths(const SessionData& session);
void setSessionDataPaths(SessionData& session, const QStringList& paths);

// core's saveSessionFile / loadSessionFile with bundledDataDir() as the sample folder.
void writeSessionFile(const SessionData& session, const QString& path);
SessionData readSessionFile(const QString& path);
// A session of either kind (the table workspace's or the Baskets workspace's).
AnySession readAnySessionFile(const QString& path);

} // namespace rr::ui
