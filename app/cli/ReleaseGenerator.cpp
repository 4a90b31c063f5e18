#include "app/cli/ReleaseGenerator.h"

#include "core/data/Errors.h"

namespace rr::cli {

std::vector<OptionSpec> releaseGeneratorOptions()
{
    return {{"seed", "N", "seed of a reproducible generator (exploration only, not for release)"},
            {"secure", "", "use the operating system's CSPRNG (for release)"}};
}

api::GeneratorChoice generatorChoiceFrom(const Options& options, const std::string& command)
{
    struct Given {
        std::optional<std::string> seed;
        bool secure = false;
    } given;
    readOptions<Given>(options, given, {textOption("seed", &Given::seed), flagOption("secure", &Given::secure)});
    const auto& seed = given.seed;
    const bool secure = given.secure;
    if (seed.has_value() == secure)
        throw InputError("'" + command +
                         "' needs exactly one of --seed N (reproducible, not for release) and --secure (the operating "
                         "system's CSPRNG, for release)");
    api::GeneratorChoice choice;
    if (!secure)
        choice.seed = parseUnsigned(*seed, "--seed");
    return choice;
}

RandomSource releaseGenerator(const Options& options, const std::string& command)
{
    return api::generatorOf(generatorChoiceFrom(options, command));
}

} // namespace rr::cli
