#pragma once
#include <string_view>

namespace rr {

// True when `s` is well-formed UTF-8 (no overlong forms, no surrogates, <= U+10FFFF).
bool isValidUtf8(std::string_view s);

} // namespace rr
