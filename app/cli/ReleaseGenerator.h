#pragma once
// The generator of a randomized release, chosen the same way by `randomize` and `basket randomize`: exactly
// one of --seed N (reproducible, for exploration only) and --secure (the operating system's CSPRNG).
#include "app/cli/Options.h"

#include "core/api/Generator.h"
#include "core/randomization/RandomSource.h"

#include <string>
#include <vector>

namespace rr::cli {

// --seed and --secure, for a command's option list.
std::vector<OptionSpec> releaseGeneratorOptions();
// The choice the options make; an InputError naming `command` unless exactly one is given.
api::GeneratorChoice generatorChoiceFrom(const Options& options, const std::string& command);
// The generator of that choice.
RandomSource releaseGenerator(const Options& options, const std::string& command);

} // namespace rr::cli
