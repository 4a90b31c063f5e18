#include "core/api/PresentCategory.h"

#include "core/api/Names.h"
#include "core/data/Errors.h"

#include <algorithm>

namespace rr::api {

void checkPositiveNames(const std::map<std::string, std::string>& positive, const std::vector<std::string>& names)
{
    for (const auto& [name, value] : positive)
        if (std::find(names.begin(), names.end(), name) == names.end())
            throw InputError("--positive names '" + name + "', which is not among this command's attributes (" +
                             joinNames(names) + ")");
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

} // namespace rr::api
