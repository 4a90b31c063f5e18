#pragma once
// `--export-chart measures_forest|measures_sweep|rules`: the Measures and Rules pages' charts of a saved
// table session, computed from the session's choices exactly as in the window.
#include "ui/export/HeadlessOutput.h"

namespace rr::ui {

// Exit codes as runHeadlessExport: 0 success, 2 bad input, 1 a failure while computing or writing.
int exportMeasuresChart(const HeadlessOptions& options, QTextStream& err);

} // namespace rr::ui
