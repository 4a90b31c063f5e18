#include "app/cli/ReleaseTargets.h"

#include "app/cli/Dataset.h"
#include "app/cli/SqlOptions.h"
#include "core/data/Errors.h"

namespace rr::cli {
namespace {

// A note's path, checked now (not after the table is committed) against the outputs so far.
std::string notePathFrom(const std::optional<std::string>& path, const std::string& option,
                         const std::vector<std::string>& outputs)
{
    if (path && path->empty())
        throw InputError("option --" + option + " needs a file name");
    if (path)
        api::checkNotePath(*path, option, outputs);
    return path.value_or("");
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

ReleaseTargetTexts releaseTargetTexts(const Options& options)
{
    using T = ReleaseTargetTexts;
    ReleaseTargetTexts targets;
    readOptions<T>(options, targets,
                   {repeatedOption("out", &T::out), textOption("out-sql-table", &T::table),
                    textOption("note", &T::note), textOption("audit-note", &T::auditNote),
                    flagOption("force", &T::force)});
    return targets;
}

void checkReleaseTargets(const ReleaseTargetTexts& targets, const Options& options)
{
    const bool file = !targets.out.empty(), table = targets.table.has_value();
    if (file == table)
        throw InputError("give exactly one of --out FILE and --out-sql-table NAME");
    for (const std::string& out : targets.out)
        if (out.empty())
            throw InputError("option --out needs a file name");
    if (table && !usesSql(options))
        throw InputError("--out-sql-table writes into the database of --sql-url; give --sql-url with --sql-table or "
                         "--sql-query (or --out FILE for a file)");
    if (table && targets.table->empty())
        throw InputError("option --out-sql-table needs a table name");
}

api::ReleaseOutputs releaseOutputsFrom(const Options& options)
{
    const ReleaseTargetTexts targets = releaseTargetTexts(options);
    checkReleaseTargets(targets, options);
    api::ReleaseOutputs o;
    o.files = targets.out;
    o.table = targets.table.value_or("");
    o.force = targets.force;
    o.note = notePathFrom(targets.note, "note", o.written());
    o.auditNote = notePathFrom(targets.auditNote, "audit-note", o.written());
    checkOutputsAreNotInputs(options, o.written());
    return o;
}

} // namespace rr::cli
