#pragma once
// A Baskets session as JSON (core/basketpipeline/BasketsSessionJson) with the file's path made portable:
// files in the bundled data folder are stored as "sample:NAME" (ui/import/BundledData), relative paths are
// taken from the session's folder.
#include "core/basketpipeline/BasketsSessionJson.h"

#include <QByteArray>
#include <QString>

#include <string>

namespace rr::ui {

struct BasketsSession {
    QString dataPath;
    BasketsChoice choice;
};

QByteArray basketsSessionToJson(const BasketsSession& session);
// Throws rr::InputError naming the field that is missing or out of range (nothing is half applied).
BasketsSession basketsSessionFromJson(const QByteArray& json, const QString& baseDir = {});

// The bytes of the basket session file `path` (core's readBasketsSessionFile).
std::string readBasketsSessionFile(const QString& path);

} // namespace rr::ui
