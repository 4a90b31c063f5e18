#include "core/session/AnySession.h"

namespace rr {

AnySession parseAnySession(const std::string& text, const SessionPlaces& places, std::optional<SessionKind> expected)
{
    const session::Json root = session::parseSession(text);
    const SessionKind kind = session::sessionKind(root);
    if (expected && kind != *expected)
        session::failKind(kind, *expected);
    if (kind == SessionKind::Baskets)
        return basketsSessionFromDocument(root, places);
    return tableSessionFromDocument(root, places);
}

SessionKind kindOf(const AnySession& session)
{
    return std::holds_alternative<SessionData>(session) ? SessionKind::Table : SessionKind::Baskets;
}

} // namespace rr
