#include "ui/headless/HeadlessExport.h"
#include "ui/texts/ErrorText.h"

#include "core/release/ComparisonRun.h"
#include "ui/catalog/ViewCatalog.h"
#include "ui/export/ChartExport.h"

#include <QObject>
#include <QTextStream>

#include <new>

namespace rr::ui {

namespace {

int exportChartOf(const HeadlessOptions& o, QTextStream& err);

} // namespace

int runHeadlessExport(const HeadlessOptions& o, QTextStream& err)
{
    // Allocation failure anywhere (a session over a domain too large for the machine) ends with exit 1 and a
    // line saying so, not with an abort.
    try {
        return exportChartOf(o, err);
    } catch (const std::bad_alloc&) {
        err << QObject::tr("rr-explorer: out of memory while exporting the chart '%1' of the session %2\n")
                   .arg(o.chart, o.session);
    } catch (const std::exception& e) {
        err << QObject::tr("rr-explorer: internal failure while exporting the chart '%1': %2\n")
                   .arg(o.chart, errorText(e));
    }
    return 1;
}


namespace {

int exportChartOf(const HeadlessOptions& o, QTextStream& err)
{
    if (!exportableChartNames().contains(o.chart)) {
        err << QObject::tr("rr-explorer: unknown chart '%1' (expected one of: %2)\n")
                   .arg(o.chart, exportableChartNames().join(", "));
        return 2;
    }
    if (o.comparisonLMax < kMinComparisonL || o.comparisonLMax > kMaxComparisonL) {
        err << QObject::tr("rr-explorer: --l-max must lie between %1 and %2 (got %3)\n")
                   .arg(kMinComparisonL)
                   .arg(kMaxComparisonL)
                   .arg(o.comparisonLMax);
        return 2;
    }
    if (exportFormatOf(o.out).isEmpty()) {
        err << QObject::tr("rr-explorer: --out '%1' must end in .png, .svg or .pdf\n").arg(o.out);
        return 2;
    }
    // The page that owns the chart renders it (the view catalog binds each export name to its exporter).
    return viewOfChart(viewCatalog(), o.chart)->exportChart(o, err);
}

} // namespace

} // namespace rr::ui
