#pragma once
// Retention probabilities as the front ends offer them: inside (1/d, 1], 1 outside the mode.
#include "core/datasource/PreparedTable.h"
#include "core/risk/RandomizationMode.h"

#include <map>
#include <string>
#include <vector>

namespace rr {

// The smallest retention probability offered: the first multiple of 0.001 above 1/d (1 for d < 2).
double minimumRetention(int d);
// p kept inside (1/d, 1]: values at or below 1/d become minimumRetention(d); NaN and d < 2 give 1.
double clampRetention(int d, double p);

// One p per axis of `table` (QIs, then S): the stored p of each attribute the mode randomizes
// (1 when none is stored), clamped into (1/d, 1]; 1 for the axes outside the mode.
std::vector<double> retentionsInMode(const PreparedTable& table, RandomizationMode mode,
                                     const std::map<std::string, double>& stored);

} // namespace rr
