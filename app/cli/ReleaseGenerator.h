#pragma once
// The generator of a randomized release, chosen the same way by `randomize` and `basket randomize`: exactly
// one of --seed N (reproducible, for exploration only) and --secure (the operating system's CSPRNG).
#include "app/cli/Options.h"

#include "core/randomization/RandomSource.h"

#include <string>
#include <vector>

namespace rr::cli {

// --seed and --secure, for a command's option list.
std::vector<OptionSpec> releaseGeneratorOptions();
// The generator the options ask for; an InputError naming `command` unless exactly one is given.
RandomSource releaseGenerator(const Options& options, const std::string& command);

} // namespace rr::cli
