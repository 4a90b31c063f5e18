#pragma once
// `--session FILE` on every command that reads data: the session's data (files with their import options,
// or the database table or query), roles, missing-value policy, p, mode and target l become the
// command's options, each unless the command line gives it. The file is read by core/session, the reader
// the GUI uses.
#include "app/cli/Options.h"
#include "app/cli/SampleDir.h"
#include "core/data/ColumnNames.h"

#include <optional>

#include <string>
#include <vector>

namespace rr::cli {

OptionSpec sessionOption();

// `args` with --session FILE replaced by the options it stands for (only those in `specs`); `args` as they
// are when no --session is given. Throws InputError naming the file and the problem, and for a session
// whose data is a SQL query unless --allow-session-sql is given (the message shows the query).
// A `basket` subcommand (its specs have --operator) takes a Baskets session: its baskets become --data
// where the command reads the original baskets, --original where it reads a release; its breach level
// --level; --session stays for the operator (operatorArgs).
std::vector<std::string> expandSession(const std::vector<std::string>& args, const std::vector<OptionSpec>& specs);

// The column names a session keeps for its CSV files ("import": {"names": ...}) when --session is given and the
// --data files are the session's own (a names file cannot travel through the expanded options); else nothing.
std::optional<ColumnNames> sessionColumnNames(const Options& options);

} // namespace rr::cli
