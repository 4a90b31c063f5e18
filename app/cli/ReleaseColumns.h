#pragma once
// --keep of the release commands (randomize, anonymize): the columns that leave in clear. core/api/ReleaseColumns.h
// checks them and writes the JSON of every column.
#include "app/cli/Json.h"
#include "app/cli/Options.h"
#include "core/api/ReleaseColumns.h"
#include "core/datasource/DataSource.h"

#include <string>
#include <vector>

namespace rr::cli {

// --keep A,B,... as given (none without it).
std::vector<std::string> keepListFrom(const Options& options);
// The --keep columns, checked against `source` (api::checkKeepColumns).
std::vector<std::string> keepColumns(const Options& options, const DataSource& source,
                                     const std::vector<std::string>& released);

using api::releaseColumnsJson;

} // namespace rr::cli
