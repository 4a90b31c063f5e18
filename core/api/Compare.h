#pragma once
// `compare` of the typed layer (issue 43): l-diversity, t-closeness, anatomy and RR-QI released from the same
// records under the same tau = 1/l (003 Sec. 5.3.3; t-closeness from issue 22), each with its disclosure and
// re-identification risk, distances, query errors and uncertainty coefficients. One request, one function, one
// result; compareJson is the one place the result becomes JSON (the CLI prints it).
#include "core/api/JsonValues.h"
#include "core/api/Source.h"
#include "core/release/ComparisonRun.h"

#include <cstdint>
#include <functional>
#include <optional>

namespace rr::api {

struct CompareRequest {
    DataRequest data;
    // The roles, the hierarchies, l (lMin = lMax) and the models' options; options.seed is set from `seed`.
    ComparisonRequest comparison;
    std::optional<std::uint64_t> seed; // the simulated randomization's; unset: a fresh one, reported
};

struct CompareResult {
    ComparisonRequest comparison; // as run (its seed included)
    ComparisonRun run;
};

// Counts the source (anatomy in one streaming pass: a source of any size) and runs the four methods. Returning
// false from `progress` stops it (Cancelled). InputError (in the CLI's words) for roles, hierarchies or models
// that do not fit the data.
CompareResult compareOf(const CompareRequest& request, const ProgressFunction& progress = {});
// The same, reporting the stages done of all (one per method and l: the GUI's progress bar).
CompareResult compareOf(const CompareRequest& request, const std::function<bool(int done, int total)>& stages);

// The CLI's JSON of `result` (ordered keys; the notes that explain its nulls included).
Json compareJson(const CompareResult& result);

} // namespace rr::api
