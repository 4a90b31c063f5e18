#pragma once
// The opening pass over a statistical file: variables, value labels, and each variable's distinct values
// with their counts and kinds of missing values, turned into categories (value labels, or the values).
#include "core/statfiles/StatFileSource.h"

namespace rr {

struct StatFileContents {
    SourceSummary summary;
    std::vector<StatFileSource::Variable> variables;
};

StatFileContents readStatFileContents(const std::string& path, StatFormat format, const ProgressFunction& progress);

} // namespace rr
