#include "ui/headless/HeadlessExport.h"

#include "core/analysis/ComparisonRun.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "core/sources/SqlUrl.h"
#include "ui/baskets/BasketsHeadless.h"
#include "ui/charts/DistributionChart.h"
#include "ui/charts/IntervalsChart.h"
#include "ui/charts/RiskChart.h"
#include "ui/charts/SurfaceChart.h"
#include "ui/charts/TradeOffChart.h"
#include "ui/comparison/ComparisonView.h"
#include "ui/comparison/MeasureBarChart.h"
#include "ui/comparison/UncertaintyHeatMap.h"
#include "ui/compute/BackgroundTask.h"
#include "ui/compute/Workspace.h"
#include "ui/export/ChartExport.h"
#include "ui/views/ViewCatalog.h"
#include "ui/measures/MeasureForestChart.h"
#include "ui/measures/MeasureSweepChart.h"
#include "ui/measures/MeasuresView.h"
#include "ui/measures/RulesChart.h"
#include "ui/measures/RulesView.h"
#include "ui/session/Resources.h"
#include "ui/session/SessionCapture.h"
#include "ui/withoutp/MeasureSurfaceChart.h"
#include "ui/withoutp/WithoutPView.h"

#include <QLabel>
#include <QSpinBox>

#include <QCoreApplication>
#include <QTextStream>

#include <memory>
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
                   .arg(o.chart, QString::fromStdString(e.what()));
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
    const ViewDescriptor* owner = viewOfChart(viewCatalog(), o.chart);
    if (owner->step == WorkflowStep::Baskets) // issue #10: a Baskets session
        return runBasketsHeadlessExport(o, err);
    SessionData session;
    try {
        session = readSessionFile(o.session);
        checkHeadlessOutput(o, sessionDataPaths(session));
        // No one is there to confirm a stored query: it runs only when the command line says so.
        if (session.database && !session.database->query.empty() && !o.allowSessionSql)
            throw InputError(sql::storedQueryRefusal(o.session.toStdString(), session.database->url,
                                                     session.database->query));
    } catch (const InputError& e) {
        err << "rr-explorer: " << e.what() << "\n";
        return 2;
    }

    AnalysisState state;
    Workspace workspace(&state);
    QStringList errors;
    QObject::connect(&workspace, &Workspace::errorOccurred, [&errors](const QString& m) { errors << m; });
    // Built before the session is applied: it follows the analysis as in the window (issue 9).
    std::unique_ptr<WithoutPView> withoutP;
    if (o.chart == "withoutp")
        withoutP = std::make_unique<WithoutPView>(&state, &workspace);
    workspace.applySession(session);
    workspace.waitForIdle();
    if (!errors.isEmpty() || !workspace.lastLive()) {
        err << "rr-explorer: "
            << (errors.isEmpty() ? QObject::tr("the session's analysis could not be computed") : errors.join("; "))
            << "\n";
        return 2;
    }
    const auto live = workspace.lastLive();

    std::unique_ptr<ChartView> view;
    std::shared_ptr<const ComparisonRun> comparison;
    if (o.chart == "distribution") {
        auto c = std::make_unique<DistributionChart>();
        c->setData(live->distribution);
        view = std::move(c);
    } else if (o.chart == "risk") {
        auto c = std::make_unique<RiskChart>();
        c->setData(live->risk, state.view().riskCdf);
        view = std::move(c);
    } else if (o.chart == "intervals") {
        auto c = std::make_unique<IntervalsChart>();
        c->setData(live->intervals);
        view = std::move(c);
    } else if (o.chart == "surface") {
        auto c = std::make_unique<SurfaceChart>();
        const auto s = workspace.lastSurface();
        if (!s) {
            err << QObject::tr("rr-explorer: the risk surface could not be computed\n");
            return 1;
        }
        view = std::move(c);
    } else if (o.chart.startsWith("measures_") || o.chart == "rules") {
        // The views compute from the session's choices exactly as in the window (issue 8).
        if (o.chart == "rules") {
            RulesView rules(&state, &workspace);
            rules.refresh();
            rules.task()->waitForFinished();
            if (const auto f = rules.result()) {
                auto c = std::make_unique<RulesChart>();
                c->setData(*f);
                view = std::move(c);
            }
        } else {
            MeasuresView measures(&state, &workspace);
            measures.refresh();
            measures.task()->waitForFinished();
            if (const auto f = measures.result()) {
                if (o.chart == "measures_forest") {
                    auto c = std::make_unique<MeasureForestChart>();
                    c->setData(*f);
                    view = std::move(c);
                } else {
                    auto c = std::make_unique<MeasureSweepChart>();
                    c->setData(*f);
                    view = std::move(c);
                }
            }
        }
        if (!view) {
            err << QObject::tr("rr-explorer: the %1 chart could not be computed from the session's choices\n")
                       .arg(o.chart);
            return 1;
        }
    } else if (o.chart == "withoutp") {
        if (!withoutP->frame()) {
            err << QObject::tr("rr-explorer: the without-p chart could not be computed from the session's choices\n");
            return 1;
        }
        view = std::make_unique<MeasureSurfaceChart>();
    } else if (o.chart == "comparison" || o.chart == "uncertainty") {
        // The comparison of the session's records and roles at l = 2..--l-max, as the Comparison tab runs it.
        ComparisonView compare;
        if (isBundledSample(state.dataPaths()))
            compare.setHierarchyFolder(bundledHierarchyDir());
        compare.setInput(workspace.source(), state.spec());
        compare.lMaxSpin()->setValue(o.comparisonLMax);
        compare.run();
        compare.task()->waitForFinished();
        comparison = compare.result();
        if (!comparison) {
            err << QObject::tr("rr-explorer: the comparison could not be run: %1\n").arg(compare.statusLabel()->text());
            return 1;
        }
        if (o.chart == "comparison") {
            auto c = std::make_unique<MeasureBarChart>();
            c->setData(std::shared_ptr<const ComparisonSweep>(comparison, &comparison->sweep));
            view = std::move(c);
        } else {
            view = std::make_unique<UncertaintyHeatMap>();
        }
    } else {
        workspace.computeTradeOff();
        workspace.waitForIdle();
        const auto t = workspace.lastTradeOff();
        if (!t || !errors.isEmpty()) {
            err << "rr-explorer: "
                << (errors.isEmpty() ? QObject::tr("the trade-off curve could not be computed") : errors.join("; "))
                << "\n";
            return 1;
        }
        auto c = std::make_unique<TradeOffChart>();
        c->setData(t);
        c->setCurrent(live->maxRisk, live->utility, state.view().metric);
        view = std::move(c);
    }
    layOutOffscreen(view.get(), o);
    if (o.chart == "surface") { // after layout, so the heat map fills the final plot area
        auto* c = static_cast<SurfaceChart*>(view.get());
        const auto s = workspace.lastSurface();
        c->setData(s, state.tau());
        const auto p = workspace.effectiveP();
        c->setCurrentPoint(p[static_cast<std::size_t>(s->surface.xAttribute)],
                           p[static_cast<std::size_t>(s->surface.yAttribute)]);
        QCoreApplication::processEvents();
    } else if (o.chart == "withoutp") { // heat maps, too, after layout
        static_cast<MeasureSurfaceChart*>(view.get())->setData(withoutP->frame());
        QCoreApplication::processEvents();
    } else if (o.chart == "uncertainty") {
        static_cast<UncertaintyHeatMap*>(view.get())
            ->setData(std::shared_ptr<const ComparisonSweep>(comparison, &comparison->sweep),
                      comparison->sweep.results.back().l);
        QCoreApplication::processEvents();
    }
    return writeHeadlessChart(view.get(), o, err);
}

} // namespace

} // namespace rr::ui
