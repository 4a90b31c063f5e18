#pragma once
// Where a release command writes: a file (--out FILE: CSV, or SPSS/Stata/SAS transport by the extension) or a
// new table in the database of --sql-url (--out-sql-table NAME), for randomize and anonymize alike.
#include "app/cli/Options.h"
#include "core/datasource/DataSource.h"
#include "core/release/ReleaseTarget.h"

#include <functional>
#include <memory>
#include <string>

namespace rr {
struct StreamReleaseReport;
}
namespace rr::sql {
class SqlDataSource;
}

namespace rr::cli {

OptionSpec outSqlTableOption();
// --force for both targets.
OptionSpec releaseForceOption();
// Exactly one of --out FILE and --out-sql-table NAME, the latter only with --sql-url; InputError otherwise.
void checkReleaseTargets(const Options& options);
// The database under `source` (under any bins), for a release into it; InputError when it is a file.
const sql::SqlDataSource& releaseDatabase(const DataSource& source);
// The target the options name. `comment`: the table's comment from the release's report (a table only).
std::unique_ptr<ReleaseTarget> releaseTargetFor(const Options& options, const DataSource& source,
                                                const std::string& missingToken,
                                                std::function<std::string(const StreamReleaseReport&)> comment);

} // namespace rr::cli
