#include "core/api/RandomizeNotes.h"

#include "core/release/ReleaseNotes.h"

#include <filesystem>

namespace rr::api {

std::string randomizePublicNote(const RandomizeResult& r)
{
    ReleasePlan plan;
    plan.columns = r.released;
    const ReleaseOutputs& o = r.outputs;
    ReleaseFiles files;
    files.table = o.files.empty() ? o.table : o.files.front();
    if (o.files.size() > 1)
        files.alsoAs.assign(o.files.begin() + 1, o.files.end());
    return publicNoteJson(plannedReleaseSummary(plan, r.columns), r.report.randomization, files, r.report.randomOrder);
}

std::string randomizeAuditNote(const RandomizeResult& r, const std::string& published)
{
    const AuditStamp stamp = auditStampNow();
    Json j;
    j["kind"] = "rr-explorer release audit note (internal: do not publish)";
    j["released_by"] = stamp.user;
    j["host"] = stamp.host;
    j["released_at_utc"] = stamp.utc;
    if (!r.outputs.note.empty())
        j["public_note"] = std::filesystem::path(r.outputs.note).filename().string();
    j.update(randomizeSummaryJson(r));
    j["published"] = Json::parse(published);
    return j.dump(2) + "\n";
}

} // namespace rr::api
