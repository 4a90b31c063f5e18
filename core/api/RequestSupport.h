#pragma once
// What every typed action turns its request's common parts into: the stop a long computation asks, and the
// missing-value policy.
#include "core/data/Table.h"
#include "core/datasource/DataSource.h"

#include <functional>

namespace rr::api {

// A computation's stop: the progress asked with -1 (work of unknown length); none without a progress.
inline std::function<bool()> keepRunningOf(const ProgressFunction& progress)
{
    if (!progress)
        return {};
    return [progress] { return progress(-1); };
}

// --drop-incomplete: drop a record missing any value; else only one missing a value the action uses.
inline MissingPolicy missingPolicyOf(bool dropIncomplete)
{
    return dropIncomplete ? MissingPolicy::DropIncomplete : MissingPolicy::DropIfUsedMissing;
}

} // namespace rr::api
