#pragma once
// `--export-chart withoutp`: the Without p page's measure surface of a saved table session.
#include "ui/export/HeadlessOutput.h"

namespace rr::ui {

// Exit codes as runHeadlessExport: 0 success, 2 bad input, 1 a failure while computing or writing.
int exportWithoutPChart(const HeadlessOptions& options, QTextStream& err);

} // namespace rr::ui
