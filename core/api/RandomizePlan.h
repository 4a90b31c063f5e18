#pragma once
// How `randomize` plans its release (core/release/StreamRelease.h): which columns leave randomized, in clear or
// not at all, and when the randomized columns' categories (the matrices' rows and columns) are found.
#include "core/api/Randomize.h"

#include <vector>

namespace rr::api {

// Every record leaves (missing values stay missing); the request's attributes randomized, its kept columns in
// clear, the rest dropped: a column nobody chose never leaves in clear. `columns`: the source's.
ReleasePlan randomizePlan(const RandomizeRequest& request, const std::vector<std::string>& columns);

// The randomized columns' categories. Unless `countFirst` they are found in the one pass that releases the
// records (plan.discover); else a pass over the randomized columns counts them first, and the plan is complete
// now. Either way `distortions` gets their matrices once known. The counts, when counted first (kept columns
// need them, and so does the release log, whose entry names the columns by their counts).
std::vector<AttributeSummary> planCategories(const RandomizeRequest& request, const DataSource& source,
                                             const std::vector<std::string>& columns, bool countFirst,
                                             ReleasePlan& plan, Distortions& distortions,
                                             const ProgressFunction& progress);

// The plan's columns as the notes describe them, in `noted`: complete now, or once the pass that releases the
// records has found the categories (streamRelease completes its own copy of the plan; this keeps what it found).
void noteColumnsOf(ReleasePlan& plan, std::vector<ColumnRelease>& noted);

} // namespace rr::api
