// The Comparison view (issue #4) inside the main window: its tab, the sample's hierarchies, the
// roles of the prepared analysis as its input, its run in the status bar with Cancel.
#include "UiTestSupport.h"

#include "core/data/Errors.h"
#include "ui/comparison/ComparisonView.h"
#include "ui/comparison/MeasureBarChart.h"
#include "ui/tasks/BackgroundTask.h"
#include "ui/mainwindow/TaskProgress.h"
#include "ui/session/AnalysisState.h"
#include "ui/import/BundledData.h"

#include <QBarSeries>
#include <QBarSet>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>

using namespace rr;
using namespace rr::ui;

class TestMainWindowComparison : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;

    ComparisonView* view() const { return w->view<ComparisonView>("comparison"); }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        w = testing::openSampleWindow();
        QVERIFY(w->workspace()->analysis());
    }

    void tabAndSampleHierarchies()
    {
        QTabWidget* tabs = w->tabs();
        const int index = tabs->indexOf(view());
        QVERIFY(index > 0);
        QCOMPARE(tabs->tabText(index), QString("Comparison"));
        w->showView("comparison");
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget*>(view()));
        QCOMPARE(w->currentChart(), static_cast<ChartView*>(view()->barChart()));
        // The bundled sample brings the ARX hierarchies of resources/data/hierarchies.
        QCOMPARE(view()->hierarchyFolder(), bundledHierarchyDir());
        QVERIFY(QFileInfo::exists(view()->hierarchyFolder() + "/adult_hierarchy_education.csv"));
        QVERIFY(view()->statusLabel()->text().contains("4 quasi-identifiers, sensitive attribute workclass"));
    }

    void runsOnTheAnalysisRoles()
    {
        view()->lMaxSpin()->setValue(3);
        view()->run();
        auto* progress = w->findChild<TaskProgress*>();
        QVERIFY(progress);
        QVERIFY(progress->isBusy()); // the status bar watches the comparison's task
        QTRY_VERIFY_WITH_TIMEOUT(view()->result() != nullptr, 30000);
        const auto run = view()->result();

        // The records the analysis keeps under the window's missing-value policy (the sample drops
        // every record with a missing value: the dissertation's 45,222), as every other view uses.
        const auto analysis = w->workspace()->analysis();
        QVERIFY(analysis);
        const std::size_t kept = analysis->keptRows();
        QCOMPARE(kept, std::size_t(45222));
        QCOMPARE(run->records->rowCount(), kept);

        // Every QI generalizes with its hierarchy file, none falls back to suppression.
        QCOMPARE(run->hierarchies.size(), std::size_t(4));
        for (const AttributeGeneralization& g : run->hierarchies) {
            QVERIFY2(g.source.find("adult_hierarchy_" + g.attribute) != std::string::npos, g.source.c_str());
            QVERIFY(g.levelCount() >= 2);
        }
        QCOMPARE(run->sweep.results.size(), std::size_t(2)); // l = 2, 3

        // The bar chart: one set per method, one finite bar per l.
        MeasureBarChart* bars = view()->barChart();
        QVERIFY(bars->hasData());
        QCOMPARE(bars->series()->count(), 4);
        for (const QBarSet* set : bars->series()->barSets()) {
            QCOMPARE(set->count(), 2);
            for (int i = 0; i < set->count(); ++i)
                QVERIFY(std::isfinite(set->at(i)));
        }
        QCOMPARE(bars->series()->barSets().at(3)->at(0), run->sweep.results[0].randomization.distances.dV.value);
        QTRY_VERIFY(!progress->isBusy());
    }

    void unchangedRolesKeepTheResultNewRolesResetIt()
    {
        QVERIFY(view()->result());
        w->state()->setMode(RandomizationMode::Both); // parameters only: the result stays
        w->workspace()->waitForIdle();
        QVERIFY(view()->result());
        AnalysisSpec spec = w->state()->spec();
        spec.quasiIdentifiers.pop_back(); // without race
        w->state()->setSpec(spec);
        w->workspace()->waitForIdle();
        QVERIFY(!view()->result());
        QVERIFY(view()->statusLabel()->text().contains("3 quasi-identifiers, sensitive attribute workclass"));
    }

    void statusBarCancelStopsIt()
    {
        view()->lMaxSpin()->setValue(7);
        view()->run();
        auto* progress = w->findChild<TaskProgress*>();
        QVERIFY(progress->isBusy());
        progress->cancelCurrent();
        QTRY_VERIFY(!view()->task()->isRunning());
        QCoreApplication::processEvents();
        QVERIFY(!view()->result());
        QVERIFY(view()->statusLabel()->text().contains("Canceled"));
    }
};

QTEST_MAIN(TestMainWindowComparison)
#include "test_main_window_comparison.moc"
