#include "app/cli/ReleaseGenerator.h"

#include "core/data/Errors.h"

namespace rr::cli {

std::vector<OptionSpec> releaseGeneratorOptions()
{
    return {{"seed", "N", "seed of a reproducible generator (exploration only, not for release)"},
            {"secure", "", "use the operating system's CSPRNG (for release)"}};
}

RandomSource releaseGenerator(const Options& options, const std::string& command)
{
    const auto seed = options.value("seed");
    const bool secure = options.flag("secure");
    if (seed.has_value() == secure)
        throw InputError("'" + command +
                         "' needs exactly one of --seed N (reproducible, not for release) and --secure (the operating "
                         "system's CSPRNG, for release)");
    if (secure)
        return RandomSource::secure();
    return RandomSource::seeded(parseUnsigned(*seed, "--seed"));
}

} // namespace rr::cli
