// Issue 45, keyboard: Ctrl+Z and Ctrl+Shift+Z step the undo history while the cursor is in a p box, and
// Tab leaves the Riskiest-records table.
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

class TestKeyboard : public QObject {
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

    // Issue 45, keyboard: Ctrl+Z undoes while the cursor is in a p box (the box used to eat the shortcut).
    void undoFromAPBox()
    {
        w->state()->undoStack()->clear();
        w->activateWindow();
        QApplication::setActiveWindow(w.get());
        QDoubleSpinBox* spin = w->parameterPanel()->spinBox("sex");
        QVERIFY(spin);
        const double before = w->state()->retention("sex");
        spin->setValue(0.7);
        settle();
        QCOMPARE(w->state()->retention("sex"), 0.7);
        spin->setFocus();
        QLineEdit* edit = spin->findChild<QLineEdit*>();
        QVERIFY(edit);
        QTRY_VERIFY(edit->hasFocus());
        QTest::keyClick(edit, Qt::Key_Z, Qt::ControlModifier);
        settle();
        QCOMPARE(w->state()->retention("sex"), before);
        QTest::keyClick(edit, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        settle();
        QCOMPARE(w->state()->retention("sex"), 0.7);
        w->state()->undoStack()->undo();
        settle();
    }

    // Issue 45, keyboard: Tab leaves the Riskiest-records table instead of cycling through its cells.
    void tabLeavesTheRiskTable()
    {
        w->showView("risk");
        settle();
        QTableView* table = nullptr;
        for (QTableView* t : w->findChildren<QTableView*>())
            if (t->accessibleName() == "Riskiest records")
                table = t;
        QVERIFY(table);
        QVERIFY(table->model()->rowCount() > 1);
        w->activateWindow();
        QApplication::setActiveWindow(w.get());
        table->setFocus();
        QTRY_VERIFY(table->hasFocus());
        table->setCurrentIndex(table->model()->index(0, 0));
        QTest::keyClick(table, Qt::Key_Tab);
        QVERIFY2(!table->hasFocus(), "Tab stayed in the table");
    }
};

QTEST_MAIN(TestKeyboard)
#include "test_keyboard.moc"
