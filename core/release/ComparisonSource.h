#pragma once
// The comparison's view of a source of any size (core/comparison/Comparison.h): the counts over QI x S, and
// a streaming pass that hands each kept record's QI cell and sensitive code on in the source's order.
#include "core/analysis/AnalysisSpec.h"
#include "core/datasource/DataSource.h"
#include "core/datasource/PreparedTable.h"
#include "core/comparison/Comparison.h"

namespace rr {

// `counts` are `source`'s over spec.analysed() (QIs then S) under spec.policy. The pass codes values by
// counts' categories and keeps the records the policy keeps; InputError when the records differ from those
// counted (a value outside the categories, another number of records). `source` and `counts` must outlive
// the result.
ComparisonRecords comparisonRecords(const DataSource& source, const AnalysisSpec& spec, const PreparedTable& counts);

} // namespace rr
