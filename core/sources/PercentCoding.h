#pragma once
// Percent-coding of the parts of a database URL (RFC 3986): the login, the host's database, a file path.
#include <string>
#include <string_view>

namespace rr::sql {

// Decodes one part; `what` names it in the message (the value itself is never shown: it may be a password).
// Throws InputError for a '%' without two hex digits or an encoded NUL.
std::string percentDecode(std::string_view s, const std::string& what);
// Encodes everything but unreserved characters (and those in `keep`).
std::string percentEncode(std::string_view s, std::string_view keep = {});

} // namespace rr::sql
