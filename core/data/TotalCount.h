#pragma once

#include <string>

namespace rr {

// The records a table may stand for in all: 2^53, the largest count a double holds exactly (and far
// beyond any population). Larger totals (or infinite ones, from counts that overflow) make squared
// class sizes, variances and metrics overflow to infinity, so they are refused as input.
inline constexpr double kMaxTotalCount = 9007199254740992.0;
// InputError unless 0 <= total <= kMaxTotalCount; `countColumn` (when known) is named in the message.
void checkTotalCount(double total, const std::string& countColumn = {});

} // namespace rr
