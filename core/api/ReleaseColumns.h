#pragma once
// What the release actions (randomize, anonymize) share of their columns: which leave in clear (keep), and the
// JSON that lists every column as randomized, recoded, kept in clear or dropped.
#include "core/api/JsonValues.h"
#include "core/release/StreamRelease.h"

#include <string>
#include <vector>

namespace rr::api {

// InputError for a kept column the source does not have (`columns`: its names) or one of `released` (written
// otherwise: randomized, generalized or the sensitive attribute).
void checkKeepColumns(const std::vector<std::string>& keep, const std::vector<std::string>& columns,
                      const std::vector<std::string>& released);

// {"randomized": [...], "kept_in_clear": [...], "dropped": [...], "generalized": [...] when any}, in source order.
Json releaseColumnsJson(const std::vector<std::string>& columns, const std::vector<ColumnRelease>& released);
inline Json releaseColumnsJson(const std::vector<std::string>& columns, const ReleasePlan& plan)
{
    return releaseColumnsJson(columns, plan.columns);
}

} // namespace rr::api
