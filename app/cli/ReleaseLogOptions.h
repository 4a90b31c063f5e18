#pragma once
// The release log of `randomize` (core/session/ReleaseLog.h): --release-log FILE and --no-release-log, the
// entry of this release, and what the output says of earlier releases of the same persons' values.
#include "app/cli/Distortions.h"
#include "app/cli/Options.h"
#include "core/datasource/DataSource.h"
#include "core/session/ReleaseLog.h"

#include <optional>
#include <string>
#include <vector>

namespace rr::cli {

std::vector<OptionSpec> releaseLogOptions();

// The log this release goes into: --release-log, else the default; none for a seeded run (exploration, not a
// release), with --no-release-log, or when no default folder is known. InputError for a log inside the folder of
// one of `outputs` (it would be published with them) or an output that is the log.
std::optional<std::string> releaseLogPath(const Options& options, const std::vector<std::string>& outputs);

// This release's entry: each randomized attribute's fingerprint (from its counts in `counted`, any order), p and
// epsilon; `outputs` as absolute paths (or the table's name).
ReleaseLogEntry releaseLogEntry(const std::vector<AttributeSummary>& counted, const Distortions& distortions,
                                const std::vector<std::string>& outputs);

} // namespace rr::cli
