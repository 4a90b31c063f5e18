#include "core/api/Randomize.h"

#include "core/api/Names.h"
#include "core/api/RandomizeNotes.h"
#include "core/api/RandomizePlan.h"
#include "core/api/ReleaseColumns.h"
#include "core/api/ReleaseLogEntry.h"
#include "core/data/Errors.h"
#include "core/release/ReleaseTestHooks.h"

#include <algorithm>
#include <memory>

namespace rr::api {
namespace {

// The files the release reads, which no output may replace.
std::vector<InputFile> inputsOf(const RandomizeRequest& request)
{
    std::vector<InputFile> inputs;
    for (const std::string& file : request.data.source.files)
        inputs.emplace_back("--data", file);
    for (const auto& [attribute, file] : request.distortions.matrixFiles)
        inputs.emplace_back("--matrix", file);
    return inputs;
}

// Only a secure release goes into the log: a seeded run is exploration, nothing is released.
bool logged(const RandomizeRequest& request)
{
    return request.outputs.releaseLog && request.generator.secure();
}

// The names of the request checked against the source's columns, before any record is read.
void checkNames(const RandomizeRequest& request, const std::vector<std::string>& columns)
{
    for (const std::string& name : request.attributes)
        if (std::find(columns.begin(), columns.end(), name) == columns.end())
            throw InputError("unknown attribute '" + name + "' (the table has: " + joinNames(columns) + ")");
    checkDistortions(request.distortions, request.attributes);
    checkKeepColumns(request.keep, columns, request.attributes);
}

// The result as far as it is known before the release: the source, its columns, what is kept, where it goes.
RandomizeResult plannedResult(const RandomizeRequest& request, const DataSource& source)
{
    RandomizeResult r;
    r.source = source.description();
    r.columns = source.attributeNames(); // a file's header; nothing counted yet
    checkNames(request, r.columns);
    r.keep = request.keep;
    r.outputs = request.outputs;
    return r;
}

// `r` with the report of the release being written: what its notes and its table's comment describe.
RandomizeResult reported(const RandomizeResult& r, const StreamReleaseReport& report)
{
    RandomizeResult out = r;
    out.report = report;
    return out;
}

// The note files written with the release (all or nothing). Both texts are kept in `r` even when no file asks
// for them: the Python module hands them to the caller.
std::vector<FileWrite> noteFiles(RandomizeResult& r, const StreamReleaseReport& report)
{
    std::vector<FileWrite> files;
    const ReleaseOutputs& o = r.outputs;
    const RandomizeResult now = reported(r, report);
    r.publicNote = randomizePublicNote(now);
    r.auditNote = randomizeAuditNote(now, r.publicNote);
    if (!o.note.empty())
        files.push_back({o.note, [text = r.publicNote](std::ostream& out) { out << text; }});
    if (!o.auditNote.empty())
        files.push_back({o.auditNote, [text = r.auditNote](std::ostream& out) { out << text; }});
    return files;
}

// The records written into the target (a file by its extension, or a table whose comment is the summary).
StreamReleaseReport writeRelease(const DataSource& source, const ReleasePlan& plan, RandomSource& rng,
                                 RandomizeResult& r, const ProgressFunction& progress)
{
    const auto comment = [&r](const StreamReleaseReport& report) {
        return "RR Explorer release: " + randomizeSummaryJson(reported(r, report)).dump();
    };
    const std::unique_ptr<ReleaseTarget> target = releaseTargetOf(r.outputs, source, plan.missingToken, comment);
    const std::unique_ptr<ReleaseTarget> hooked = releaseTestHooks(*target);
    const auto notes = [&r](const StreamReleaseReport& report) { return noteFiles(r, report); };
    return streamRelease(source, plan, rng, hooked ? *hooked : *target, {}, notes, progress);
}

} // namespace

RandomizeResult randomizeOf(const RandomizeRequest& request, const ProgressFunction& progress)
{
    checkReleaseOutputs(request.outputs, inputsOf(request));
    RandomSource rng = generatorOf(request.generator);
    const std::shared_ptr<const DataSource> source = openData(request.data);
    RandomizeResult r = plannedResult(request, *source);
    ReleasePlan plan = randomizePlan(request, r.columns);
    const bool log = logged(request);
    const std::vector<AttributeSummary> counted =
        planCategories(request, *source, r.columns, !request.keep.empty() || log, plan, r.distortions, progress);
    std::optional<ReleaseLogEntry> entry;
    if (log) {
        entry = randomizedLogEntry(counted, r.distortions, request.outputs.logged());
        EarlierReleases earlier = earlierReleases(*request.outputs.releaseLog, *entry);
        r.earlier = std::move(earlier.json);
        r.earlierWarning = std::move(earlier.warning);
    }
    noteColumnsOf(plan, r.released);
    r.report = writeRelease(*source, plan, rng, r, progress);
    if (entry) {
        entry->records = r.report.randomization.rows;
        r.logFailure = logRelease(*request.outputs.releaseLog, *entry);
        r.logged = !r.logFailure;
    }
    return r;
}

} // namespace rr::api
