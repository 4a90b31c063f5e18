#pragma once
// Character classes the SQL text parsers share (URLs, names, queries): ASCII only, locale-free.
#include <cctype>
#include <string>
#include <string_view>

namespace rr::sql {

inline std::string asciiLower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

inline bool isControlChar(char c)
{
    const auto u = static_cast<unsigned char>(c);
    return u < 0x20 || u == 0x7f;
}

// A character of an unquoted SQL name: letters, digits, '_' and any non-ASCII byte.
inline bool isIdentifierChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}

} // namespace rr::sql
