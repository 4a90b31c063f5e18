// `randomize`: a randomized copy of the table, each listed attribute through its Warner matrix (003 eq. 5.2) or
// a matrix from a file (003 eq. 2.1), streamed (any number of records) and in a random record order.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/ReleaseColumns.h"
#include "app/cli/ReleaseGenerator.h"
#include "app/cli/ReleaseLogOptions.h"
#include "app/cli/ReleaseTargets.h"
#include "app/cli/ReleaseTestHooks.h"
#include "app/cli/SqlOptions.h"

#include "core/release/FileReleaseTarget.h"
#include "core/release/ReleaseNotes.h"
#include "core/release/StreamRelease.h"
#include "core/data/Errors.h"
#include "core/sources/SqlDataSource.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>

namespace rr::cli {
namespace {

// Where the release goes: files, a table, a note, the release log.
struct RandomizeOutputs {
    std::vector<std::string> outs; // one draw, written to each
    std::string outTable;
    std::string notePath;      // the public note
    std::string auditNotePath; // the internal one
    std::optional<std::string> logPath;
};

// A note's path from `option`, checked now (not after the table is committed) against the outputs so far.
std::string checkedNotePath(const Options& options, const std::string& option, const std::vector<std::string>& outs)
{
    const std::string path = options.value(option).value_or("");
    if (options.has(option) && path.empty())
        throw InputError("option --" + option + " needs a file name");
    if (path.empty())
        return path;
    checkWriteTarget(path);
    for (const std::string& out : outs)
        if (sameOutputFile(out, path))
            throw InputError("--" + option + " names a file another output names too ('" + path + "')");
    return path;
}

// The outputs, each checked before anything is read (a note beside the table refused now, not after the commit).
RandomizeOutputs checkedOutputs(const Options& options)
{
    checkReleaseTargets(options);
    RandomizeOutputs o;
    o.outs = options.values("out");
    o.outTable = options.value("out-sql-table").value_or("");
    std::vector<std::string> outputs = o.outs;
    for (const char* option : {"note", "audit-note"}) {
        std::string path = checkedNotePath(options, option, outputs);
        if (!path.empty())
            outputs.push_back(path);
        (std::string(option) == "note" ? o.notePath : o.auditNotePath) = std::move(path);
    }
    checkOutputsAreNotInputs(options, outputs);
    o.logPath = releaseLogPath(options, outputs);
    return o;
}

// Every record leaves (missing values stay missing); listed columns randomized, --keep in clear, the rest
// dropped: a column nobody chose never leaves in clear.
ReleasePlan randomizePlan(const Options& options, const std::vector<std::string>& columns,
                          const std::vector<std::string>& names, const std::vector<std::string>& keep)
{
    ReleasePlan plan;
    plan.missingToken = missingToken(options);
    plan.keepOrder = options.flag("keep-order");
    for (const std::string& column : columns) {
        ColumnRelease c;
        if (std::find(names.begin(), names.end(), column) != names.end())
            c.action = ColumnRelease::Action::Randomize;
        else if (std::find(keep.begin(), keep.end(), column) != keep.end())
            c.action = ColumnRelease::Action::Clear;
        plan.columns.push_back(std::move(c));
    }
    return plan;
}

// The randomized columns' categories (`found`, in the source's column order) and their matrices (in
// --attributes order) put into the plan.
void completePlan(const Options& options, const std::vector<std::string>& names,
                  const std::vector<std::string>& columns, ReleasePlan& p,
                  const std::vector<std::vector<std::string>>& found, std::optional<Distortions>& distortions)
{
    std::vector<std::vector<std::string>> categories(names.size());
    std::size_t next = 0;
    for (std::size_t c = 0; c < columns.size(); ++c) {
        if (p.columns[c].action != ColumnRelease::Action::Randomize)
            continue;
        const auto k = static_cast<std::size_t>(std::find(names.begin(), names.end(), columns[c]) - names.begin());
        if (found.at(next).empty())
            throw InputError("attribute '" + columns[c] + "' has no values (it is missing in every record)");
        categories[k] = found[next++];
    }
    distortions = distortionsFrom(options, names, categories);
    for (std::size_t c = 0; c < columns.size(); ++c) {
        if (p.columns[c].action != ColumnRelease::Action::Randomize)
            continue;
        const auto k = static_cast<std::size_t>(std::find(names.begin(), names.end(), columns[c]) - names.begin());
        p.columns[c].categories = categories[k];
        p.columns[c].matrix = distortions->matrices[k];
    }
}

// A pass over the randomized columns (in the source's order) counting their categories.
std::vector<AttributeSummary> countRandomized(const DataSource& source, const std::vector<std::string>& columns,
                                              const std::vector<std::string>& names)
{
    std::vector<std::string> inColumnOrder;
    for (const std::string& column : columns)
        if (std::find(names.begin(), names.end(), column) != names.end())
            inColumnOrder.push_back(column);
    return source.describeAttributes(inColumnOrder, keepRunningProgress());
}

// The randomized columns' categories are the matrices' rows and columns. Without --keep they are found in
// the one pass that releases the records; with it, a pass over the randomized columns counts them first. The
// release log needs the randomized columns' counts before the release (its note names earlier releases): then
// they are counted first, as with --keep. The counts, when counted first.
std::vector<AttributeSummary> planCategories(const Options& options, const DataSource& source,
                                             const std::vector<std::string>& names,
                                             const std::vector<std::string>& columns, bool countFirst,
                                             ReleasePlan& plan, std::optional<Distortions>& distortions)
{
    const auto complete = [&options, &names, &columns, &distortions](
                              ReleasePlan& p, const std::vector<std::vector<std::string>>& found) {
        completePlan(options, names, columns, p, found, distortions);
    };
    std::vector<AttributeSummary> counted;
    if (!countFirst) {
        plan.discover = complete;
        return counted;
    }
    counted = countRandomized(source, columns, names);
    std::vector<std::vector<std::string>> found;
    for (const AttributeSummary& a : counted)
        found.push_back(a.categories);
    complete(plan, found);
    return counted;
}

// What the release log says of earlier releases of the same columns, and this release's entry.
struct EarlierReleases {
    std::optional<ReleaseLogEntry> logEntry;
    Json json = Json::object(); // previous_releases and combined_epsilon, when there are any
    std::string warning;
};

EarlierReleases earlierReleases(const RandomizeOutputs& o, const std::vector<AttributeSummary>& counted,
                                const Distortions& distortions)
{
    EarlierReleases e;
    e.logEntry = releaseLogEntry(counted, distortions, o.outs.empty() ? std::vector{"table " + o.outTable} : o.outs);
    const std::vector<ReleaseLogEntry> previous = previousReleases(readReleaseLog(*o.logPath), *e.logEntry);
    e.json = previousReleasesJson(previous, *e.logEntry);
    e.warning = previousReleasesWarning(previous, *e.logEntry);
    return e;
}

// What every description of the release says; `found` gathers the notes of the p and matrices.
Json describeRelease(const StreamReleaseReport& report, Notes& found, const std::vector<std::string>& columns,
                     const ReleasePlan& plan, const Distortions& distortions, const RandomizeOutputs& o,
                     const Json& earlier)
{
    Json j;
    j["rows"] = report.randomization.rows;
    j["dropped_rows"] = report.droppedRows;
    j["changed_values"] = report.randomization.changedValues;
    j["generator"] = report.generator;
    j["order"] = report.randomOrder ? "random" : "source";
    j["columns"] = releaseColumnsJson(columns, plan);
    j["p"] = retentionJson(distortions, found);
    if (distortions.anyMatrixFile())
        j["distortion"] = distortionJson(distortions, found);
    if (o.outs.size() == 1)
        j["out"] = o.outs.front();
    else if (!o.outs.empty())
        j["out"] = o.outs; // the same records in each
    else
        j["out_sql_table"] = o.outTable;
    j.update(earlier);
    return j;
}

// After the release: the log entry added (the release stands if it cannot be), and the notes of the output.
void finishOutput(Json& j, const StreamReleaseReport& report, const RandomizeOutputs& o, EarlierReleases& earlier,
                  const std::vector<std::string>& keep, Notes& notes)
{
    if (!o.notePath.empty())
        j["note"] = o.notePath;
    if (!o.auditNotePath.empty())
        j["audit_note"] = o.auditNotePath;
    if (o.logPath) {
        earlier.logEntry->records = report.randomization.rows;
        try {
            appendReleaseLog(*o.logPath, *earlier.logEntry);
            j["release_log"] = *o.logPath;
        } catch (const std::runtime_error& e) { // the release stands; say what the log misses
            notes.add("the release was written but not added to the release log: " + std::string(e.what()));
        }
    }
    if (!earlier.warning.empty())
        notes.add(earlier.warning);
    if (!report.randomOrder)
        notes.add("the records keep the source's order (--keep-order): anyone who knows how the source is sorted "
                  "can align released records with persons");
    if (!keep.empty())
        notes.add("columns kept in clear (--keep) leave as they are; the risk of the release depends on them");
    if (!notes.empty())
        j["notes"] = notes.toJson();
}

// The plan's columns as the notes describe them: complete now, or when the pass that releases the records has
// found the categories (streamRelease completes its own copy of the plan; this keeps what it found).
void noteColumnsOf(ReleasePlan& plan, std::vector<ColumnRelease>& noted)
{
    noted = plan.columns;
    if (!plan.discover)
        return;
    plan.discover = [complete = plan.discover, &noted](ReleasePlan& p, const std::vector<std::vector<std::string>>& found) {
        complete(p, found);
        noted = p.columns;
    };
}

// The public note: what the desktop release publishes (core/release/ReleaseNotes), no source and no risk.
std::string publicNote(const std::vector<ColumnRelease>& planned, const std::vector<std::string>& columns,
                       const RandomizeOutputs& o, const StreamReleaseReport& report)
{
    ReleasePlan plan;
    plan.columns = planned;
    ReleaseFiles files;
    files.table = o.outs.empty() ? o.outTable : o.outs.front();
    if (o.outs.size() > 1)
        files.alsoAs.assign(o.outs.begin() + 1, o.outs.end());
    return publicNoteJson(plannedReleaseSummary(plan, columns), report.randomization, files, report.randomOrder);
}

// The audit note, kept inside: who released and when, this command's output with the source, the public note.
std::string auditNote(const Json& summary, const std::string& published, const RandomizeOutputs& o)
{
    const AuditStamp stamp = auditStampNow();
    Json j;
    j["kind"] = "rr-explorer release audit note (internal: do not publish)";
    j["released_by"] = stamp.user;
    j["host"] = stamp.host;
    j["released_at_utc"] = stamp.utc;
    if (!o.notePath.empty())
        j["public_note"] = std::filesystem::path(o.notePath).filename().string();
    j.update(summary);
    j["published"] = Json::parse(published);
    return j.dump(2) + "\n";
}

Json runRandomize(const Options& options)
{
    const RandomizeOutputs o = checkedOutputs(options);
    const std::vector<std::string> names = splitList(options.required("attributes"), "attributes");
    RandomSource rng = releaseGenerator(options, "randomize");

    const std::shared_ptr<const DataSource> source = openSource(options);
    const std::vector<std::string> columns = source->attributeNames(); // a file's header; nothing counted yet
    for (const std::string& name : names)
        if (std::find(columns.begin(), columns.end(), name) == columns.end())
            throw InputError("unknown attribute '" + name + "' (the table has: " + joinNames(columns) + ")");
    checkDistortionOptions(options, names); // before the data is read
    const std::vector<std::string> keep = keepColumns(options, *source, names);
    ReleasePlan plan = randomizePlan(options, columns, names, keep);
    std::optional<Distortions> distortions;
    const std::vector<AttributeSummary> counted =
        planCategories(options, *source, names, columns, !keep.empty() || o.logPath, plan, distortions);
    EarlierReleases earlier = o.logPath ? earlierReleases(o, counted, *distortions) : EarlierReleases{};
    std::vector<ColumnRelease> noted;
    noteColumnsOf(plan, noted);
    // What the command prints, with the source, is the table's comment where the engine has one and the audit
    // note's core; the public note is what the desktop release publishes.
    Notes notes;
    const auto describe = [&](const StreamReleaseReport& report, Notes& found) {
        return describeRelease(report, found, columns, plan, *distortions, o, earlier.json);
    };
    const auto summary = [&](const StreamReleaseReport& report) {
        Notes unused;
        Json j = describe(report, unused);
        j["source"] = source->description();
        return j;
    };
    const auto noteFiles = [&](const StreamReleaseReport& report) {
        std::vector<FileWrite> files;
        if (o.notePath.empty() && o.auditNotePath.empty())
            return files;
        const std::string published = publicNote(noted, columns, o, report);
        if (!o.notePath.empty())
            files.push_back({o.notePath, [published](std::ostream& out) { out << published; }});
        if (!o.auditNotePath.empty()) {
            const std::string text = auditNote(summary(report), published, o);
            files.push_back({o.auditNotePath, [text](std::ostream& out) { out << text; }});
        }
        return files;
    };
    // A file by its extension, or a table whose comment is the note.
    const std::unique_ptr<ReleaseTarget> target =
        releaseTargetFor(options, *source, plan.missingToken, [&](const StreamReleaseReport& report) {
            return "RR Explorer release: " + summary(report).dump();
        });
    const std::unique_ptr<ReleaseTarget> hooked = releaseTestHooks(*target);
    const StreamReleaseReport report =
        streamRelease(*source, plan, rng, hooked ? *hooked : *target, {}, noteFiles, keepRunningProgress());

    Json j = describe(report, notes);
    finishOutput(j, report, o, earlier, keep, notes);
    return j;
}

} // namespace

Command randomizeCommand()
{
    Command c;
    c.name = "randomize";
    c.summary = "write a randomized copy of the table (Warner or any matrix per attribute), in random order";
    c.description =
        "Randomizes each listed attribute of every record independently with its Warner matrix: the value is kept "
        "with probability p and otherwise replaced by one of the other d-1 categories uniformly (003 eq. 5.2); "
        "an attribute with a --matrix file moves from original v to u with probability P(u | v), drawn from "
        "column v (003 eq. 2.1). "
        "Only the randomized columns and those named in --keep are written (in the source's column order); every "
        "other column is dropped. The records are written in a uniformly random order unless --keep-order is "
        "given; missing values stay missing, written as the first --missing token. Any number of records: the "
        "input is streamed, and the order is drawn through temporary files beside --out (about the size of the "
        "output; they are removed on every exit). "
        "--seed gives a reproducible run for exploration, never for release; use --secure for a table to release "
        "(ChaCha20 streams of libsodium keyed from the operating system's CSPRNG). "
        "With --sql-url, --out-sql-table NAME writes the release into the same database as a new table instead of "
        "--out: created and filled in one transaction (no table is left when anything fails), the source's column "
        "types, missing values as NULL, and this command's output as the table's comment (PostgreSQL); an existing "
        "table is replaced only with --force. --note FILE writes the public release note beside it (what an analyst "
        "needs: each column's p, q or matrix, epsilon, the record order, how to reconstruct; no source, no risk; "
        "the desktop release's format), --audit-note FILE the internal one (this output with the source, who "
        "released and when, and the public note), both after the table is committed or with the files. "
        "A --secure release is checked against the release log and added to it (--release-log; a seeded run is "
        "exploration and is not): when a randomized column has the counts of one released before, the output "
        "lists those releases under previous_releases and gives combined_epsilon, the level of all the draws "
        "of it together (their epsilons add up). --out given several times writes one draw to every file.";
    c.options = dataOptions();
    c.options.push_back({"attributes", "A,B,...", "the attributes to randomize"});
    c.options.push_back(retentionOption());
    c.options.push_back(matrixOption());
    c.options.push_back({"keep", "A,B,...", "columns to write in clear beside the randomized ones (default: none)"});
    c.options.push_back(
        {"keep-order", "", "keep the source's record order (a risk: records can be aligned with the source)"});
    for (auto& o : releaseGeneratorOptions())
        c.options.push_back(o);
    c.options.push_back({"out", "FILE",
                         "where to write the release (written atomically): CSV, or SPSS .sav, Stata .dta or SAS "
                         "transport .xpt by the extension, with value labels; given again, the same records in the "
                         "same order go to each file, all files or none (one draw: publishing two draws of the same "
                         "persons lets anyone average them)",
                         true});
    c.options.push_back(outSqlTableOption());
    c.options.push_back({"note", "FILE",
                         "also write the public release note to FILE (p, q or matrix and epsilon per column, how to "
                         "reconstruct; no source, no risk)"});
    c.options.push_back({"audit-note", "FILE",
                         "also write the internal audit note to FILE (this output with the source, who and when, the "
                         "public note)"});
    c.options.push_back(releaseForceOption());
    for (auto& o : releaseLogOptions())
        c.options.push_back(o);
    c.run = runRandomize;
    return c;
}

} // namespace rr::cli
