#include "app/cli/ReleaseLogOptions.h"

#include "core/release/FileReleaseTarget.h"
#include "core/data/Errors.h"
#include "core/distortion/Epsilon.h"

#include <algorithm>
#include <filesystem>

namespace rr::cli {

std::vector<OptionSpec> releaseLogOptions()
{
    return {{"release-log", "FILE",
             "the log of earlier releases this one is checked against and added to (a --secure release only; default "
             "$XDG_DATA_HOME/rr-explorer/releases.jsonl); never inside the release's folder"},
            {"no-release-log", "", "neither check nor log this release"}};
}

std::optional<std::string> releaseLogPath(const Options& options, const std::vector<std::string>& outputs)
{
    if (options.has("no-release-log")) {
        if (options.has("release-log"))
            throw InputError("give one of --release-log and --no-release-log");
        return std::nullopt;
    }
    if (options.has("seed")) // exploration: nothing is released
        return std::nullopt;
    std::string path = options.value("release-log").value_or(defaultReleaseLogPath());
    if (options.has("release-log") && path.empty())
        throw InputError("option --release-log needs a file name");
    if (path.empty())
        return std::nullopt;
    checkReleaseLogPlace(path, outputs);
    return path;
}

ReleaseLogEntry releaseLogEntry(const std::vector<AttributeSummary>& counted, const Distortions& distortions,
                                const std::vector<std::string>& outputs)
{
    ReleaseLogEntry entry;
    entry.when = utcNow();
    for (const std::string& out : outputs) {
        std::error_code ec;
        const auto absolute = std::filesystem::weakly_canonical(std::filesystem::absolute(out), ec);
        entry.outputs.push_back(ec ? out : absolute.string());
    }
    for (std::size_t k = 0; k < distortions.names.size(); ++k) {
        const auto a = std::find_if(counted.begin(), counted.end(),
                                    [&](const AttributeSummary& s) { return s.name == distortions.names[k]; });
        if (a == counted.end())
            throw InputError("release log: attribute '" + distortions.names[k] + "' was not counted");
        const bool warner = distortions.specs[k].kind == DistortionKind::Warner;
        ReleasedAttribute r = releasedAttribute(*a, warner ? std::optional(distortions.specs[k].p) : std::nullopt,
                                                epsilon(distortions.matrices[k]));
        double records = a->missing;
        for (const double c : a->counts)
            records += c;
        entry.records = std::max(entry.records, static_cast<std::size_t>(records));
        entry.attributes.push_back(std::move(r));
    }
    return entry;
}

} // namespace rr::cli
