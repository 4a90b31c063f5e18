#pragma once
// --sql-url URL with --sql-table T or --sql-query Q: a database instead of --data files (core/sources
// counts in the database). The password comes from the URL, RR_SQL_PASSWORD, or a prompt on the terminal when the
// server refuses the login; it is never printed.
#include "app/cli/Options.h"
#include "core/api/Source.h"

#include <memory>
#include <string>
#include <vector>

namespace rr::cli {

std::vector<OptionSpec> sqlOptions();
// True when --sql-url is given (InputError when it is given with --data, or --sql-table/--sql-query
// without it).
bool usesSql(const Options& options);
// The database request of --sql-url, --sql-table/--sql-query, --sql-user, RR_SQL_PASSWORD and --sql-timeout: the
// password asked on the terminal when the server refuses the login, the engine's warnings printed on stderr.
api::DatabaseRequest databaseRequest(const Options& options);

} // namespace rr::cli
