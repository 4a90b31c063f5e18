// Several sensitive attributes (issue 22): which attacker knows what, checked before any data is read.
#include "core/api/SensitiveTargets.h"

#include "core/api/Names.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <map>

namespace rr::api {

std::vector<SensitiveTarget> sensitiveTargets(const std::vector<std::string>& sensitive, const Knows& knows)
{
    std::map<std::string, std::vector<std::string>> known;
    for (const auto& [s, attributes] : knows) {
        if (known.count(s))
            throw InputError("--knows names '" + s + "' twice");
        if (std::find(sensitive.begin(), sensitive.end(), s) == sensitive.end())
            throw InputError("--knows names '" + s + "', which is not a --sensitive attribute (" + joinNames(sensitive) +
                             ")");
        known[s] = attributes;
    }
    std::vector<SensitiveTarget> targets;
    for (const std::string& s : sensitive) {
        const auto it = known.find(s);
        targets.push_back({s, it == known.end() ? std::vector<std::string>{} : it->second});
    }
    return targets;
}

} // namespace rr::api
