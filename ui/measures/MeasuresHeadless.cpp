#include "ui/measures/MeasuresHeadless.h"

#include "ui/tasks/BackgroundTask.h"
#include "ui/export/HeadlessTableSession.h"
#include "ui/measures/MeasureForestChart.h"
#include "ui/measures/MeasureSweepChart.h"
#include "ui/measures/MeasuresView.h"
#include "ui/measures/RulesChart.h"
#include "ui/measures/RulesView.h"

#include <QTextStream>

#include <memory>

namespace rr::ui {

namespace {

std::unique_ptr<ChartView> rulesChart(HeadlessTableSession& run)
{
    RulesView rules(&run.state(), &run.workspace());
    rules.refresh();
    rules.task()->waitForFinished();
    const auto f = rules.result();
    if (!f)
        return nullptr;
    auto c = std::make_unique<RulesChart>();
    c->setData(*f);
    return c;
}

std::unique_ptr<ChartView> measuresChart(HeadlessTableSession& run, const QString& chart)
{
    MeasuresView measures(&run.state(), &run.workspace());
    measures.refresh();
    measures.task()->waitForFinished();
    const auto f = measures.result();
    if (!f)
        return nullptr;
    if (chart == "measures_forest") {
        auto c = std::make_unique<MeasureForestChart>();
        c->setData(*f);
        return c;
    }
    auto c = std::make_unique<MeasureSweepChart>();
    c->setData(*f);
    return c;
}

} // namespace

int exportMeasuresChart(const HeadlessOptions& o, QTextStream& err)
{
    HeadlessTableSession run;
    if (const int code = run.open(o, err))
        return code;
    const auto view = o.chart == "rules" ? rulesChart(run) : measuresChart(run, o.chart);
    if (!view) {
        err << QObject::tr("rr-explorer: the %1 chart could not be computed from the session's choices\n")
                   .arg(o.chart);
        return 1;
    }
    layOutOffscreen(view.get(), o);
    return writeHeadlessChart(view.get(), o, err);
}

} // namespace rr::ui
