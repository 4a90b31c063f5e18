#include "core/api/ReleaseLogEntry.h"

#include "core/data/Errors.h"
#include "core/distortion/Epsilon.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

namespace rr::api {
namespace {

// The absolute path of `out` where it has one (the table's name stays as it is).
std::string absoluteOutput(const std::string& out)
{
    std::error_code ec;
    const auto absolute = std::filesystem::weakly_canonical(std::filesystem::absolute(out), ec);
    return ec ? out : absolute.string();
}

} // namespace

ReleaseLogEntry randomizedLogEntry(const std::vector<AttributeSummary>& counted, const Distortions& distortions,
                                   const std::vector<std::string>& outputs)
{
    ReleaseLogEntry entry;
    entry.when = utcNow();
    for (const std::string& out : outputs)
        entry.outputs.push_back(absoluteOutput(out));
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

EarlierReleases earlierReleases(const std::string& logPath, const ReleaseLogEntry& entry)
{
    const std::vector<ReleaseLogEntry> previous = previousReleases(readReleaseLog(logPath), entry);
    return {previousReleasesJson(previous, entry), previousReleasesWarning(previous, entry)};
}

std::optional<std::string> logRelease(const std::string& logPath, const ReleaseLogEntry& entry)
{
    try {
        appendReleaseLog(logPath, entry);
        return std::nullopt;
    } catch (const std::runtime_error& e) {
        return e.what();
    }
}

} // namespace rr::api
