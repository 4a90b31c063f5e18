#pragma once
// JSON from a user's file (a session, a basket session) parsed with a bound on its nesting: nlohmann builds
// its DOM without recursion, but copying, comparing or printing a value recurses once per level, so 70,000
// nested objects overflow the stack. The bound is checked as the parser opens each object or array, before
// a value deeper than it exists.
#include <nlohmann/json.hpp>

#include <string>

namespace rr::session {

// Objects and arrays inside one another, the outermost counted: {"a": [1]} is 2 deep. A session nests 4.
inline constexpr int kMaxJsonDepth = 64;

// A parser callback that keeps every value and throws rr::InputError "`what`: nested deeper than
// `maxDepth` levels" when an object or array would open below that depth. For nlohmann::json::parse(text,
// callback[, allow_exceptions]): parse errors stay the parser's own.
nlohmann::json::parser_callback_t depthLimit(const std::string& what, int maxDepth = kMaxJsonDepth);

// The depth of `text` as the parser counts it (strings skipped; up to a NUL byte, where nlohmann's parser
// stops reading), for tests and harnesses: how deep the deepest object or array is, 0 for a scalar. Not a
// validator.
int nestingDepth(const std::string& text);

} // namespace rr::session
