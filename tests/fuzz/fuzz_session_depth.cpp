// libFuzzer harness for the nesting bound of session files (core/session/JsonLimits.h, issue 42 item 3):
// the first byte wraps the rest in up to 127 objects or arrays, so inputs cross the bound of 64 both ways.
// Valid JSON is refused (rr::InputError "nested deeper than") exactly when it nests deeper than the bound, and
// what is accepted is no deeper in its DOM (a repeated key keeps its last value) and survives a copy and a print. The one
// session reader (tables and baskets) takes the same text: a session or InputError, never a crash.
#include "core/data/Errors.h"
#include "core/session/AnySession.h"
#include "core/session/JsonLimits.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace {

using Json = nlohmann::json;

// Recursive, as the operations the bound protects: only called on accepted (bounded) values.
int domDepth(const Json& j)
{
    if (!j.is_structured())
        return 0;
    int deepest = 0;
    for (const Json& child : j)
        deepest = std::max(deepest, domDepth(child));
    return deepest + 1;
}

std::string wrapped(const std::uint8_t* data, std::size_t size)
{
    const int levels = data[0] >> 1;
    const bool arrays = (data[0] & 1) != 0;
    std::string text;
    for (int i = 0; i < levels; ++i)
        text += arrays ? "[" : "{\"view\":";
    text.append(reinterpret_cast<const char*>(data + 1), size - 1);
    text.append(static_cast<std::size_t>(levels), arrays ? ']' : '}');
    return text;
}

void checkBound(const std::string& text)
{
    const bool valid = Json::accept(text);
    const int depth = rr::session::nestingDepth(text);
    try {
        const Json j = Json::parse(text, rr::session::depthLimit("fuzz"));
        // A repeated key keeps its last value, so the DOM may be shallower than the text, never deeper.
        if (!valid || depth > rr::session::kMaxJsonDepth || domDepth(j) > depth)
            std::abort(); // accepted what is no JSON, or deeper than the bound
        const Json copy = j;
        if (copy != j || Json::parse(j.dump()) != j)
            std::abort();
    } catch (const rr::InputError&) {
        if (valid && depth <= rr::session::kMaxJsonDepth)
            std::abort(); // refused a value within the bound
    } catch (const Json::exception&) {
        if (valid)
            std::abort(); // valid JSON (within the bound or not) must not fail as a parse error first
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::string text = wrapped(data, size);
    checkBound(text);
    try {
        (void)rr::parseAnySession(text, rr::SessionPlaces{"/base", "/sample"});
    } catch (const rr::InputError&) {
    }
    return 0;
}
