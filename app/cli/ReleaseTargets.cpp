#include "app/cli/ReleaseTargets.h"

#include "app/cli/SqlOptions.h"
#include "core/datasource/BinnedSource.h"
#include "core/data/Errors.h"
#include "core/sources/SqlReleaseTable.h"
#include "core/statfiles/StatFileReleaseTarget.h"

namespace rr::cli {

OptionSpec outSqlTableOption()
{
    return {"out-sql-table", "NAME",
            "instead of --out: a new table NAME in the database of --sql-url (one transaction; an existing table is "
            "replaced only with --force)"};
}

OptionSpec releaseForceOption()
{
    return {"force", "",
            "with --out-sql-table, replace an existing table NAME (in the same transaction); never a table the "
            "source reads, and no --out replaces an input file"};
}

void checkReleaseTargets(const Options& options)
{
    const bool file = options.has("out"), table = options.has("out-sql-table");
    if (file == table)
        throw InputError("give exactly one of --out FILE and --out-sql-table NAME");
    for (const std::string& out : options.values("out"))
        if (out.empty())
            throw InputError("option --out needs a file name");
    if (table && !usesSql(options))
        throw InputError("--out-sql-table writes into the database of --sql-url; give --sql-url with --sql-table or "
                         "--sql-query (or --out FILE for a file)");
    if (table && options.required("out-sql-table").empty())
        throw InputError("option --out-sql-table needs a table name");
}

std::unique_ptr<ReleaseTarget> releaseTargetFor(const Options& options, const DataSource& source,
                                                const std::string& missingToken,
                                                std::function<std::string(const StreamReleaseReport&)> comment)
{
    const std::string outTable = options.value("out-sql-table").value_or("");
    if (outTable.empty())
        return fileReleaseTarget(source, options.values("out"), missingToken);
    return std::make_unique<sql::SqlReleaseTable>(releaseDatabase(source), outTable, options.flag("force"),
                                                  std::move(comment), binnedAttributeNames(source));
}

const sql::SqlDataSource& releaseDatabase(const DataSource& source)
{
    const auto* database = dynamic_cast<const sql::SqlDataSource*>(&unbinned(source)); // under any bins
    if (!database)
        throw InputError("--out-sql-table needs a database source (--sql-url)");
    return *database;
}

} // namespace rr::cli
