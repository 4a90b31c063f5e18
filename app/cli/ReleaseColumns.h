#pragma once
// What the release commands (randomize, anonymize) share: which columns leave in clear (--keep), and the
// JSON that lists every column as randomized, recoded, kept in clear or dropped.
#include "app/cli/Json.h"
#include "app/cli/Options.h"
#include "core/datasource/DataSource.h"
#include "core/release/StreamRelease.h"

#include <string>
#include <vector>

namespace rr::cli {

// --keep A,B,...: columns of the source to write in clear. InputError for an unknown column or one of
// `released` (already written otherwise).
std::vector<std::string> keepColumns(const Options& options, const DataSource& source,
                                     const std::vector<std::string>& released);

// {"randomized": [...], "generalized": [...], "kept_in_clear": [...], "dropped": [...]} in source order.
Json releaseColumnsJson(const std::vector<std::string>& columns, const ReleasePlan& plan);

} // namespace rr::cli
