#pragma once
// --sql-url URL with --sql-table T or --sql-query Q: a database instead of --data files (core/sources
// counts in the database). The password comes from the URL, RR_SQL_PASSWORD, or a prompt on the terminal when the
// server refuses the login; it is never printed.
#include "app/cli/Options.h"
#include "core/analysis/DataSource.h"

#include <memory>
#include <string>
#include <vector>

namespace rr::cli {

std::vector<OptionSpec> sqlOptions();
// True when --sql-url is given (InputError when it is given with --data, or --sql-table/--sql-query
// without it).
bool usesSql(const Options& options);
// The database source; `missingTokens` mean "missing" besides NULL.
std::shared_ptr<const DataSource> openSqlSource(const Options& options, const std::vector<std::string>& missingTokens);

} // namespace rr::cli
