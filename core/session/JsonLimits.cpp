#include "core/session/JsonLimits.h"

#include "core/data/Errors.h"

#include <algorithm>

namespace rr::session {

nlohmann::json::parser_callback_t depthLimit(const std::string& what, int maxDepth)
{
    using Event = nlohmann::json::parse_event_t;
    return [what, maxDepth](int depth, Event event, nlohmann::json&) {
        // `depth`: how many objects and arrays are open around the one that starts now.
        if ((event == Event::object_start || event == Event::array_start) && depth >= maxDepth)
            throw InputError(what + ": nested deeper than " + std::to_string(maxDepth) + " levels");
        return true;
    };
}

int nestingDepth(const std::string& text)
{
    int depth = 0, deepest = 0;
    bool inString = false, escaped = false;
    for (const char c : text) {
        if (c == '\0')
            break; // where nlohmann's parser stops reading
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"')
            inString = true;
        else if (c == '{' || c == '[')
            deepest = std::max(deepest, ++depth);
        else if (c == '}' || c == ']')
            --depth;
    }
    return deepest;
}

} // namespace rr::session
