#pragma once
// The two notes of a randomized release (issue 20, issue 43): the public note is what the desktop release
// publishes (core/release/ReleaseNotes.h: each column's p, q or matrix, epsilon, the record order, how to
// reconstruct; no source, no risk); the audit note stays inside: who released and when, the release's summary
// with its source, and the public note.
#include "core/api/Randomize.h"

#include <string>

namespace rr::api {

std::string randomizePublicNote(const RandomizeResult& result);
// `published`: the public note's text.
std::string randomizeAuditNote(const RandomizeResult& result, const std::string& published);

} // namespace rr::api
