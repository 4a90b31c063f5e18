#pragma once
// --keep of the release commands (randomize, anonymize): the columns that leave in clear. core/api/ReleaseColumns.h
// checks them and writes the JSON of every column.
#include "app/cli/Options.h"

#include <string>
#include <vector>

namespace rr::cli {

// --keep A,B,... as given (none without it); api::checkKeepColumns checks them against the source.
std::vector<std::string> keepListFrom(const Options& options);

} // namespace rr::cli
