#include "app/cli/SensitiveTargets.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <map>

namespace rr::cli {

OptionSpec knowsOption()
{
    return {"knows", "S=A,B",
            "several sensitive attributes (--sensitive S1,S2): what an attacker targeting S knows besides the QIs "
            "(repeatable)",
            true};
}

bool wantsSeveralSensitive(const Options& options)
{
    return splitList(options.required("sensitive"), "sensitive").size() > 1 || options.has("knows");
}

std::vector<SensitiveTarget> sensitiveTargetsFrom(const Options& options)
{
    const std::vector<std::string> sensitive = splitList(options.required("sensitive"), "sensitive");
    std::map<std::string, std::vector<std::string>> known;
    for (const std::string& k : options.values("knows")) {
        const auto eq = k.find('=');
        if (eq == std::string::npos || eq == 0)
            throw InputError("--knows takes S=A,B (the attributes known to an attacker targeting S), got '" + k + "'");
        const std::string s = k.substr(0, eq);
        if (known.count(s))
            throw InputError("--knows names '" + s + "' twice");
        if (std::find(sensitive.begin(), sensitive.end(), s) == sensitive.end())
            throw InputError("--knows names '" + s + "', which is not a --sensitive attribute (" + joinNames(sensitive) +
                             ")");
        known[s] = splitList(k.substr(eq + 1), "knows");
    }
    std::vector<SensitiveTarget> targets;
    for (const std::string& s : sensitive) {
        const auto it = known.find(s);
        targets.push_back({s, it == known.end() ? std::vector<std::string>{} : it->second});
    }
    return targets;
}

} // namespace rr::cli
