#pragma once
// Session files: JSON (QJsonDocument) with data paths, roles, missing policy, mode, p values,
// target l and view choices. Written atomically (core/data/AtomicWrite).
#include "ui/session/AnalysisState.h"

#include <QByteArray>
#include <QString>

namespace rr::ui {

struct SessionData {
    QStringList dataPaths;
    AnalysisSpec spec;
    RandomizationMode mode = RandomizationMode::QI;
    std::map<std::string, double> p;
    double tau = 1.0 / 3.0;
    ViewChoices view;
};

SessionData captureSession(const AnalysisState& state);
void restoreSession(AnalysisState& state, const SessionData& session);

// JSON text; data paths inside the bundled sample folder are stored as "sample:NAME".
QByteArray sessionToJson(const SessionData& session);
// Parses and validates; relative data paths resolve against `baseDir`.
// Throws rr::InputError with a message naming the problem (never crashes on bad input).
SessionData sessionFromJson(const QByteArray& json, const QString& baseDir = {});

// Atomic write; throws rr::InputError or rr::IoError naming the file on failure.
void saveSessionFile(const SessionData& session, const QString& path);
// Throws rr::InputError naming the file and the problem.
SessionData loadSessionFile(const QString& path);

} // namespace rr::ui
