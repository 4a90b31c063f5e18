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

int presentCategory(const std::string& name, const std::vector<std::string>& categories,
                    const std::map<std::string, std::string>& given)
{
    const auto indexOf = [&](const std::string& label) {
        const auto it = std::find(categories.begin(), categories.end(), label);
        return it == categories.end() ? -1 : static_cast<int>(it - categories.begin());
    };
    if (categories.size() < 2)
        throw InputError("attribute '" + name + "' has a single category ('" +
                         (categories.empty() ? std::string() : categories.front()) +
                         "') in the analysed records; an association needs two");
    if (auto it = given.find(name); it != given.end()) {
        const int k = indexOf(it->second);
        if (k < 0)
            throw InputError("--positive " + name + "=" + it->second + ": '" + it->second + "' is not a category of '" +
                             name + "' in the analysed records (" + joinNames(categories) + ")");
        return k;
    }
    if (categories.size() > 2)
        throw InputError("attribute '" + name + "' has " + std::to_string(categories.size()) + " categories (" +
                         joinNames(categories) + "); name the one that counts as present with --positive " + name +
                         "=VALUE (the others are pooled as absent)");
    if (indexOf("0") >= 0 && indexOf("1") >= 0)
        return indexOf("1");
    return 1; // a binary attribute's second category in the data's order
}

} // namespace rr::cli
