#pragma once
// `rr-explorer --session BASKETS.json --export-chart basket-breach|basket-supports|basket-mining --out FILE`:
// a basket session's chart rendered without a window, by the window's own chart classes.
#include "ui/export/HeadlessOutput.h"

namespace rr::ui {

// Exit codes as runHeadlessExport: 0 success, 2 bad input, 1 a failure while computing.
int exportBasketsChart(const HeadlessOptions& options, QTextStream& err);

} // namespace rr::ui
