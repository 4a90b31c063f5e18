#pragma once
// `rr-explorer --session FILE --export-chart NAME --out FILE`: renders a chart of a saved
// session with the same chart classes as the window (offscreen platform), for scripted reports.
#include <QSize>
#include <QString>
#include <QStringList>

class QTextStream;

namespace rr::ui {

struct HeadlessOptions {
    QString session;
    QString chart;
    QString out;
    int dpi = 192;
    QSize size{1100, 680};
    int comparisonLMax = 7; // comparison and uncertainty: l = 2..this (--l-max)
};

// Chart names accepted by --export-chart.
QStringList exportableCharts();

// Returns the process exit code: 0 on success, 2 for bad input (unreadable or malformed session,
// unknown chart name, bad output name), 1 for a failure while computing. Messages go to `err`.
int runHeadlessExport(const HeadlessOptions& options, QTextStream& err);

} // namespace rr::ui
