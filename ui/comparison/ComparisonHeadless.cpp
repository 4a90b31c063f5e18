#include "ui/comparison/ComparisonHeadless.h"

#include "core/release/ComparisonRun.h"
#include "ui/comparison/ComparisonView.h"
#include "ui/comparison/MeasureBarChart.h"
#include "ui/comparison/UncertaintyHeatMap.h"
#include "ui/tasks/BackgroundTask.h"
#include "ui/export/HeadlessTableSession.h"
#include "ui/import/BundledData.h"

#include <QCoreApplication>
#include <QLabel>
#include <QSpinBox>
#include <QTextStream>

#include <memory>

namespace rr::ui {

int exportComparisonChart(const HeadlessOptions& o, QTextStream& err)
{
    HeadlessTableSession run;
    if (const int code = run.open(o, err))
        return code;
    ComparisonView compare;
    if (isBundledSample(run.state().dataPaths()))
        compare.setHierarchyFolder(bundledHierarchyDir());
    compare.setInput(run.workspace().source(), run.state().spec());
    compare.lMaxSpin()->setValue(o.comparisonLMax);
    compare.run();
    compare.task()->waitForFinished();
    const std::shared_ptr<const ComparisonRun> result = compare.result();
    if (!result) {
        err << QObject::tr("rr-explorer: the comparison could not be run: %1\n").arg(compare.statusLabel()->text());
        return 1;
    }
    const std::shared_ptr<const ComparisonSweep> sweep(result, &result->sweep);
    if (o.chart == "comparison") {
        MeasureBarChart chart;
        chart.setData(sweep);
        layOutOffscreen(&chart, o);
        return writeHeadlessChart(&chart, o, err);
    }
    UncertaintyHeatMap chart;
    layOutOffscreen(&chart, o);
    chart.setData(sweep, result->sweep.results.back().l); // after layout, as every heat map
    QCoreApplication::processEvents();
    return writeHeadlessChart(&chart, o, err);
}

} // namespace rr::ui
