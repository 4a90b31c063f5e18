#pragma once
// Loading the data a command works on, as every command does it: --data files, missing tokens,
// count column, which records are analysed (the missing-value policy), the roles, and the
// retention p of each attribute. The analysis itself is core/analysis's, shared with the GUI.
#include "app/cli/Json.h"
#include "app/cli/Options.h"
#include "core/api/Source.h"
#include "core/analysis/AnalysisSpec.h"
#include "core/datasource/DataSource.h"
#include "core/datasource/PreparedTable.h"
#include "core/analysis/SeveralSensitive.h"
#include "core/data/Binning.h"
#include "core/data/CsvReader.h"
#include "core/data/Table.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace rr::cli {

// --data, --count-column, --missing: the options of every command that reads data.
std::vector<OptionSpec> dataOptions();
// --drop-incomplete: for commands that analyse a subset of attributes.
OptionSpec dropIncompleteOption();
// --qi A,B,... and --sensitive S.
std::vector<OptionSpec> roleOptions();
// --p NAME=VALUE,...
OptionSpec retentionOption();

CsvOptions csvOptions(const Options& options);
// --bin NAME=SPEC, repeatable (core/data/Binning.h): checked, an attribute binned twice refused.
std::vector<BinSpec> binSpecs(const Options& options);
// --data files, or --sql-url with --sql-table/--sql-query (app/cli/SqlOptions.h) in every command.
// The --data files as a source the analysis counts from without holding the records (risk, optimize,
// reconstruct, measures, ...): each count is one streaming pass.
std::shared_ptr<const DataSource> openSource(const Options& options);
// The same as the typed layer's data request (a registered source, or the source request of the options).
api::DataRequest dataRequest(const Options& options);
// One more file read with the same options as the --data files (their CSV options or statistical format, --bin),
// such as regress's --original. A name registered in memory (registerMemorySource) is that source.
api::DataRequest fileDataRequest(const Options& options, const std::string& path);

// Sources a front end embedding the commands holds in memory (the Python module's counts and data frames):
// a single --data value equal to a registered name opens that source instead of a file. The CLI registers none.
void registerMemorySource(const std::string& name, std::shared_ptr<const DataSource> source);
void unregisterMemorySource(const std::string& name);

// Long work a front end embedding the commands can stop (the Python module's Ctrl+C and cancel): while set on
// the calling thread, commands hand it to what they search with (DisclosureRiskModel::setKeepRunning), which
// then throws Cancelled when it returns false. The CLI sets none.
void setKeepRunning(std::function<bool()> keepRunning);
const std::function<bool()>& keepRunning();
// The same as a reading progress (counting passes): false when the hook says stop (the reader then throws
// Cancelled); none without a hook.
ProgressFunction keepRunningProgress();

// Threads for the risk pass and the optimizer (the machine's cores, at most 8).
int cliThreads();

// Every file the options name for reading, with its option: --data, --original, --rho-table, --sizes-table,
// --max-supports, the FILE of each --matrix NAME=FILE, and every regular file in the --hierarchies folder.
std::vector<std::pair<std::string, std::string>> inputFiles(const Options& options);
// Refuses (InputError) to write any of `outputs` over a file the command reads (the same file by device and
// inode, through links): inputFiles(options) and `sideInputs` (option or role, path), such as a release's
// FILE.sizes. A --data file may be replaced with --force (the release replaces its input); any other input
// never. An output in /proc or /sys is refused too (checkNotKernelFile). Call before any work.
void checkOutputsAreNotInputs(const Options& options, const std::vector<std::string>& outputs,
                              const std::vector<std::pair<std::string, std::string>>& sideInputs = {});
// The token written for a missing value: the first --missing token ('?' by default).
std::string missingToken(const Options& options);

// DropIncomplete with --drop-incomplete, DropIfUsedMissing otherwise.
MissingPolicy missingPolicy(const Options& options);
// --qi, --sensitive and the missing-value policy (checked: one S, no attribute with two roles).
AnalysisSpec rolesFrom(const Options& options);
// Several sensitive attributes (issue 22): --qi, --sensitive S1,S2, --knows S2=A,B and the missing-value policy.
SeveralSensitiveSpec severalSensitiveFrom(const Options& options);

// {attribute: category} of one joint cell of `table`.
Json cellValues(const PreparedTable& table, std::size_t cell);


// --alpha A: ranges and tests at level 1 - alpha.
OptionSpec alphaOption(const std::string& help = "level 1 - alpha of the ranges, alpha in (0, 1) (default 0.05)");
// alpha in (0, 1) from --alpha (0.05 when not given); InputError otherwise.
double alphaFrom(const Options& options);

// A risk threshold: a number in (0, 1] (InputError otherwise, naming `option`).
double parseTau(const std::string& text, const std::string& option = "--tau");

} // namespace rr::cli
