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

namespace {

// --sensitive (required) and every --knows, as given.
struct SensitiveTexts {
    std::vector<std::string> sensitive, knows;
};

SensitiveTexts sensitiveTexts(const Options& options)
{
    using T = SensitiveTexts;
    SensitiveTexts t;
    readOptions<T>(options, t, {listOption("sensitive", &T::sensitive, true), repeatedOption("knows", &T::knows)});
    return t;
}

} // namespace

bool wantsSeveralSensitive(const Options& options)
{
    const SensitiveTexts t = sensitiveTexts(options);
    return t.sensitive.size() > 1 || !t.knows.empty();
}

api::Knows knowsFrom(const Options& options)
{
    api::Knows knows;
    std::vector<std::string> given;
    readOptions<std::vector<std::string>>(
        options, given, {{"knows", appendText, false, true}});
    for (const std::string& k : given) {
        const auto eq = k.find('=');
        if (eq == std::string::npos || eq == 0)
            throw InputError("--knows takes S=A,B (the attributes known to an attacker targeting S), got '" + k + "'");
        knows.emplace_back(k.substr(0, eq), splitList(k.substr(eq + 1), "knows"));
    }
    return knows;
}

} // namespace rr::cli
