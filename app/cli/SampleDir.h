#pragma once
// The bundled sample folder the CLI finds: where "sample:NAME" in a session of either kind leads.
#include <string>

namespace rr::cli {

// The folder beside this executable (installed or build tree), else the source tree's resources/data; empty
// when none holds the sample.
std::string cliSampleDir();

} // namespace rr::cli
