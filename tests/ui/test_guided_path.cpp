// The table workspace as the owner's path (issue 20): the step bar follows the view catalog, each step shows its
// views and says in one line what it is for or why it is not ready, Roles and Protect raise their panel, Baskets
// is a workspace of its own, and a session reopens on the step of its view.
#include "UiTestSupport.h"
#include "ui/mainwindow/InfoBar.h"

#include "core/analysis/DistributionEstimate.h"
#include "core/analysis/RiskProfile.h"
#include "core/session/ViewChoices.h"
#include "ui/charts/ChartStyle.h"
#include "ui/views/DistributionView.h"
#include "ui/views/RiskView.h"
#include "ui/mainwindow/StepBar.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/release/ReleaseStepPage.h"
#include "ui/session/AnalysisState.h"
#include "ui/catalog/ViewCatalog.h"

#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <cmath>

using namespace rr;
using namespace rr::ui;

class TestGuidedPath : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> w;

    void idle() { w->workspace()->waitForIdle(); }
    QDockWidget* dock(const char* name) const { return w->findChild<QDockWidget*>(name); }
    // The names of the tabs the tab bar lists now, in order.
    QStringList visibleTabs() const
    {
        QStringList names;
        for (int i = 0; i < w->tabs()->count(); ++i)
            if (w->tabs()->isTabVisible(i))
                names << w->tabs()->widget(i)->property("viewName").toString();
        return names;
    }
    QString shownView() const { return w->tabs()->currentWidget()->property("viewName").toString(); }
    void click(WorkflowStep step)
    {
        QToolButton* b = w->stepBar()->button(step);
        QVERIFY(b);
        b->click();
        QApplication::processEvents();
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        w = testing::openSampleWindow();
        QVERIFY(w->workspace()->analysis());
    }

    // The bar lists the catalog's steps in the owner's order; every page of the catalog belongs to exactly one
    // step with pages of its own, and each step shows exactly its catalog views, in catalog order.
    void stepBarFollowsTheCatalog()
    {
        const auto catalog = viewCatalog();
        const auto steps = workflowSteps();
        QCOMPARE(w->stepBar()->steps().size(), qsizetype(steps.size()));
        QStringList covered;
        for (std::size_t i = 0; i < steps.size(); ++i) {
            const StepDescriptor& d = steps[i];
            QCOMPARE(w->stepBar()->steps()[qsizetype(i)], d.step);
            QToolButton* b = w->stepBar()->button(d.step);
            QVERIFY(b->isCheckable());
            QVERIFY(b->focusPolicy() & Qt::TabFocus); // reachable from the keyboard
            QVERIFY(!b->accessibleName().isEmpty());
            QCOMPARE(b->text(), d.title);
            QStringList expected;
            for (const ViewDescriptor& v : catalog)
                if (v.step == d.borrows)
                    expected << v.name;
            if (d.borrows != d.step)
                expected = expected.mid(0, 1);
            else
                covered += expected;
            QCOMPARE(viewsOfStep(catalog, d.step), expected);
            // from a page of another step, the step opens on its first view and lists exactly its views
            w->showView(expected.contains("data") ? "risk" : "data");
            click(d.step);
            QCOMPARE(w->currentStep(), d.step);
            QVERIFY(b->isChecked());
            QCOMPARE(shownView(), expected.first());
            QCOMPARE(visibleTabs(), expected);
            QCOMPARE(w->tabs()->tabBar()->isVisibleTo(w.get()), expected.size() > 1);
            // the line says what the step is for (every step is ready on the sample, except Release at p = 1)
            QVERIFY2(w->stepLine()->text().startsWith(d.title + ":"), qPrintable(w->stepLine()->text()));
            if (d.step != WorkflowStep::Release)
                QCOMPARE(w->stepLine()->text(), d.purpose);
        }
        QCOMPARE(covered.size(), qsizetype(catalog.size()));
        for (const ViewDescriptor& v : catalog)
            QVERIFY2(covered.contains(v.name), qPrintable(v.name));
        // a sub-tab of the step keeps the step; showView of another step's page moves to that step
        click(WorkflowStep::Risk);
        w->tabs()->setCurrentWidget(w->page("surface"));
        QCOMPARE(w->currentStep(), WorkflowStep::Risk);
        QCOMPARE(visibleTabs(), (QStringList{"risk", "surface"}));
        w->showView("comparison");
        QCOMPARE(w->currentStep(), WorkflowStep::Compare);
        QVERIFY(w->stepBar()->button(WorkflowStep::Compare)->isChecked());
        QCOMPARE(visibleTabs(), (QStringList{"tradeoff", "comparison"}));
    }

    // The window's smallest width comes from the shown step's pages: every step, Compare, Analysis and Baskets
    // included, fits a 1024 px screen beside the panels.
    void ownersStepsFitA1024Screen()
    {
        for (const StepDescriptor& d : workflowSteps()) {
            click(d.step);
            QApplication::processEvents();
            qInfo("%s: smallest window width %d", qPrintable(d.name), w->minimumSizeHint().width());
            QVERIFY2(w->minimumSizeHint().width() <= 1024,
                     qPrintable(QString("%1: %2 px").arg(d.name).arg(w->minimumSizeHint().width())));
        }
        click(WorkflowStep::Data);
    }

    // Roles: the Data page with the Attributes panel raised and marked; Protect: the Risk view with Parameters.
    void rolesAndProtectRaiseTheirPanel()
    {
        click(WorkflowStep::Roles);
        QCOMPARE(shownView(), QString("data"));
        QCOMPARE(w->currentStep(), WorkflowStep::Roles);
        QVERIFY(dock("attributesDock")->isVisible());
        QVERIFY(!dock("attributesDock")->styleSheet().isEmpty());
        QVERIFY(dock("parametersDock")->styleSheet().isEmpty());
        click(WorkflowStep::Protect);
        QCOMPARE(shownView(), QString("risk"));
        QCOMPARE(w->currentStep(), WorkflowStep::Protect);
        QVERIFY(dock("parametersDock")->isVisible());
        QVERIFY(!dock("parametersDock")->styleSheet().isEmpty());
        QVERIFY(dock("attributesDock")->styleSheet().isEmpty());
        QVERIFY(w->parameterPanel()->optimizeButton()->isVisible());
        click(WorkflowStep::Data);
        QVERIFY(dock("parametersDock")->styleSheet().isEmpty());
        QCOMPARE(w->currentStep(), WorkflowStep::Data);
    }

    // Baskets is its own workspace: the table's panels hide while it is shown and come back as they were.
    void basketsHidesTheTablePanels()
    {
        click(WorkflowStep::Utility);
        dock("attributesDock")->hide(); // the user closed it: it stays closed after Baskets
        click(WorkflowStep::Baskets);
        QCOMPARE(shownView(), QString("baskets"));
        QVERIFY(dock("parametersDock")->isHidden());
        QVERIFY(dock("attributesDock")->isHidden());
        click(WorkflowStep::Utility);
        QVERIFY(!dock("parametersDock")->isHidden());
        QVERIFY(dock("attributesDock")->isHidden());
        dock("attributesDock")->show();
        w->showView("baskets"); // the View menu's way
        QVERIFY(dock("parametersDock")->isHidden());
        QVERIFY(dock("attributesDock")->isHidden());
        w->showView("risk");
        QVERIFY(!dock("parametersDock")->isHidden());
        QVERIFY(!dock("attributesDock")->isHidden());
    }

    // Release: not ready while every p is 1; once p is set, its page summarizes the release and opens the dialog.
    void releaseNeedsPBelowOne()
    {
        w->state()->resetParameters();
        idle();
        click(WorkflowStep::Release);
        QCOMPARE(shownView(), QString("release"));
        QVERIFY2(w->stepLine()->text().contains("every p is 1"), qPrintable(w->stepLine()->text()));
        QCOMPARE(w->stepBar()->button(WorkflowStep::Release)->property("ready").toBool(), false);
        auto* page = w->view<ReleaseStepPage>("release");
        QVERIFY(page);
        QVERIFY(page->summaryText().contains("Nothing is randomized yet"));
        // p below 1 but the risk above the target: the line says so; the page shows it in red
        w->state()->setRetentions({{"education", 0.9}}, "test");
        idle();
        QCOMPARE(w->stepBar()->button(WorkflowStep::Release)->property("ready").toBool(), false);
        QVERIFY2(w->stepLine()->text().contains("is above the target 1/l = 0.333"), qPrintable(w->stepLine()->text()));
        QVERIFY(page->summaryText().contains("the target 1/l = 0.333"));
        w->parameterPanel()->optimizeButton()->click();
        idle();
        QCOMPARE(w->stepBar()->button(WorkflowStep::Release)->property("ready").toBool(), true);
        QCOMPARE(w->stepLine()->text(), stepDescriptor(WorkflowStep::Release).purpose);
        QVERIFY2(page->summaryText().contains("education"), qPrintable(page->summaryText()));
        QVERIFY(page->summaryText().contains("RR-QI"));
        QVERIFY(page->summaryText().contains("45,222"));
        QVERIFY(page->releaseButton()->isEnabled());
    }

    // A target Optimize cannot reach: Protect says so (and why) until the target or the mode changes.
    void unreachableTargetMarksProtect()
    {
        w->state()->setMode(RandomizationMode::S);
        w->parameterPanel()->optimizeButton()->click();
        idle();
        click(WorkflowStep::Protect);
        QCOMPARE(w->stepBar()->button(WorkflowStep::Protect)->property("ready").toBool(), false);
        const QString line = w->stepLine()->text();
        QVERIFY2(line.startsWith("Protect: RR-S cannot reach l = 3"), qPrintable(line));
        QVERIFY2(line.contains("records keep a risk at or above 1/3 for every p"), qPrintable(line));
        QVERIFY2(line.contains("which groups block it, the largest l each mode reaches"), qPrintable(line));
        // issue 46: the message names the blocking groups and what each mode reaches, computed by the CLI's own
        // functions; RR-Both is offered only because it meets l = 3 here
        const QString info = w->infoBar()->text();
        QVERIFY2(info.contains("These groups keep the target out of reach: "), qPrintable(info));
        QVERIFY2(info.contains(" have "), qPrintable(info));
        QVERIFY2(info.contains("RR-S cannot go beyond l = 1 on these data"), qPrintable(info));
        QVERIFY2(info.contains("Switching to RR-Both meets the target."), qPrintable(info));
        QVERIFY(w->infoBar()->actionTexts().contains("Switch to RR-Both and optimize"));
        // other steps stay ready
        QCOMPARE(w->stepBar()->button(WorkflowStep::Risk)->property("ready").toBool(), true);
        w->state()->setMode(RandomizationMode::Both);
        idle();
        QCOMPARE(w->stepBar()->button(WorkflowStep::Protect)->property("ready").toBool(), true);
        QCOMPARE(w->stepLine()->text(), stepDescriptor(WorkflowStep::Protect).purpose);
        w->state()->setMode(RandomizationMode::QI);
        idle();
    }

    // No sensitive attribute: Roles and every step after it say so; still clickable.
    void noSensitiveAttributeSaysWhy()
    {
        AnalysisSpec spec = w->state()->spec();
        spec.sensitive.clear();
        w->state()->setSpec(spec);
        idle();
        QVERIFY(!w->workspace()->analysis());
        for (WorkflowStep s : {WorkflowStep::Roles, WorkflowStep::Utility, WorkflowStep::Risk, WorkflowStep::Release}) {
            click(s);
            QCOMPARE(w->currentStep(), s);
            QVERIFY2(w->stepLine()->text().contains("no sensitive attribute chosen"), qPrintable(w->stepLine()->text()));
            QCOMPARE(w->stepBar()->button(s)->property("ready").toBool(), false);
        }
        QCOMPARE(w->stepBar()->button(WorkflowStep::Data)->property("ready").toBool(), true);
        QCOMPARE(w->stepBar()->button(WorkflowStep::Baskets)->property("ready").toBool(), true);
        w->state()->undoStack()->undo();
        idle();
        QVERIFY(w->workspace()->analysis());
        QCOMPARE(w->stepBar()->button(WorkflowStep::Roles)->property("ready").toBool(), true);
    }

    // Nothing opened yet: the Data step says so.
    void noDataYet()
    {
        MainWindow empty;
        QCOMPARE(empty.currentStep(), WorkflowStep::Data);
        QVERIFY2(empty.stepLine()->text().contains("no data opened yet"), qPrintable(empty.stepLine()->text()));
        QCOMPARE(empty.stepBar()->button(WorkflowStep::Data)->property("ready").toBool(), false);
    }

    // A session saved on a view reopens on that view and its step.
    void sessionReopensOnItsStep()
    {
        QTemporaryDir dir;
        for (const auto& [view, step] : {std::pair{QString("surface"), WorkflowStep::Risk},
                                         std::pair{QString("intervals"), WorkflowStep::Utility},
                                         std::pair{QString("release"), WorkflowStep::Release}}) {
            w->showView(view);
            QCOMPARE(QString::fromStdString(w->state()->view().currentView), view);
            const QString path = dir.filePath(view + ".json");
            QVERIFY(w->saveSession(path));
            w->showView("data");
            QVERIFY(w->openSession(path));
            idle();
            QApplication::processEvents();
            QCOMPARE(shownView(), view);
            QCOMPARE(w->currentStep(), step);
            QVERIFY(w->stepBar()->button(step)->isChecked());
        }
    }

    // Utility in the owner's units: one cell's share and half its 95 % range in points and records, from core.
    void precisionInTheOwnersUnits()
    {
        ViewChoices v = w->state()->view();
        v.distributionA = "marital-status";
        v.distributionB = "sex";
        v.alpha = 0.05;
        w->state()->setView(v);
        w->state()->setRetentions({{"marital-status", 0.8}, {"sex", 0.9}}, "test");
        idle();
        w->showView("distribution");
        auto* view = w->view<DistributionView>("distribution");
        QComboBox* cell = view->precisionCellBox();
        const auto frame = w->workspace()->lastLive();
        QVERIFY(frame);
        const DistributionEstimate& d = frame->distribution;
        QCOMPARE(cell->count(), int(d.labels.size()));
        QCOMPARE(cell->currentIndex(), int(largestShownCell(d))); // the largest cell first
        const int divorcedFemale = cell->findText("Divorced | Female");
        QVERIFY(divorcedFemale >= 0);
        cell->setCurrentIndex(divorcedFemale);
        emit cell->activated(divorcedFemale);
        const CellPrecision c = cellPrecision(d, std::size_t(divorcedFemale));
        const QString line = view->precisionLine()->text();
        QVERIFY2(line.contains(QString("the share of Divorced | Female, %1%").arg(c.share * 100, 0, 'f', 1)),
                 qPrintable(line));
        QVERIFY2(line.contains(QString("\u00B1%1 points").arg(c.halfWidth * 100, 0, 'f', 2)), qPrintable(line));
        QVERIFY2(line.contains(QString("\u00B1%1 records").arg(style::count(std::round(c.halfWidthRecords)))),
                 qPrintable(line));
        QVERIFY(line.endsWith("at 95%."));
        // the chosen cell stays chosen while p moves; its range widens as p falls
        w->state()->setRetentions({{"marital-status", 0.6}}, "test");
        idle();
        QCOMPARE(cell->currentText(), QString("Divorced | Female"));
        const CellPrecision wider =
            cellPrecision(w->workspace()->lastLive()->distribution, std::size_t(cell->currentIndex()));
        QVERIFY(wider.halfWidth > c.halfWidth);
        QVERIFY(view->precisionLine()->text().contains(QString("%1 points").arg(wider.halfWidth * 100, 0, 'f', 2)));
        w->state()->resetParameters();
        idle();
    }

    // Risk with its baseline: the prior of guessing the most common S value, and what the release adds.
    void riskBesideItsBaseline()
    {
        w->showView("risk");
        auto* view = w->view<RiskView>("risk");
        const auto a = w->workspace()->analysis();
        // every p = 1: the largest risk is 1, above the prior
        const RiskBaseline atOne = riskBaseline(*a, a->sensitiveAxis(), w->workspace()->lastLive()->maxRisk);
        QCOMPARE(atOne.value, std::string("Private"));
        QString line = view->baselineLine()->text();
        QVERIFY2(line.contains(QString("guessing workclass = Private for everyone is right for %1% of the persons")
                                   .arg(atOne.prior * 100, 0, 'f', 1)),
                 qPrintable(line));
        // issue 46: no bound on a guess; the record-level figure says what it measures, and the published shares'
        // figure (each group's most common value, counted here directly) stands beside it
        QVERIFY2(!line.contains("at most"), qPrintable(line));
        QVERIFY2(line.contains(QString("Linking a person to the released records reveals %1 beyond chance")
                                   .arg(atOne.maxRisk, 0, 'f', 3)),
                 qPrintable(line));
        const int ds = a->dims.back();
        double right = 0;
        for (Eigen::Index g = 0; g < a->joint.counts().size() / ds; ++g)
            right += a->joint.counts().segment(g * ds, ds).maxCoeff();
        QVERIFY2(line.contains(QString("most common workclass is right for %1% of the persons")
                                   .arg(100 * right / a->joint.total(), 0, 'f', 1)),
                 qPrintable(line));
        // at the optimum for l = 3 the record-level figure falls; what the shares reveal does not
        w->parameterPanel()->optimizeButton()->click();
        idle();
        const double maxRisk = w->workspace()->lastLive()->maxRisk;
        QVERIFY(maxRisk < atOne.prior);
        line = view->baselineLine()->text();
        QVERIFY2(line.contains(QString("reveals %1 beyond chance").arg(maxRisk, 0, 'f', 3)), qPrintable(line));
        QVERIFY2(line.contains(QString("is right for %1% of the persons").arg(100 * right / a->joint.total(), 0, 'f', 1)),
                 qPrintable(line));
        w->state()->resetParameters();
        idle();
    }

    // Epsilon in plain words (issue 20): each attribute's line gives its band, its tooltip what the band means;
    // the release review gives the record's. Education at p = 0.539 (d = 16): 2.864, moderate, 17.5-fold; five
    // randomized columns make the record weak.
    void epsilonInPlainWords()
    {
        w->state()->setRetention("education", 0.539);
        w->workspace()->waitForIdle();
        QApplication::processEvents();
        QLabel* info = w->parameterPanel()->infoLabel("education");
        QVERIFY(info);
        QVERIFY2(info->text().contains("2.864 (moderate)"), qPrintable(info->text()));
        QVERIFY2(info->toolTip().contains("at most 17.5-fold"), qPrintable(info->toolTip()));
        QVERIFY(info->toolTip().contains("up to 1 is strong, up to 3 moderate"));
        w->state()->setRetention("education", 0.1);
        w->workspace()->waitForIdle();
        QApplication::processEvents();
        // ln(0.1 x 15 / 0.9) = 0.511
        QVERIFY2(w->parameterPanel()->infoLabel("education")->text().contains("0.511 (strong)"),
                 qPrintable(w->parameterPanel()->infoLabel("education")->text()));
    }

    void cleanupTestCase() { w.reset(); }
};

QTEST_MAIN(TestGuidedPath)
#include "test_guided_path.moc"
