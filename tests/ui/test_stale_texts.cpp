// Issue 45, stale texts: the info bar's message about the optimization or the automatic roles goes once
// the mode, l or the roles it names changed.
#include "UiTestSupport.h"

#include "ui/mainwindow/InfoBar.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/session/AnalysisState.h"

#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>

using namespace rr;
using namespace rr::ui;

class TestStaleTexts : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;

    void settle() { testing::settle(*w); }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        w = testing::openSampleWindow();
        settle();
    }
    void cleanupTestCase() { w.reset(); }

    // Issue 45, stale texts: the bar's "RR-QI optimized for l = 3" goes once the mode or l changed.
    void optimizationTextGoesWithItsMode()
    {
        w->infoBar()->hide();
        w->state()->setMode(RandomizationMode::QI);
        w->state()->setTau(1.0 / 3.0);
        settle();
        w->parameterPanel()->optimizeButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(w->infoBar()->text().contains("optimized for l = 3"), 60000);
        w->state()->setMode(RandomizationMode::S);
        settle();
        QVERIFY2(!w->infoBar()->text().contains("optimized"), qPrintable(w->infoBar()->text()));
        // The same after a change of l.
        w->state()->setMode(RandomizationMode::QI);
        w->parameterPanel()->optimizeButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(w->infoBar()->text().contains("optimized for l = 3"), 60000);
        w->state()->setTau(0.25);
        settle();
        QVERIFY2(!w->infoBar()->text().contains("optimized for l = 3"), qPrintable(w->infoBar()->text()));
        w->state()->undoStack()->clear();
    }

    // Issue 45, stale texts: the roles' announcement does not name a sensitive attribute that no longer is.
    void rolesTextGoesWithItsRoles()
    {
        w->openInitial({});
        w->workspace()->waitForIdle();
        settle();
        const QString before = w->infoBar()->text();
        QVERIFY2(before.contains("sensitive workclass"), qPrintable(before));
        AnalysisSpec spec = w->state()->spec();
        spec.quasiIdentifiers = {"education", "marital-status", "sex", "workclass"};
        spec.sensitive = "race";
        w->state()->setSpec(spec);
        settle();
        QVERIFY2(!w->infoBar()->text().contains("workclass;") && !w->infoBar()->text().contains("sensitive workclass"),
                 qPrintable(w->infoBar()->text()));
        w->state()->undoStack()->undo();
        settle();
    }

};

QTEST_MAIN(TestStaleTexts)
#include "test_stale_texts.moc"
