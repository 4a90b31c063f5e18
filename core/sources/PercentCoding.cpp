#include "core/sources/PercentCoding.h"

#include "core/data/Errors.h"

#include <cctype>

namespace rr::sql {

namespace {

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

} // namespace

// Percent-decodes one part of the URL; `what` names it in the message (the value itself is never shown:
// it may be a password).
std::string percentDecode(std::string_view s, const std::string& what)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '%') {
            out += s[i];
            continue;
        }
        if (i + 2 >= s.size())
            throw InputError("the database URL's " + what + " has a '%' not followed by two hex digits");
        const int a = hexValue(s[i + 1]);
        const int b = hexValue(s[i + 2]);
        if (a < 0 || b < 0)
            throw InputError("the database URL's " + what + " has a '%' not followed by two hex digits");
        const char c = static_cast<char>(a * 16 + b);
        if (c == '\0')
            throw InputError("the database URL's " + what + " contains an encoded NUL (%00)");
        out += c;
        i += 2;
    }
    return out;
}

// Percent-encodes everything but unreserved characters (and those in `keep`).
std::string percentEncode(std::string_view s, std::string_view keep)
{
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '-' || c == '.' || c == '_' || c == '~' || keep.find(c) != std::string_view::npos) {
            out += c;
        } else {
            out += '%';
            out += hex[u >> 4];
            out += hex[u & 15];
        }
    }
    return out;
}

} // namespace rr::sql
