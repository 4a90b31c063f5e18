#pragma once
// The Baskets workspace's side of session files (core/session, the reader and format of table sessions too):
// the basket file as a QString, and the files read and written with the bundled sample folder of this build
// (files in it are stored as "sample:NAME", relative paths are taken from the session's folder).
#include "core/session/SessionFile.h"

#include <QByteArray>
#include <QString>

namespace rr::ui {

struct BasketsSession {
    QString dataPath;
    BasketsChoice choice;
};

QByteArray basketsSessionToJson(const BasketsSession& session);
// Throws rr::InputError naming the field that is missing or out of range (nothing is half applied).
BasketsSession basketsSessionFromJson(const QByteArray& json, const QString& baseDir = {});

// core's saveSessionFile / loadBasketsSessionFile with bundledDataDir() as the sample folder; a table session
// is refused saying what it is.
void writeBasketsSession(const BasketsSession& session, const QString& path);
BasketsSession readBasketsSession(const QString& path);

} // namespace rr::ui
