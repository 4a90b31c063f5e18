#include "ui/views/AnalysisHeadless.h"

#include "ui/charts/DistributionChart.h"
#include "ui/charts/IntervalsChart.h"
#include "ui/charts/ReidentificationChart.h"
#include "ui/charts/RiskChart.h"
#include "ui/charts/SurfaceChart.h"
#include "ui/charts/TradeOffChart.h"
#include "ui/export/HeadlessTableSession.h"

#include <QCoreApplication>
#include <QTextStream>

#include <memory>

namespace rr::ui {

namespace {

int exportSurface(HeadlessTableSession& run, const HeadlessOptions& o, QTextStream& err)
{
    const auto s = run.workspace().lastSurface();
    if (!s) {
        err << QObject::tr("rr-explorer: the risk surface could not be computed\n");
        return 1;
    }
    SurfaceChart chart;
    layOutOffscreen(&chart, o);
    // After layout, so the heat map fills the final plot area.
    chart.setData(s, run.state().tau());
    const auto p = run.workspace().effectiveP();
    chart.setCurrentPoint(p[static_cast<std::size_t>(s->surface.xAttribute)],
                          p[static_cast<std::size_t>(s->surface.yAttribute)]);
    QCoreApplication::processEvents();
    return writeHeadlessChart(&chart, o, err);
}

int exportTradeOff(HeadlessTableSession& run, const HeadlessOptions& o, QTextStream& err)
{
    run.workspace().computeTradeOff();
    run.workspace().waitForIdle();
    const auto t = run.workspace().lastTradeOff();
    if (!t || !run.errors().isEmpty()) {
        err << "rr-explorer: "
            << (run.errors().isEmpty() ? QObject::tr("the trade-off curve could not be computed")
                                       : run.errors().join("; "))
            << "\n";
        return 1;
    }
    const auto live = run.live();
    TradeOffChart chart;
    chart.setData(t);
    chart.setCurrent(live->risk.summary.maxRisk, live->utility, run.state().view().metric);
    layOutOffscreen(&chart, o);
    return writeHeadlessChart(&chart, o, err);
}

} // namespace

int exportAnalysisChart(const HeadlessOptions& o, QTextStream& err)
{
    HeadlessTableSession run;
    if (const int code = run.open(o, err))
        return code;
    if (o.chart == "surface")
        return exportSurface(run, o, err);
    if (o.chart == "tradeoff")
        return exportTradeOff(run, o, err);
    const auto live = run.live();
    std::unique_ptr<ChartView> view;
    if (o.chart == "distribution") {
        auto c = std::make_unique<DistributionChart>();
        c->setData(live->distribution);
        view = std::move(c);
    } else if (o.chart == "risk") {
        auto c = std::make_unique<RiskChart>();
        c->setData(live->risk, run.state().view().riskCdf);
        view = std::move(c);
    } else if (o.chart == "reidentification") {
        if (!live->reidentification.risk) {
            err << QObject::tr("rr-explorer: no re-identification risk for this session: %1\n")
                       .arg(QString::fromStdString(live->reidentification.unavailable));
            return 1;
        }
        auto c = std::make_unique<ReidentificationChart>();
        c->setData(live->reidentification.risk);
        view = std::move(c);
    } else {
        auto c = std::make_unique<IntervalsChart>();
        c->setData(live->intervals);
        view = std::move(c);
    }
    layOutOffscreen(view.get(), o);
    return writeHeadlessChart(view.get(), o, err);
}

} // namespace rr::ui
