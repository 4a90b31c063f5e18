#pragma once
// Session files: the session JSON (SessionJson.h) of the analysis state, written atomically
// (core/data/AtomicWrite).
#include "ui/session/AnalysisState.h"
#include "ui/session/SessionJson.h"

#include <QString>

namespace rr::ui {

SessionData captureSession(const AnalysisState& state);
void restoreSession(AnalysisState& state, const SessionData& session);

// Atomic write; throws rr::InputError or rr::IoError naming the file on failure.
void saveSessionFile(const SessionData& session, const QString& path);
// Throws rr::InputError naming the file and the problem (a file over kMaxSessionFileBytes included).
inline constexpr qint64 kMaxSessionFileBytes = qint64(16) << 20;
SessionData loadSessionFile(const QString& path);

} // namespace rr::ui
