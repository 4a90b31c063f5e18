#pragma once
// `rr-explorer --session FILE --export-chart NAME --out FILE`: renders a chart of a saved
// session with the same chart classes as the window (offscreen platform), for scripted reports.
#include <QSize>
#include <QString>
#include <QStringList>

class QTextStream;

namespace rr::ui {

class ChartView;

struct HeadlessOptions {
    QString session;
    QString chart;
    QString out;
    int dpi = 192;
    QSize size{1100, 680};
    int comparisonLMax = 7; // comparison and uncertainty: l = 2..this (--l-max)
};

// The chart names --export-chart accepts are the view catalog's (exportableChartNames(), ui/views/ViewCatalog.h).

// Returns the process exit code: 0 on success, 2 for bad input (unreadable or malformed session,
// unknown chart name, bad output name), 1 for a failure while computing or writing (a full disk).
// Messages go to `err`.
int runHeadlessExport(const HeadlessOptions& options, QTextStream& err);
// Throws rr::InputError when --out is the session file or one of the data files it names (by device and
// inode, through links): the export would replace an input.
void checkHeadlessOutput(const HeadlessOptions& options, const QStringList& dataPaths);

// Shared by every headless chart: lays `view` out at options.size without a window, and writes it to
// options.out (atomically). Returns the exit code as above, the reason in `err`.
void layOutOffscreen(ChartView* view, const HeadlessOptions& options);
int writeHeadlessChart(ChartView* view, const HeadlessOptions& options, QTextStream& err);

} // namespace rr::ui
