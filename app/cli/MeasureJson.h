#pragma once
// The measures' JSON of the typed layer (core/api/MeasureJson.h), for the commands that still write their own
// (rules).
#include "app/cli/Json.h"
#include "core/api/MeasureJson.h"

namespace rr::cli {

using api::clippedRange;
using api::measureEstimateJson;
using api::rawRange;
using api::Reasons;

} // namespace rr::cli
