// The Utility step's "What an analyst's model loses" (issue 44) and Optimize "for this analysis": on the Adult
// sample (EMGRW roles), the panel's numbers are core's (core/models/ModelLoss.h) at the current p, follow p while
// shown and catch up when shown again; Optimize for the panel's model runs core's analysis path (both optima, both
// objectives) and says both objectives at both optima.
#include "UiTestSupport.h"

#include "core/models/AnalysisOptima.h"
#include "core/models/ModelLoss.h"
#include "ui/catalog/ViewCatalog.h"
#include "ui/tasks/BackgroundTask.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/session/AnalysisState.h"
#include "ui/views/ModelLossView.h"

#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QTableWidget>
#include <QToolButton>

using namespace rr;
using namespace rr::ui;

class TestModelLossView : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;

    ModelLossView* view() const { return w->view<ModelLossView>("models"); }
    void settle()
    {
        w->workspace()->waitForIdle();
        view()->task()->waitForFinished();
        QApplication::processEvents();
    }
    ModelLoss coreLoss(const LogitModelSpec& spec) const
    {
        const auto a = w->workspace()->analysis();
        return modelLossAt(prepareModelLoss(spec, a->names, a->categories, a->joint), w->workspace()->effectiveP());
    }
    // Every number of the table is core's, bit for bit; the texts and the sentences say them.
    void checkPanelEqualsCore(const LogitModelSpec& spec)
    {
        const ModelLoss core = coreLoss(spec);
        QTableWidget* t = view()->table();
        QCOMPARE(t->rowCount(), int(core.rows.size()));
        const QStringList sentences = view()->wordsLabel()->text().split('\n');
        QCOMPARE(sentences.size(), int(core.rows.size()));
        for (int r = 0; r < t->rowCount(); ++r) {
            const CoefficientLoss& c = core.rows[std::size_t(r)];
            QCOMPARE(t->item(r, 1)->data(Qt::UserRole).toDouble(), c.original);
            QCOMPARE(t->item(r, 1)->data(Qt::UserRole + 1).toDouble(), c.originalHalf);
            QCOMPARE(t->item(r, 2)->data(Qt::UserRole).toDouble(), c.release);
            QCOMPARE(t->item(r, 2)->data(Qt::UserRole + 1).toDouble(), c.releaseHalf);
            QCOMPARE(t->item(r, 3)->data(Qt::UserRole).toDouble(), c.widthRatio);
            const auto n = [](double v) { return QString::number(v, 'f', 2).replace('-', QChar(0x2212)); };
            QCOMPARE(t->item(r, 2)->text(), n(c.release) + " \u00B1 " + n(c.releaseHalf));
            QVERIFY2(sentences[r].contains(n(c.original) + " from the data, " + n(c.release) + " \u00B1 " +
                                           n(c.releaseHalf) + " from the release, an interval " +
                                           QString::number(c.widthRatio, 'f', 1) + " times as wide"),
                     qPrintable(sentences[r]));
        }
    }
    LogitModelSpec shownSpec() const
    {
        const auto spec = view()->model();
        return spec ? *spec : LogitModelSpec{};
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        w = testing::openSampleWindow();
        QVERIFY(w->workspace()->analysis());
        QCOMPARE(findView(viewCatalog(), "models")->step, WorkflowStep::Utility);
        QVERIFY(viewsOfStep(viewCatalog(), WorkflowStep::Utility).contains("models"));
    }

    void defaultModelIsSmallAndEqualsCore()
    {
        w->state()->setMode(RandomizationMode::Both);
        w->state()->setRetentions({{"sex", 0.8}, {"race", 0.85}, {"workclass", 0.7}}, "test");
        w->showView("models");
        settle();
        QVERIFY(view()->isVisible());
        const LogitModelSpec spec = shownSpec();
        QCOMPARE(spec.outcome, std::string("workclass")); // the sensitive attribute, its commonest value
        QCOMPARE(spec.positive, std::string("Private"));
        QCOMPARE(spec.predictors, (std::vector<std::string>{"sex", "race"}));
        QCOMPARE(view()->analysisText(), QString("regress:workclass=Private~sex,race"));
        QVERIFY(view()->result());
        checkPanelEqualsCore(spec);
        for (int r = 0; r < view()->table()->rowCount(); ++r) // sex, race and the outcome randomized: all wider
            QVERIFY(view()->table()->item(r, 3)->data(Qt::UserRole).toDouble() > 1.0);
        QVERIFY2(view()->statusLabel()->text().contains("sex = "), qPrintable(view()->statusLabel()->text()));
    }

    void followsPWhileShownAndCatchesUpWhenShown()
    {
        const LogitModelSpec spec = shownSpec();
        const double before = view()->result()->rows[1].widthRatio;
        w->state()->setRetention("sex", 0.65);
        settle();
        checkPanelEqualsCore(spec);
        QVERIFY(view()->result()->rows[1].widthRatio > before); // the sex coefficient's range widened
        // hidden, a change of p waits for the page to be shown
        w->showView("distribution");
        QVERIFY(!view()->isVisible());
        const auto shown = view()->result();
        w->state()->setRetention("race", 0.7);
        settle();
        QCOMPARE(view()->result(), shown);
        w->showView("models");
        settle();
        QVERIFY(view()->result() != shown);
        checkPanelEqualsCore(spec);
    }

    void anotherModelEqualsCore()
    {
        LogitModelSpec spec;
        spec.outcome = "sex";
        spec.positive = "Female";
        spec.predictors = {"race", "marital-status"};
        view()->setModel(spec);
        settle();
        QCOMPARE(shownSpec().predictors, spec.predictors);
        QCOMPARE(view()->predictorsButton()->text(), QString("race, marital-status")); // in the order chosen
        checkPanelEqualsCore(spec);
        // the outcome is not among the predictors offered
        for (QAction* a : view()->predictorsButton()->menu()->actions())
            QVERIFY(a->text() != "sex");
        // no predictor: said, no rows
        for (QAction* a : view()->predictorsButton()->menu()->actions())
            a->setChecked(false);
        settle();
        QCOMPARE(view()->table()->rowCount(), 0);
        QVERIFY(!view()->result());
        QVERIFY(view()->statusLabel()->text().contains("predictor"));
        view()->setModel(spec);
        settle();
        checkPanelEqualsCore(spec);
    }

    // Optimize for the panel's model: core's path of optimize --for, both objectives at both optima in the message.
    void optimizeForTheModel()
    {
        LogitModelSpec spec;
        spec.outcome = "workclass";
        spec.positive = "Private";
        spec.predictors = {"sex", "race"};
        view()->setModel(spec);
        settle();
        QComboBox* box = w->parameterPanel()->optimizeForBox();
        QCOMPARE(box->count(), 3); // the least utility loss, the Distribution's cells, this model
        QCOMPARE(box->itemData(1).toString().left(6), QString("cells:"));
        QCOMPARE(box->itemData(2).toString(), QString("regress:workclass=Private~sex,race"));
        QVERIFY(box->itemText(2).contains("workclass = Private by sex, race"));
        box->setCurrentIndex(2);
        QCOMPARE(w->workspace()->optimizeFor(), QString("regress:workclass=Private~sex,race"));
        w->state()->setTau(1.0 / 3);
        w->parameterPanel()->optimizeButton()->click();
        settle();
        const auto& got = w->workspace()->lastAnalysisOptimum();
        QVERIFY(got);
        // the same numbers as core's path, run here
        const auto a = w->workspace()->analysis();
        const AnalysisObjective objective =
            analysisObjective(parseAnalysisTarget(got->analysis.toStdString()), a->names, a->categories, a->joint);
        OptimizationOptions opt;
        opt.mode = RandomizationMode::Both;
        opt.tau = 1.0 / 3;
        opt.threads = 2;
        const AnalysisOptima expected = optimizeForAnalysis(objective, opt, [&](const OptimizationOptions& o) {
            DisclosureRiskModel model = a->model;
            return optimizeParameters(model, o);
        });
        QCOMPARE(got->optima.forAnalysis.p, expected.forAnalysis.p);
        QCOMPARE(got->optima.classic.p, expected.classic.p);
        QCOMPARE(got->optima.forAnalysis.analysisObjective, expected.forAnalysis.analysisObjective);
        QCOMPARE(got->optima.classicAnalysisObjective, expected.classicAnalysisObjective);
        QVERIFY(expected.forAnalysis.analysisObjective < expected.classicAnalysisObjective);
        QVERIFY(expected.classic.objective <= expected.forAnalysis.objective);
        // the sliders moved to the analysis optimum
        QCOMPARE(w->workspace()->effectiveP(), expected.forAnalysis.p);
        // both objectives at both optima, in words
        const QString text = w->infoBar()->text();
        for (double v : {expected.forAnalysis.analysisObjective, expected.classicAnalysisObjective})
            QVERIFY2(text.contains(QString::number(v, 'g', 4)), qPrintable(text));
        for (double v : {expected.forAnalysis.objective, expected.classic.objective})
            QVERIFY2(text.contains(QString::number(v, 'g', 5)), qPrintable(text));
        QVERIFY2(text.contains("this analysis"), qPrintable(text));
        // the panel follows the new p
        checkPanelEqualsCore(spec);

        // Back to the least utility loss: today's optimum, no analysis summary.
        box->setCurrentIndex(0);
        QVERIFY(w->workspace()->optimizeFor().isEmpty());
        w->parameterPanel()->optimizeButton()->click();
        settle();
        QVERIFY(!w->workspace()->lastAnalysisOptimum());
        QCOMPARE(w->workspace()->effectiveP(), expected.classic.p);
        QVERIFY(!w->infoBar()->text().contains("this analysis"));
    }

    void cleanupTestCase() { w.reset(); }
};

QTEST_MAIN(TestModelLossView)
#include "test_model_loss_view.moc"
