#pragma once
// The --positive option shared by `measures` and `rules` (which category counts as "present":
// core/api/PresentCategory.h).
#include "app/cli/Options.h"

#include <map>
#include <string>
#include <vector>

namespace rr::cli {

// --positive NAME=VALUE,...
OptionSpec positiveOption(const std::string& help);

// {attribute: value} from --positive; a name not among `names` is an InputError naming it.
std::map<std::string, std::string> positiveValues(const Options& options, const std::vector<std::string>& names);

} // namespace rr::cli
