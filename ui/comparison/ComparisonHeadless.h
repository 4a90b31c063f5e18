#pragma once
// `--export-chart comparison|uncertainty [--l-max L]`: the Comparison page's charts for a saved table
// session's records and roles at l = 2..L, run as the Comparison tab runs them.
#include "ui/export/HeadlessOutput.h"

namespace rr::ui {

// Exit codes as runHeadlessExport: 0 success, 2 bad input, 1 a failure while computing or writing.
int exportComparisonChart(const HeadlessOptions& options, QTextStream& err);

} // namespace rr::ui
