#pragma once
// Where a release command writes, read from its options: a file (--out FILE: CSV, or SPSS/Stata/SAS transport by
// the extension) or a new table in the database of --sql-url (--out-sql-table NAME), the notes beside it
// (--note, --audit-note), for randomize, anonymize and anatomy alike. core/api/ReleaseOutputs.h checks and opens
// them.
#include "app/cli/Options.h"
#include "core/api/ReleaseOutputs.h"

#include <optional>
#include <string>
#include <vector>

namespace rr::cli {

OptionSpec outSqlTableOption();
// --force for both targets.
OptionSpec releaseForceOption();
// --note FILE and --audit-note FILE.
std::vector<OptionSpec> releaseNoteOptions();
// The release's outputs as the options give them, read once.
struct ReleaseTargetTexts {
    std::vector<std::string> out;                       // --out, every time it is given
    std::optional<std::string> table, note, auditNote; // --out-sql-table, --note, --audit-note
    bool force = false;
};
ReleaseTargetTexts releaseTargetTexts(const Options& options);
// Exactly one of --out FILE and --out-sql-table NAME, the latter only with --sql-url (of `options`); InputError
// otherwise.
void checkReleaseTargets(const ReleaseTargetTexts& targets, const Options& options);
// --out, --out-sql-table, --force, --note and --audit-note, each checked now, before anything is read, in that
// order (the notes against the outputs before them; no output an input of the options). No release log.
api::ReleaseOutputs releaseOutputsFrom(const Options& options);

} // namespace rr::cli
