#include "core/api/ReleaseOutputs.h"

#include "core/data/AtomicWrite.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "core/datasource/BinnedSource.h"
#include "core/release/FileReleaseTarget.h"
#include "core/session/ReleaseLog.h"
#include "core/sources/SqlReleaseTable.h"
#include "core/statfiles/StatFileReleaseTarget.h"

namespace rr::api {
namespace {

void checkTargets(const ReleaseOutputs& o)
{
    if (o.files.empty() == o.table.empty())
        throw InputError("give exactly one of --out FILE and --out-sql-table NAME");
    for (const std::string& out : o.files)
        if (out.empty())
            throw InputError("option --out needs a file name");
}

} // namespace

std::vector<std::string> ReleaseOutputs::written() const
{
    std::vector<std::string> out = files;
    for (const std::string* path : {&note, &auditNote})
        if (!path->empty())
            out.push_back(*path);
    return out;
}

std::vector<std::string> ReleaseOutputs::logged() const
{
    return files.empty() ? std::vector{"table " + table} : files;
}

void checkReleaseOutputs(const ReleaseOutputs& o, const std::vector<InputFile>& inputs)
{
    checkTargets(o);
    std::vector<std::string> before = o.files;
    if (!o.note.empty()) {
        checkNotePath(o.note, "note", before);
        before.push_back(o.note);
    }
    if (!o.auditNote.empty())
        checkNotePath(o.auditNote, "audit-note", before);
    checkOutputsAreNotInputs(o.written(), inputs);
    if (o.releaseLog)
        checkReleaseLogPlace(*o.releaseLog, o.written());
}

void checkNotePath(const std::string& path, const std::string& option, const std::vector<std::string>& others)
{
    checkWriteTarget(path);
    for (const std::string& out : others)
        if (sameOutputFile(out, path))
            throw InputError("--" + option + " names a file another output names too ('" + path + "')");
}

void checkOutputsAreNotInputs(const std::vector<std::string>& outputs, const std::vector<InputFile>& inputs)
{
    for (const auto& out : outputs) {
        checkNameLengths(out);
        checkNotKernelFile(out);
    }
    for (const auto& out : outputs)
        for (const auto& [option, in] : inputs)
            if (sameFile(out, in)) // never, --force or not: a release keeps its source (as a database table does)
                throw InputError("the output '" + out + "' is the " + option + " file '" + in +
                                 "': writing it would replace an input; write the release beside it");
}

const sql::SqlDataSource& releaseDatabase(const DataSource& source)
{
    const auto* database = dynamic_cast<const sql::SqlDataSource*>(&unbinned(source)); // under any bins
    if (!database)
        throw InputError("--out-sql-table needs a database source (--sql-url)");
    return *database;
}

std::unique_ptr<ReleaseTarget> releaseTargetOf(const ReleaseOutputs& outputs, const DataSource& source,
                                               const std::string& missingToken,
                                               std::function<std::string(const StreamReleaseReport&)> comment)
{
    if (outputs.table.empty())
        return fileReleaseTarget(source, outputs.files, missingToken);
    return std::make_unique<sql::SqlReleaseTable>(releaseDatabase(source), outputs.table, outputs.force,
                                                  std::move(comment), binnedAttributeNames(source));
}

void addOutputsJson(Json& j, const ReleaseOutputs& o)
{
    if (o.files.size() == 1)
        j["out"] = o.files.front();
    else if (!o.files.empty())
        j["out"] = o.files; // the same records in each
    else
        j["out_sql_table"] = o.table;
}

} // namespace rr::api
