#pragma once
// Attribute names in messages, as every front end words them.
#include <string>
#include <vector>

namespace rr::api {

// "A, B, C".
inline std::string joinNames(const std::vector<std::string>& names)
{
    std::string out;
    for (const auto& n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out;
}

} // namespace rr::api
