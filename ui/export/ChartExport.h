#pragma once
// Renders a chart to PNG (chosen DPI), SVG (QSvgGenerator) or PDF (QPdfWriter), chosen by the
// file extension; writes are atomic (core/data/AtomicWrite). The same code serves the GUI and the headless
// `--export-chart` mode.
#include <QImage>
#include <QString>

namespace rr::ui {

class ChartView;

// Supported extensions: png, svg, pdf. Throws rr::InputError naming the problem
// (unknown extension, empty chart, unwritable file).
void exportChart(ChartView* view, const QString& path, int dpi = 192);
// The chart as an image at `dpi` (96 = one pixel per logical pixel).
QImage renderChartImage(ChartView* view, int dpi = 192);
void copyChartToClipboard(ChartView* view);
// "png", "svg", "pdf" or empty.
QString exportFormatOf(const QString& path);

} // namespace rr::ui
