#pragma once
// The head of every session file: one "format" and a "version" that also says which workspace the session
// belongs to. Each layout of the document has its own number and each number one kind, so a reader knows
// what it holds before it reads the rest; a later layout of either kind takes the next free number.
#include "core/session/JsonFields.h"

#include <string>

namespace rr {

enum class SessionKind { Table, Baskets };

namespace session {

inline constexpr const char* kFormat = "rr-explorer-session";
inline constexpr int kTableVersion = 1;   // the table workspace's session (unchanged since the Qt builds)
inline constexpr int kBasketsVersion = 2; // the Baskets workspace's session in this format
// Basket sessions written before they joined the format: {"kind": "rr-explorer baskets session", "version": 1}.
inline constexpr const char* kOldBasketsKind = "rr-explorer baskets session";

// {"format": kFormat, "version": the kind's}: the members every new session file starts from.
Json sessionHeader(SessionKind kind);
// The kind `root` names; InputError "not an RR Explorer session ..." or "unsupported session version ...".
SessionKind sessionKind(const Json& root);
// "table session", "basket session" (messages).
std::string kindName(SessionKind kind);
// InputError for a session of kind `found` where one of kind `wanted` was expected: what it is and where it
// opens ("a basket session, not a table session: open it in the Baskets workspace ...").
[[noreturn]] void failKind(SessionKind found, SessionKind wanted);

} // namespace session
} // namespace rr
