#pragma once
// Which category of an attribute counts as "present" (003 Sec. 3.2-3.3 pool the others as absent): what
// `measures` is given per attribute (the CLI's --positive), checked in the CLI's words.
#include <map>
#include <string>
#include <vector>

namespace rr::api {

// InputError for a name of `positive` that is not among `names`.
void checkPositiveNames(const std::map<std::string, std::string>& positive, const std::vector<std::string>& names);

// The index of the present category of an attribute with these categories (in the data's order):
// `given` when it names the attribute (InputError if its value is not a category); else "1" of a 0/1 attribute,
// else the second category of a two-category attribute. A single category cannot be measured, and more
// than two need a given one: InputErrors saying so.
int presentCategory(const std::string& name, const std::vector<std::string>& categories,
                    const std::map<std::string, std::string>& given);

} // namespace rr::api
