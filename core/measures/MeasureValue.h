#pragma once
#include <string>

namespace rr {

// A number that may be undefined; `value` is finite whenever `defined` is true, and `reason`
// says why it is not (which cell or quantity: a zero denominator, log 0, a negative estimated cell).
struct MeasureValue {
    double value = 0;
    bool defined = true;
    std::string reason;

    static MeasureValue of(double v) { return {v, true, {}}; }
    static MeasureValue undefined(std::string why) { return {0.0, false, std::move(why)}; }
};

} // namespace rr
