#pragma once
// The two notes of a release (issue 20). The public note goes out with the table: what an analyst needs
// (each randomized column's p, q and matrix, epsilon, how to reconstruct, that the record order is random)
// and nothing about the owner's files or risk judgement. The audit note stays inside: the source, the
// generator, the counts, the risk and re-identification figures, who released and when, and the public
// note's content besides.
#include "core/release/Release.h"
#include "core/release/StreamRelease.h"

#include <string>

namespace rr {

// Who released and when, for the audit note.
struct AuditStamp {
    std::string user; // the login name ("unknown" when the system has none)
    std::string host;
    std::string utc; // "2026-11-26T09:41:07Z"
};
AuditStamp auditStampNow();

struct AuditContext {
    std::string generator; // the random generator, in words
    std::string source;    // the source's description (files, database table)
    AuditStamp stamp;
};

std::string publicNoteJson(const ReleaseSummary& summary, const RandomizationReport& report, const ReleaseFiles& files,
                           bool randomOrder);
std::string publicNoteHtml(const ReleaseSummary& summary, const RandomizationReport& report, const ReleaseFiles& files,
                           bool randomOrder);
std::string auditNoteJson(const ReleaseSummary& summary, const RandomizationReport& report, const ReleaseFiles& files,
                          bool randomOrder, const AuditContext& audit);
std::string auditNoteHtml(const ReleaseSummary& summary, const RandomizationReport& report, const ReleaseFiles& files,
                          bool randomOrder, const AuditContext& audit);
// What the public note needs of a release planned without roles (the CLI's randomize): each column's action,
// categories, p, q or matrix and epsilon, and the records' epsilon. `columns`: the source's names, in the plan's
// order. No risk: randomize judges none (the desktop release and `risk` do).
ReleaseSummary plannedReleaseSummary(const ReleasePlan& plan, const std::vector<std::string>& columns);

// The matrices part of the HTML notes (the release dialog shows it too).
std::string releaseMatricesHtml(const ReleaseSummary& summary);

} // namespace rr
