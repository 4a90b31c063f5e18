#pragma once
// `--export-chart distribution|intervals|risk|reidentification|surface|tradeoff`: the analysis pages' charts of a saved
// table session, drawn by the window's chart classes without a window.
#include "ui/export/HeadlessOutput.h"

namespace rr::ui {

// Exit codes as runHeadlessExport: 0 success, 2 bad input, 1 a failure while computing or writing.
int exportAnalysisChart(const HeadlessOptions& options, QTextStream& err);

} // namespace rr::ui
