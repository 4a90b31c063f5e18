#pragma once
// What every headless chart export shares (`rr-explorer --session FILE --export-chart NAME --out FILE`): the
// options, the check that the output replaces no input, laying a chart out without a window and writing it.
// The views' own exports (ui/headless, ui/baskets/BasketsHeadless) build on it.
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
    bool allowSessionSql = false; // run a SQL query the session stores (--allow-session-sql)
};

// Throws rr::InputError when --out is the session file or one of the data files it names (by device and
// inode, through links): the export would replace an input.
void checkHeadlessOutput(const HeadlessOptions& options, const QStringList& dataPaths);

// Shared by every headless chart: lays `view` out at options.size without a window, and writes it to
// options.out (atomically). Returns the exit code (0, 2 for a bad target, 1 for a failed write), the
// reason in `err`.
void layOutOffscreen(ChartView* view, const HeadlessOptions& options);
int writeHeadlessChart(ChartView* view, const HeadlessOptions& options, QTextStream& err);

} // namespace rr::ui
