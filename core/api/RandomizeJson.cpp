// randomizeJson: the one place a randomized release becomes the CLI's JSON (key order and notes are the contract).
#include "core/api/Randomize.h"
#include "core/api/ReleaseColumns.h"

namespace rr::api {
namespace {

// What every description of the release says; `found` gathers the notes of the p and matrices.
Json describedRelease(const RandomizeResult& r, Notes& found)
{
    Json j;
    j["rows"] = r.report.randomization.rows;
    j["dropped_rows"] = r.report.droppedRows;
    j["changed_values"] = r.report.randomization.changedValues;
    j["generator"] = r.report.generator;
    j["order"] = r.report.randomOrder ? "random" : "source";
    j["columns"] = releaseColumnsJson(r.columns, r.released);
    j["p"] = retentionJson(r.distortions, found);
    if (r.distortions.anyMatrixFile())
        j["distortion"] = distortionJson(r.distortions, found);
    addOutputsJson(j, r.outputs);
    j.update(r.earlier);
    return j;
}

// After the release: the notes written, the log entry added (or why not), and what the owner should know.
void addOutcome(Json& j, const RandomizeResult& r, Notes& notes)
{
    if (!r.outputs.note.empty())
        j["note"] = r.outputs.note;
    if (!r.outputs.auditNote.empty())
        j["audit_note"] = r.outputs.auditNote;
    if (r.logged)
        j["release_log"] = *r.outputs.releaseLog;
    if (r.logFailure)
        notes.add("the release was written but not added to the release log: " + *r.logFailure);
    if (!r.earlierWarning.empty())
        notes.add(r.earlierWarning);
    if (!r.report.randomOrder)
        notes.add("the records keep the source's order (--keep-order): anyone who knows how the source is sorted "
                  "can align released records with persons");
    if (!r.keep.empty())
        notes.add("columns kept in clear (--keep) leave as they are; the risk of the release depends on them");
    if (!notes.empty())
        j["notes"] = notes.toJson();
}

} // namespace

Json randomizeJson(const RandomizeResult& r)
{
    Notes notes;
    Json j = describedRelease(r, notes);
    addOutcome(j, r, notes);
    return j;
}

Json randomizeSummaryJson(const RandomizeResult& r)
{
    Notes unused; // the summary keeps the description's figures, not its notes
    Json j = describedRelease(r, unused);
    j["source"] = r.source;
    return j;
}

} // namespace rr::api
