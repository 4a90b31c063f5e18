#pragma once
// Where a release goes (issue 43): one draw into one or more files (CSV, or SPSS, Stata or SAS transport by the
// extension) or into a new table of the source's database, with the public and the audit note beside it and the
// release log it is checked against. The checks every release action runs before anything is read, and the
// target it writes into.
#include "core/api/JsonValues.h"
#include "core/datasource/DataSource.h"
#include "core/release/ReleaseTarget.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rr {
struct StreamReleaseReport;
}
namespace rr::sql {
class SqlDataSource;
}

namespace rr::api {

struct ReleaseOutputs {
    std::vector<std::string> files;        // one draw, written to each (all files or none)
    std::string table;                     // instead of files: a new table in the source's database
    bool force = false;                    // the table may replace an existing one of its name (never a source's)
    std::string note;                      // the public note (no source, no risk); empty: none
    std::string auditNote;                 // the internal one; empty: none
    std::optional<std::string> releaseLog; // checked against and added to (a secure release only); none: not logged

    // The files written: the table's files, then the notes given so far.
    std::vector<std::string> written() const;
    // The release log's name for the outputs: the files, or "table NAME".
    std::vector<std::string> logged() const;
};

// A file a release reads, with the option or role that names it: {"--data", "in.csv"}.
using InputFile = std::pair<std::string, std::string>;

// Every check of `outputs` before anything is read, in this order: exactly one of files and a table (no file name
// empty), each note (checkNotePath), no output an input (checkOutputsAreNotInputs), the log's place
// (checkReleaseLogPlace). InputError in the CLI's words.
void checkReleaseOutputs(const ReleaseOutputs& outputs, const std::vector<InputFile>& inputs);
// A note's file: writable (checkWriteTarget) and not one of `others`; `option` names it ("note").
void checkNotePath(const std::string& path, const std::string& option, const std::vector<std::string>& others);
// No output over a file the release reads (the same file by device and inode, through links), --force or not:
// a release keeps its source. Nor in /proc or /sys, nor with a name too long.
void checkOutputsAreNotInputs(const std::vector<std::string>& outputs, const std::vector<InputFile>& inputs);

// The database under `source` (under any bins), for a release into it; InputError when it is a file.
const sql::SqlDataSource& releaseDatabase(const DataSource& source);
// The target `outputs` names: its files, or its table, whose comment `comment` makes from the release's report.
std::unique_ptr<ReleaseTarget> releaseTargetOf(const ReleaseOutputs& outputs, const DataSource& source,
                                               const std::string& missingToken,
                                               std::function<std::string(const StreamReleaseReport&)> comment);

// "out": the file (or the files, one draw in each), or "out_sql_table": the table.
void addOutputsJson(Json& j, const ReleaseOutputs& outputs);

} // namespace rr::api
