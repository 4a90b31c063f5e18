#include "app/cli/ReleaseLogOptions.h"

#include "core/data/Errors.h"
#include "core/session/ReleaseLog.h"

namespace rr::cli {

std::vector<OptionSpec> releaseLogOptions()
{
    return {{"release-log", "FILE",
             "the log of earlier releases this one is checked against and added to (a --secure release only; default "
             "$XDG_DATA_HOME/rr-explorer/releases.jsonl); never inside the release's folder"},
            {"no-release-log", "", "neither check nor log this release"}};
}

namespace {

struct ReleaseLogTexts {
    std::optional<std::string> log, seed;
    bool none = false;
};

} // namespace

std::optional<std::string> releaseLogPath(const Options& options, const std::vector<std::string>& outputs)
{
    using T = ReleaseLogTexts;
    ReleaseLogTexts given;
    readOptions<T>(options, given,
                   {textOption("release-log", &T::log), flagOption("no-release-log", &T::none),
                    textOption("seed", &T::seed)});
    return releaseLogPathOf(given.log, given.none, given.seed.has_value(), outputs);
}

std::optional<std::string> releaseLogPathOf(const std::optional<std::string>& given, bool noLog, bool seeded,
                                            const std::vector<std::string>& outputs)
{
    if (noLog) {
        if (given)
            throw InputError("give one of --release-log and --no-release-log");
        return std::nullopt;
    }
    if (seeded) // exploration: nothing is released
        return std::nullopt;
    std::string path = given.value_or(defaultReleaseLogPath());
    if (given && path.empty())
        throw InputError("option --release-log needs a file name");
    if (path.empty())
        return std::nullopt;
    checkReleaseLogPlace(path, outputs);
    return path;
}

} // namespace rr::cli
