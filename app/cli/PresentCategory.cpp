#include "app/cli/PresentCategory.h"

#include "app/cli/Dataset.h"
#include "core/data/Errors.h"

#include <algorithm>

namespace rr::cli {

OptionSpec positiveOption(const std::string& help)
{
    return {"positive", "NAME=VALUE,...", help};
}

std::map<std::string, std::string> positiveValues(const Options& options, const std::vector<std::string>& names)
{
    std::map<std::string, std::string> out;
    if (auto text = options.value("positive"))
        for (auto& [name, value] : parseAssignments(*text, "positive")) {
            if (std::find(names.begin(), names.end(), name) == names.end())
                throw InputError("--positive names '" + name + "', which is not among this command's attributes (" +
                                 joinNames(names) + ")");
            out.emplace(name, value);
        }
    return out;
}

} // namespace rr::cli
