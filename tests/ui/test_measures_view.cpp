// The Measures and Rules views (issue 8): the table shows core's numbers, the forest plot and the sweep
// plot core's values, the views follow p, the session keeps their choices, their charts export.
#include "TestSupport.h"
#include "UiTestSupport.h"

#include "core/analysis/MeasuresFrame.h"
#include "core/analysis/RulesFrame.h"
#include "ui/tasks/BackgroundTask.h"
#include "ui/export/ChartExport.h"
#include "ui/headless/HeadlessExport.h"
#include "ui/export/ReportWriter.h"
#include "ui/measures/MeasureForestChart.h"
#include "ui/measures/MeasureSweepChart.h"
#include "ui/measures/MeasuresView.h"
#include "ui/measures/RulesChart.h"
#include "ui/measures/RulesView.h"
#include "ui/session/AnalysisState.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextStream>

using namespace rr;
using namespace rr::ui;

class TestMeasuresView : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;
    QTemporaryDir tmp;

    AnalysisState* state() const { return w->state(); }
    MeasuresView* view() const { return w->view<MeasuresView>("measures"); }
    void idle() const
    {
        w->workspace()->waitForIdle();
        view()->task()->waitForFinished();
        w->view<RulesView>("rules")->task()->waitForFinished();
    }
    // Core's frame for what the view shows, computed here from scratch.
    MeasuresFrame coreFrame() const
    {
        return computeMeasuresFrame(*w->workspace()->analysis(), view()->request(w->workspace()->effectiveP()));
    }
    int rowOf(const std::string& key, int from = 0) const
    {
        for (int r = from; r < view()->table()->rowCount(); ++r)
            if (view()->table()->item(r, 0)->data(Qt::UserRole).toString().toStdString() == key)
                return r;
        return -1;
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        w = testing::openSampleWindow();
        // sex x class: the roles gain class as the sensitive attribute, and RR-Both randomizes it too.
        AnalysisSpec spec;
        spec.quasiIdentifiers = {"education", "marital-status", "sex", "race"};
        spec.sensitive = "class";
        state()->setSpec(spec);
        state()->setMode(RandomizationMode::Both);
        state()->setRetentions({{"sex", 0.8}, {"class", 0.85}}, "test");
        w->showView("measures");
        idle();
        ViewChoices v = state()->view();
        v.measuresA = "sex";
        v.measuresB = "class";
        v.measuresPresentA = "Female";
        v.measuresPresentB = ">50K";
        v.measuresSweep = "odds_ratio";
        state()->setView(v);
        idle();
    }

    void cleanupTestCase() { w.reset(); }

    void tabsAreNamed()
    {
        QCOMPARE(w->tabs()->currentWidget(), static_cast<QWidget*>(view()));
        QCOMPARE(view()->firstBox()->currentData().toString(), QString("sex"));
        QCOMPARE(view()->secondPresentBox()->currentData().toString(), QString(">50K"));
    }

    // Every row of the table shows core's estimate, original, ranges and randomized value.
    void tableEqualsCore()
    {
        const auto shown = view()->result();
        QVERIFY(shown);
        QCOMPARE(shown->pFirst, 0.8);
        QCOMPARE(shown->pSecond, 0.85);
        const MeasuresFrame f = coreFrame();
        QVERIFY(f.randomizedCounts == shown->randomizedCounts); // the same seeded draw
        QCOMPARE(view()->table()->rowCount(), int(f.measures.measures.size() + f.measures.fullTable.size() + 8));
        for (const MeasureEstimate& e : f.measures.measures) {
            const int r = rowOf(e.key);
            QVERIFY2(r >= 0, e.key.c_str());
            QCOMPARE(view()->table()->item(r, 1)->text(), measureText(*e.original));
            QCOMPARE(view()->table()->item(r, 2)->text(), measureText(e.estimate));
            QCOMPARE(view()->table()->item(r, 4)->text(), rangeText(e.normal, e.variance));
            QCOMPARE(view()->table()->item(r, 5)->text(), rangeText(e.chebyshev, e.variance));
            QCOMPARE(view()->table()->item(r, 6)->text(), measureText(e.randomized));
            QVERIFY(!view()->table()->item(r, 2)->text().contains("nan", Qt::CaseInsensitive));
        }
        // The numbers themselves: phi of Female with >50K, as core has it.
        const MeasureEstimate& phi = f.measures.measures[static_cast<std::size_t>(Measure::Phi)];
        RR_COMPARE_NEAR(view()->table()->item(rowOf("phi"), 2)->text().toDouble(), phi.estimate.value,
                        1e-4 * std::abs(phi.estimate.value));
        QVERIFY(phi.original->value < -0.15); // women earn >50K less often in Adult
    }

    // The forest plot has one row per measure at core's relative estimate.
    void forestPlotPoints()
    {
        const MeasuresFrame f = coreFrame();
        const MeasureForestChart* chart = view()->forestChart();
        const auto rows = forestRows(f.measures);
        QCOMPARE(chart->rowLabels().size(), int(rows.size()));
        const QList<QPointF> points = chart->estimatePoints();
        int expected = 0;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const RelativeEstimate r = relativeToOriginal(*rows[i]);
            if (!r.defined || std::abs(r.estimate) > chart->axisLimit())
                continue;
            ++expected;
            const double y = double(rows.size() - 1 - i);
            const bool found = std::any_of(points.begin(), points.end(), [&](const QPointF& p) {
                return std::abs(p.y() - y) < 1e-9 && std::abs(p.x() - r.estimate) < 1e-9;
            });
            QVERIFY2(found, rows[i]->key.c_str());
            if (r.normal) {
                const QList<QPointF> range = chart->normalRange(static_cast<int>(i));
                QCOMPARE(range.size(), 2);
                RR_COMPARE_NEAR(range[0].x(), std::clamp(r.normal->lo, -chart->axisLimit(), chart->axisLimit()), 1e-9);
            }
        }
        QCOMPARE(points.size(), expected);
        QVERIFY(expected >= 15);
        QVERIFY(testing::allFinite(chart->chart()));
    }

    // The sweep chart plots core's MeasureSweep of the chosen measure (odds ratio).
    void sweepPlotsCore()
    {
        const MeasuresFrame f = coreFrame();
        QCOMPARE(*f.sweepMeasure, Measure::OddsRatio);
        const QList<QPointF> line = view()->sweepChart()->estimateLine();
        QCOMPARE(line.size() + view()->sweepChart()->skippedPoints(), int(f.sweep.size()));
        RR_COMPARE_NEAR(line.back().x(), 1.0, 1e-12);
        RR_COMPARE_NEAR(line.back().y(), f.sweep.back().estimate.original->value, 1e-9);
        RR_COMPARE_NEAR(view()->sweepChart()->normalUpper().front().y(), f.sweep.front().estimate.normal->hi, 1e-9);
        QVERIFY(testing::allFinite(view()->sweepChart()->chart()));
    }

    // Moving p redraws the view (through the live frames) at the new p.
    void followsTheSlider()
    {
        state()->setRetention("sex", 0.7, 1);
        state()->setRetention("sex", 0.65, 1);
        idle();
        QCOMPARE(view()->result()->pFirst, 0.65);
        const MeasuresFrame f = coreFrame();
        QCOMPARE(view()->table()->item(rowOf("kappa"), 2)->text(),
                 measureText(f.measures.measures[static_cast<std::size_t>(Measure::Kappa)].estimate));
        state()->setRetentions({{"sex", 0.8}}, "back");
        idle();
    }

    // A polytomous pair shows the whole-table measures (003 Table 4.1) too.
    void polytomousPair()
    {
        ViewChoices v = state()->view();
        v.measuresA = "race";
        v.measuresB = "education";
        state()->setView(v);
        idle();
        const MeasuresFrame f = coreFrame();
        QCOMPARE(f.measures.fullTable.size(), std::size_t(5));
        const int r = rowOf(f.measures.fullTable[0].key, 21); // after the pair's 21 measures
        QCOMPARE(r, 21);
        QVERIFY(view()->table()->item(r, 0)->text().contains("whole"));
        QCOMPARE(view()->table()->item(r, 2)->text(), measureText(f.measures.fullTable[0].estimate));
        v.measuresA = "sex";
        v.measuresB = "class";
        state()->setView(v);
        idle();
    }

    void rulesView()
    {
        ViewChoices v = state()->view();
        v.rulesItems = {"sex=Male", "class=<=50K", "race=White", "marital-status=Married-civ-spouse"};
        v.rulesMinSupport = 0.3;
        v.rulesMinConfidence = 0.6;
        v.rulesP = 0.85;
        state()->setView(v);
        idle();
        RulesView* rv = w->view<RulesView>("rules");
        const auto shown = rv->result();
        QVERIFY(shown);
        QCOMPARE(shown->p, 0.85);
        QCOMPARE(shown->itemNames.size(), std::size_t(4));
        QCOMPARE(rv->table()->rowCount(), int(shown->rows.size()));
        QVERIFY(shown->comparison.errors.actual > 0);
        QVERIFY(rv->metricsLabel()->text().contains(QString("|F| = %1").arg(shown->comparison.errors.actual)));
        RuleErrors one = shown->comparison.errors, two = one;
        one.actual = 1;
        two.actual = 2;
        QVERIFY(ruleErrorsText(one).startsWith("|F| = 1 original rule, |R| = "));
        QVERIFY(ruleErrorsText(two).startsWith("|F| = 2 original rules, |R| = "));
        for (int i = 0; i < rv->table()->rowCount(); ++i)
            QCOMPARE(rv->table()->item(i, 1)->text(), QString::fromLatin1(verdictName(shown->rows[i].verdict)));
        int plotted = 0;
        for (RuleVerdict verdict :
             {RuleVerdict::Sure, RuleVerdict::Uncertain, RuleVerdict::FalsePositive, RuleVerdict::Missed})
            plotted += rv->rulesChart()->points(verdict).size();
        QCOMPARE(plotted, int(shown->rows.size()));
        QVERIFY(testing::allFinite(rv->rulesChart()->chart()));

        // The view's frame is core's, streamed from the workspace's source with the same seed; new thresholds
        // mine the items it already read, and give what a fresh read would.
        RulesSimulationRequest r;
        for (const std::string& key : shown->itemNames) // the view's order ("attribute=category" here)
            r.items.push_back(ruleItemFromKey(key));
        r.p = 0.85;
        r.seed = state()->view().seed;
        r.policy = state()->spec().policy;
        r.options.minSupport = 0.3;
        r.options.minConfidence = 0.6;
        r.options.alpha = state()->view().alpha;
        auto sameRules = [](const RulesFrame& a, const RulesFrame& b) {
            QCOMPARE(a.records, b.records);
            QCOMPARE(a.dropped, b.dropped);
            QCOMPARE(a.rows.size(), b.rows.size());
            for (std::size_t i = 0; i < a.rows.size(); ++i) {
                QCOMPARE(a.rows[i].verdict, b.rows[i].verdict);
                QCOMPARE(a.rows[i].status.estimate.support.estimate, b.rows[i].status.estimate.support.estimate);
            }
        };
        sameRules(*shown, computeRulesFrame(*w->workspace()->source(), r));
        v.rulesMinSupport = r.options.minSupport = 0.2;
        state()->setView(v);
        idle();
        QCOMPARE(rv->result()->options.minSupport, 0.2);
        sameRules(*rv->result(), computeRulesFrame(*w->workspace()->source(), r));
        QVERIFY(rv->result()->rows.size() > shown->rows.size());
        v.rulesMinSupport = 0.3;
        state()->setView(v);
        idle();
    }

    // Hidden, the view does not follow each slider step (a drag pays for the views on screen only); shown
    // again, it catches up with the parameters of the moment.
    void hiddenViewCatchesUpWhenShown()
    {
        w->showView("measures");
        idle();
        const auto before = view()->result();
        QVERIFY(before);
        w->showView("distribution");
        QVERIFY(!view()->isVisible());
        const double p = state()->retention("sex");
        state()->setRetention("sex", p == 0.8 ? 0.75 : 0.8);
        idle();
        QCOMPARE(view()->result(), before); // not recomputed while hidden
        w->showView("measures");
        idle();
        QVERIFY(view()->result() != before);
        const MeasuresFrame expected = coreFrame();
        QVERIFY(view()->result()->randomizedCounts == expected.randomizedCounts);
        state()->setRetention("sex", p);
        idle();
    }

    // The views' choices survive a session round trip.
    void sessionRoundTrip()
    {
        const QString path = tmp.filePath("measures.json");
        QVERIFY(w->saveSession(path));
        auto other = std::make_unique<MainWindow>();
        QVERIFY(other->openSession(path));
        other->workspace()->waitForIdle();
        // A hidden view follows the parameters only once shown (issue 25): show it, as a person would.
        other->resize(1280, 800);
        other->show();
        other->showView("measures");
        other->view<MeasuresView>("measures")->task()->waitForFinished();
        other->view<RulesView>("rules")->task()->waitForFinished();
        const ViewChoices& v = other->state()->view();
        QCOMPARE(v.measuresA, std::string("sex"));
        QCOMPARE(v.measuresPresentB, std::string(">50K"));
        QCOMPARE(v.measuresSweep, std::string("odds_ratio"));
        QCOMPARE(v.rulesItems.size(), std::size_t(4));
        QCOMPARE(v.rulesMinSupport, 0.3);
        QCOMPARE(v.rulesP, 0.85);
        QCOMPARE(other->view<MeasuresView>("measures")->firstPresentBox()->currentData().toString(), QString("Female"));
        QCOMPARE(other->view<MeasuresView>("measures")->sweepBox()->currentData().toString(), QString("odds_ratio"));
        QCOMPARE(other->view<RulesView>("rules")->pSpin()->value(), 0.85);
        QVERIFY(other->view<MeasuresView>("measures")->result());
        QVERIFY(other->view<MeasuresView>("measures")->result()->randomizedCounts == view()->result()->randomizedCounts);
        QVERIFY(other->view<RulesView>("rules")->result());
        QCOMPARE(other->view<RulesView>("rules")->result()->rows.size(), w->view<RulesView>("rules")->result()->rows.size());
    }

    void exportsAndReport()
    {
        for (const QString name : {"forest.png", "forest.svg", "forest.pdf"}) {
            exportChart(view()->forestChart(), tmp.filePath(name), 96);
            QVERIFY(QFileInfo(tmp.filePath(name)).size() > 1000);
        }
        exportChart(view()->sweepChart(), tmp.filePath("sweep.png"), 96);
        exportChart(w->view<RulesView>("rules")->rulesChart(), tmp.filePath("rules.svg"), 96);
        QVERIFY(QFileInfo(tmp.filePath("rules.svg")).size() > 1000);
        QCOMPARE(view()->forestChart()->chartName(), QString("measures_forest"));
        const QString html = reportHtml(*w->workspace(), {view()->forestChart()}, false,
                                        {view()->reportSection(), w->view<RulesView>("rules")->reportSection()});
        QVERIFY(html.contains("Association measures: sex = Female vs class = &gt;50K"));
        QVERIFY(html.contains("Association rules"));
    }

    // rr-explorer --session S --export-chart measures_forest|measures_sweep|rules renders the session's choices.
    void headlessExport()
    {
        const QString session = tmp.filePath("headless.json");
        QVERIFY(w->saveSession(session));
        for (const QString chart : {"measures_forest", "measures_sweep", "rules"}) {
            QString errors;
            QTextStream err(&errors);
            HeadlessOptions o;
            o.session = session;
            o.chart = chart;
            o.out = tmp.filePath(chart + ".png");
            o.dpi = 96;
            QCOMPARE(runHeadlessExport(o, err), 0);
            QVERIFY2(errors.isEmpty(), qPrintable(errors));
            QVERIFY(QFileInfo(o.out).size() > 5000);
        }
    }
};

QTEST_MAIN(TestMeasuresView)
#include "test_measures_view.moc"
