#pragma once
// The comparison results as an HTML table for the report (issue 11): one row per l and method,
// every measure the comparison charts can show, read from the core results.
#include <QString>

namespace rr {
struct ComparisonRun;
}

namespace rr::ui {

// "<h2>Comparison ...</h2><table>..." with a row for every l of the run and each of l-diversity,
// anatomy and RR-QI; a method without a release or an undefined value shows "undefined: reason".
QString comparisonReportSection(const ComparisonRun& run);
// "l = 2..7, entropy l-diversity, ..." for the comparison charts' subtitles.
QString comparisonParameters(const ComparisonRun& run);

} // namespace rr::ui
