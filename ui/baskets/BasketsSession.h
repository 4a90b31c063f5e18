#pragma once
// A Baskets session as JSON: the file, the operator and its parameters, the breach level and the preview's
// choices. Qt Core only; files in the bundled data folder are stored as "sample:NAME" (ui/session/Resources).
#include "ui/baskets/BasketsCompute.h"

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <string>

namespace rr::ui {

struct BasketsSession {
    QString dataPath;
    BasketsChoice choice;
};

QByteArray basketsSessionToJson(const BasketsSession& session);
// Throws rr::InputError naming the field that is missing or out of range (nothing is half applied).
BasketsSession basketsSessionFromJson(const QByteArray& json, const QString& baseDir = {});

// A basket session file is read whole, at most this many bytes (counted as read: /dev/zero stops here).
inline constexpr std::size_t kMaxBasketsSessionBytes = std::size_t(64) << 20;
// The bytes of the basket session file `path`; rr::InputError for a FIFO, device or folder, a file that
// cannot be opened, or one over kMaxBasketsSessionBytes.
std::string readBasketsSessionFile(const QString& path);

} // namespace rr::ui
