#pragma once
// For UI tests that edit a session's JSON with QJson: core's session reader and writer over bytes, with no
// session folder and no sample folder.
#include "core/session/SessionJson.h"

#include <QByteArray>

namespace rr::ui::testing {

inline rr::SessionData sessionFromBytes(const QByteArray& json)
{
    return sessionFromJson(json.toStdString(), {});
}

inline QByteArray sessionToBytes(const rr::SessionData& s)
{
    return QByteArray::fromStdString(sessionToJson(s, {}));
}

} // namespace rr::ui::testing
