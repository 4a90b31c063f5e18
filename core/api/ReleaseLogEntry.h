#pragma once
// A randomized release and the release log (core/session/ReleaseLog.h): this release's entry, what the log says
// of earlier releases of the same persons' values, and the entry added once the release is written.
#include "core/api/Distortions.h"
#include "core/api/JsonValues.h"
#include "core/datasource/DataSource.h"
#include "core/session/ReleaseLog.h"

#include <optional>
#include <string>
#include <vector>

namespace rr::api {

// This release's entry: each randomized attribute's fingerprint (from its counts in `counted`, any order), p and
// epsilon; `outputs` as absolute paths (or the table's name). InputError for an attribute not counted.
ReleaseLogEntry randomizedLogEntry(const std::vector<AttributeSummary>& counted, const Distortions& distortions,
                                   const std::vector<std::string>& outputs);

// What the log at a path says of earlier releases of the entry's columns.
struct EarlierReleases {
    Json json = Json::object(); // previous_releases and combined_epsilon, when there are any
    std::string warning;        // the owner's warning; empty when there are none
};
EarlierReleases earlierReleases(const std::string& logPath, const ReleaseLogEntry& entry);

// Adds `entry` to the log; the reason when the system refuses (the release stands, and says what the log misses).
std::optional<std::string> logRelease(const std::string& logPath, const ReleaseLogEntry& entry);

} // namespace rr::api
