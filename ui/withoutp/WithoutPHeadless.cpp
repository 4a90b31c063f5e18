#include "ui/withoutp/WithoutPHeadless.h"

#include "ui/export/HeadlessTableSession.h"
#include "ui/withoutp/MeasureSurfaceChart.h"
#include "ui/withoutp/WithoutPView.h"

#include <QCoreApplication>
#include <QTextStream>

#include <memory>

namespace rr::ui {

int exportWithoutPChart(const HeadlessOptions& o, QTextStream& err)
{
    HeadlessTableSession run;
    std::unique_ptr<WithoutPView> page;
    // Built before the session is applied: it follows the analysis as in the window (issue 9).
    const int code = run.open(o, err, [&page](AnalysisState& state, Workspace& workspace) {
        page = std::make_unique<WithoutPView>(&state, &workspace);
    });
    if (code)
        return code;
    if (!page->frame()) {
        err << QObject::tr("rr-explorer: the without-p chart could not be computed from the session's choices\n");
        return 1;
    }
    MeasureSurfaceChart chart;
    layOutOffscreen(&chart, o);
    chart.setData(page->frame()); // heat maps after layout, so they fill the final plot area
    QCoreApplication::processEvents();
    return writeHeadlessChart(&chart, o, err);
}

} // namespace rr::ui
