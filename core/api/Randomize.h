#pragma once
// `randomize` of the typed layer (issue 43): a randomized copy of the table, each listed attribute through its
// Warner matrix (003 eq. 5.2) or a matrix from a file (003 eq. 2.1), streamed (any number of records) and in a
// random record order, into files or a database table, with the public and the audit note and the release log.
// One request, one function, one result; randomizeJson is the one place the result becomes the CLI's JSON.
#include "core/api/Distortions.h"
#include "core/api/Generator.h"
#include "core/api/JsonValues.h"
#include "core/api/ReleaseOutputs.h"
#include "core/api/Source.h"
#include "core/release/StreamRelease.h"

#include <optional>
#include <string>
#include <vector>

namespace rr::api {

struct RandomizeRequest {
    DataRequest data;
    std::vector<std::string> attributes; // randomized, each through its distortion (p = 1 unless given)
    DistortionChoice distortions;
    std::vector<std::string> keep;  // columns written in clear beside them; every other column is dropped
    bool keepOrder = false;         // the source's record order (a risk: records can be aligned with the source)
    std::string missingToken = "?"; // how a missing value is written
    ReleaseOutputs outputs;
    GeneratorChoice generator; // a seeded run is exploration: never logged
};

struct RandomizeResult {
    StreamReleaseReport report;          // records released and dropped, values changed, generator, order
    std::string source;                  // the source's description (the audit note's, the table comment's)
    std::vector<std::string> columns;    // the source's, in its order
    std::vector<ColumnRelease> released; // per column: randomized (categories, matrix), in clear or dropped
    Distortions distortions;             // the randomized attributes', in the request's order
    std::vector<std::string> keep;
    ReleaseOutputs outputs;                // where it went
    Json earlier = Json::object();         // previous_releases and combined_epsilon, when the log has any
    std::string earlierWarning;            // the owner's warning about them
    bool logged = false;                   // added to outputs.releaseLog
    std::optional<std::string> logFailure; // why not, when the release stands without its entry
    std::string publicNote, auditNote;     // the notes' texts, written or not
};

// Checks the outputs (before anything is read), opens the data, plans and writes the release, all or nothing,
// then adds it to the release log. Returning false from `progress` stops the work (Cancelled). InputError (in
// the CLI's words) for an output that cannot be written or is an input, an unknown attribute or kept column, a
// distortion that does not fit, an attribute missing in every record.
RandomizeResult randomizeOf(const RandomizeRequest& request, const ProgressFunction& progress = {});

// The CLI's JSON of `result` (ordered keys; the notes of its p, matrices, log and risks included).
Json randomizeJson(const RandomizeResult& result);
// What the audit note and the table's comment hold: the JSON above before the notes, with the source.
Json randomizeSummaryJson(const RandomizeResult& result);

} // namespace rr::api
