#pragma once
// The release log of `randomize` (core/session/ReleaseLog.h): --release-log FILE and --no-release-log.
// core/api/ReleaseLogEntry.h makes this release's entry and reads what the log says of earlier ones.
#include "app/cli/Options.h"

#include <optional>
#include <string>
#include <vector>

namespace rr::cli {

std::vector<OptionSpec> releaseLogOptions();

// The log this release goes into: --release-log, else the default; none for a seeded run (exploration, not a
// release), with --no-release-log, or when no default folder is known. InputError for a log inside the folder of
// one of `outputs` (it would be published with them) or an output that is the log.
std::optional<std::string> releaseLogPath(const Options& options, const std::vector<std::string>& outputs);
// The same of values given otherwise (the Python module's arguments): `given` the log named, `noLog` none wanted.
std::optional<std::string> releaseLogPathOf(const std::optional<std::string>& given, bool noLog, bool seeded,
                                            const std::vector<std::string>& outputs);
// The same of values given otherwise (the Python module's arguments): `given` the log named, `noLog` none wanted.
std::optional<std::string> releaseLogPathOf(const std::optional<std::string>& given, bool noLog, bool seeded,
                                            const std::vector<std::string>& outputs);

} // namespace rr::cli
