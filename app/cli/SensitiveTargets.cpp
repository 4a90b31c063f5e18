#include "app/cli/SensitiveTargets.h"

#include "core/data/Errors.h"

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

api::Knows knowsFrom(const Options& options)
{
    api::Knows knows;
    for (const std::string& k : options.values("knows")) {
        const auto eq = k.find('=');
        if (eq == std::string::npos || eq == 0)
            throw InputError("--knows takes S=A,B (the attributes known to an attacker targeting S), got '" + k + "'");
        knows.emplace_back(k.substr(0, eq), splitList(k.substr(eq + 1), "knows"));
    }
    return knows;
}

std::vector<SensitiveTarget> sensitiveTargetsFrom(const Options& options)
{
    return api::sensitiveTargets(splitList(options.required("sensitive"), "sensitive"), knowsFrom(options));
}

} // namespace rr::cli
