#include "app/cli/ReleaseTargets.h"

#include "app/cli/Dataset.h"
#include "app/cli/SqlOptions.h"
#include "core/data/Errors.h"

namespace rr::cli {
namespace {

// The outputs' files and table as the options name them (--out, --out-sql-table, --force).
api::ReleaseOutputs targetsFrom(const Options& options)
{
    api::ReleaseOutputs o;
    o.files = options.values("out");
    o.table = options.value("out-sql-table").value_or("");
    o.force = options.flag("force");
    return o;
}

// A note's path from `option`, checked now (not after the table is committed) against the outputs so far.
std::string notePathFrom(const Options& options, const std::string& option, const std::vector<std::string>& outputs)
{
    const std::string path = options.value(option).value_or("");
    if (options.has(option) && path.empty())
        throw InputError("option --" + option + " needs a file name");
    if (!path.empty())
        api::checkNotePath(path, option, outputs);
    return path;
}

} // namespace

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

std::vector<OptionSpec> releaseNoteOptions()
{
    return {{"note", "FILE",
             "also write the public release note to FILE (p, q or matrix and epsilon per column, how to "
             "reconstruct; no source, no risk)"},
            {"audit-note", "FILE",
             "also write the internal audit note to FILE (this output with the source, who and when, the "
             "public note)"}};
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

api::ReleaseOutputs releaseOutputsFrom(const Options& options)
{
    checkReleaseTargets(options);
    api::ReleaseOutputs o = targetsFrom(options);
    o.note = notePathFrom(options, "note", o.written());
    o.auditNote = notePathFrom(options, "audit-note", o.written());
    checkOutputsAreNotInputs(options, o.written());
    return o;
}

} // namespace rr::cli
