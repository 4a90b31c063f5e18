#pragma once
// Which category of an attribute counts as "present" (003 Sec. 3.2-3.3 pool the others as absent): the
// --positive option shared by `measures` and `rules`.
#include "app/cli/Options.h"

#include <map>
#include <string>
#include <vector>

namespace rr::cli {

// --positive NAME=VALUE,...
OptionSpec positiveOption(const std::string& help);

// {attribute: value} from --positive; a name not among `names` is an InputError naming it.
std::map<std::string, std::string> positiveValues(const Options& options, const std::vector<std::string>& names);

// The index of the present category of an attribute with these categories (in the data's order):
// `given` when --positive names it (InputError if it is not a category); else "1" of a 0/1 attribute,
// else the second category of a two-category attribute. A single category cannot be measured, and more
// than two need --positive: InputErrors saying so.
int presentCategory(const std::string& name, const std::vector<std::string>& categories,
                    const std::map<std::string, std::string>& given);

} // namespace rr::cli
