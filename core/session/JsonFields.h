#pragma once
// Typed reads of a session's JSON values that name the field in their error (rr::InputError), so a bad
// session says what is wrong and where: "view: 'alpha' must be a number in [1e-06, 0.5]".
// `label` is the field as the message names it ("view: 'alpha'", "tradeOff.lMax").
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace rr::session {

using Json = nlohmann::json;

[[noreturn]] void failField(const std::string& message);

// The member `key` of `object`, or nullptr when absent (or `object` is not an object).
const Json* member(const Json& object, const std::string& key);

// A string member; absent: empty (or an error when `required`); another type: an error.
std::string textField(const Json& object, const std::string& key, const std::string& label, bool required = false);
// A string member, or empty for anything else (fields that were read leniently).
std::string textOrEmpty(const Json& object, const std::string& key);
// A list of strings; absent: empty.
std::vector<std::string> stringsField(const Json& object, const std::string& key, const std::string& label);
// A finite number in [lo, hi]; absent: `fallback`.
double numberField(const Json& object, const std::string& key, const std::string& label, double fallback, double lo,
                   double hi);
// A finite number in [lo, hi] that must be there; with `nullIsUndefined`, JSON null reads as infinity (the
// undefined value a chart skips).
double requiredNumber(const Json& object, const std::string& key, const std::string& label, double lo, double hi,
                      bool nullIsUndefined = false);
// A non-negative integer written as a string (seeds keep all 64 bits); nullopt-like failure: `ok` false.
bool parseSeed(const std::string& text, std::uint64_t& seed);

// x, or null when it is not finite (JSON has no infinity).
Json orNull(double x);
Json toJson(const std::vector<std::string>& values);
// "%g" as the messages show bounds.
std::string formatBound(double x);
// At most `bytes` bytes of `text`, not cutting a UTF-8 character.
std::string clipped(const std::string& text, std::size_t bytes);

// Pretty text of a session document (4-space indent; bytes that are not UTF-8 replaced, never an error).
std::string dumpSession(const Json& document);
// Parses `text`; not JSON: InputError "not valid JSON (line N: ...)"; objects and arrays nested deeper than
// kMaxJsonDepth (JsonLimits.h): InputError "session: nested deeper than 64 levels", before the DOM holds them.
Json parseSession(const std::string& text);

} // namespace rr::session
