#pragma once
// `rr-explorer --session FILE --export-chart NAME --out FILE`: renders a chart of a saved session with the
// same chart classes as the window (offscreen platform), for scripted reports. The chart names are the view
// catalog's (exportableChartNames(), ui/catalog/ViewCatalog.h); the view owning the chart decides how it is
// computed: the catalog binds each chart name to its page's exporter. Above the catalog, below app/.
#include "ui/export/HeadlessOutput.h"

namespace rr::ui {

// Returns the process exit code: 0 on success, 2 for bad input (unreadable or malformed session,
// unknown chart name, bad output name), 1 for a failure while computing or writing (a full disk).
// Messages go to `err`.
int runHeadlessExport(const HeadlessOptions& options, QTextStream& err);

} // namespace rr::ui
