#pragma once
// The one reader of session text, for both workspaces: the text is parsed once (with the nesting bound of
// JsonLimits.h), its header says which kind of session it is (SessionHeader.h), and that session comes back.
#include "core/session/BasketsSessionJson.h"
#include "core/session/SessionHeader.h"
#include "core/session/SessionJson.h"

#include <optional>
#include <string>
#include <variant>

namespace rr {

// A session of either kind: the table workspace's or the Baskets workspace's.
using AnySession = std::variant<SessionData, BasketsSessionFile>;

// Throws InputError naming the problem: not JSON, too deep, no RR Explorer session, an unknown version, or
// a field of the session missing or out of range. Relative data paths resolve against places.baseDir.
// With `expected`, a session of the other kind is refused before its fields are read, saying what it is and
// where it opens (session::failKind).
AnySession parseAnySession(const std::string& text, const SessionPlaces& places,
                           std::optional<SessionKind> expected = std::nullopt);

SessionKind kindOf(const AnySession& session);

} // namespace rr
