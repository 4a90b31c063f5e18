#pragma once
// The opening pass over a statistical file: variables, value labels, and each variable's distinct values
// with their counts and kinds of missing values, turned into categories (value labels, or the values).
#include "core/statfiles/DtaLayout.h"
#include "core/statfiles/StatFileSource.h"

#include <optional>

namespace rr {

struct StatFileContents {
    SourceSummary summary;
    std::vector<StatFileSource::Variable> variables;
    std::optional<DtaLayout> dta; // a Stata file whose records this project reads directly
};

// Stata files whose layout DtaLayout.h takes: ReadStat reads the variables and value labels, DtaScan.h
// the values; anything else, or `reading` ReadStatOnly: one ReadStat pass.
StatFileContents readStatFileContents(const std::string& path, StatFormat format, const ProgressFunction& progress,
                                      StatFileReading reading = StatFileReading::Direct);

} // namespace rr
