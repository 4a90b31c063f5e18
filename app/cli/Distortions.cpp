#include "app/cli/Distortions.h"

#include "core/data/Errors.h"

namespace rr::cli {

OptionSpec matrixOption()
{
    return {"matrix", "NAME=FILE",
            "any column-stochastic matrix for an attribute instead of its --p: a CSV file, row u = randomized value, "
            "entry P(u | v); an optional quoted header names the categories (any order), else they follow the data's "
            "order of first appearance",
            true};
}

api::DistortionChoice distortionChoiceFrom(const Options& options)
{
    api::DistortionChoice choice;
    if (auto text = options.value("p"))
        choice.p = parseRetentionList(*text);
    for (const std::string& item : options.values("matrix")) {
        const auto eq = item.find('=');
        if (eq == std::string::npos || eq == 0)
            throw InputError("--matrix: '" + item + "' is not NAME=FILE");
        choice.matrixFiles.emplace_back(item.substr(0, eq), item.substr(eq + 1));
    }
    return choice;
}

void checkDistortionOptions(const Options& options, const std::vector<std::string>& names)
{
    api::checkDistortions(distortionChoiceFrom(options), names);
}

Distortions distortionsFrom(const Options& options, const std::vector<std::string>& names,
                            const std::vector<std::vector<std::string>>& categories)
{
    return api::distortionsOf(distortionChoiceFrom(options), names, categories);
}

void refuseMatrix(const Options& options, const std::string& command, const std::string& why)
{
    if (options.has("matrix"))
        throw InputError("'" + command + "' does not accept --matrix: " + why);
}

} // namespace rr::cli
