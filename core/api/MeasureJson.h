#pragma once
// JSON of estimated measures (core/measures, core/rules): every value a finite number, or null with a
// "reason" naming what is undefined and why.
#include "core/api/JsonValues.h"
#include "core/estimation/Intervals.h"
#include "core/measures/MeasureEstimate.h"
#include "core/measures/MeasureValue.h"

#include <optional>
#include <string>
#include <vector>

namespace rr::api {

// [lo, hi] clipped to the quantity's range, and the unclipped [rawLo, rawHi].
Json clippedRange(const Interval& i);
Json rawRange(const Interval& i);

// Collects why values are null; written as one "reason" string ("estimate: ...; randomized: ...").
class Reasons {
public:
    // The value when defined and finite; otherwise null, and `what: reason` is kept.
    Json value(const MeasureValue& v, const std::string& what);
    Json value(double v, const std::string& what);
    // Adds "reason" to `j` when anything was null.
    void writeTo(Json& j) const;

private:
    std::vector<std::string> m_lines;
};

// {"estimate", "variance", "normal", "chebyshev", "raw_normal", "raw_chebyshev", "randomized"
//  [, "original"] [, "reason"]}.
Json measureEstimateJson(const MeasureEstimate& e);

} // namespace rr::api
