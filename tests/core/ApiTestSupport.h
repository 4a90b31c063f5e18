#pragma once
// What the typed actions' tests share: a result's JSON keys in order (the CLI's key order is part of its output).
#include "core/api/JsonValues.h"

#include <string>
#include <vector>

namespace rr::testing {

inline std::vector<std::string> jsonKeys(const api::Json& j)
{
    std::vector<std::string> out;
    for (const auto& [k, v] : j.items())
        out.push_back(k);
    return out;
}

} // namespace rr::testing
