// Issue 20, "Accessible and translatable": every control of every view, panel and dialog has a name for
// assistive technology (asked of Qt's accessibility layer, as a screen reader would), takes Tab focus, and
// every action of the window is reachable from the keyboard.
#include "WidgetWalk.h"

#include "ui/charts/SurfaceChart.h"
#include "ui/views/RiskView.h"
#include "ui/views/SurfaceView.h"

#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QButtonGroup>
#include <QAction>
#include <QComboBox>
#include <QGraphicsView>
#include <QHeaderView>
#include <QLineEdit>
#include <QMap>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSet>
#include <QTabBar>
#include <QTableView>
#include <QTextEdit>
#include <QToolBar>
#include <QToolButton>
#include <QWidgetAction>
#include <QtTest>

using namespace rr;
using namespace rr::ui;

namespace {

// A control the user operates (a button, a field, a list, a chart), as opposed to text and layout. Parts of
// another control (a spin box's line edit, a table's header, scroll bars) and Qt's own parts are its.
bool isControl(const QWidget* c)
{
    if (c->objectName().startsWith("qt_") || qobject_cast<const QScrollBar*>(c))
        return false;
    if (const QWidget* p = c->parentWidget();
        p && (qobject_cast<const QAbstractSpinBox*>(p) || qobject_cast<const QComboBox*>(p)))
        return false;
    if ((qobject_cast<const QHeaderView*>(c) || qobject_cast<const QAbstractButton*>(c)) &&
        qobject_cast<const QAbstractItemView*>(c->parentWidget()))
        return false; // a table's headers and corner button
    if (auto* t = qobject_cast<const QTextEdit*>(c))
        return !t->isReadOnly();
    if (auto* t = qobject_cast<const QPlainTextEdit*>(c))
        return !t->isReadOnly();
    return qobject_cast<const QAbstractButton*>(c) || qobject_cast<const QComboBox*>(c) ||
           qobject_cast<const QAbstractSpinBox*>(c) || qobject_cast<const QAbstractSlider*>(c) ||
           qobject_cast<const QLineEdit*>(c) || qobject_cast<const QAbstractItemView*>(c) ||
           qobject_cast<const QTabBar*>(c) || qobject_cast<const QGraphicsView*>(c);
}

// The name a screen reader announces.
QString accessibleName(QWidget* w)
{
    QAccessibleInterface* a = QAccessible::queryAccessibleInterface(w);
    return a ? a->text(QAccessible::Name).trimmed() : QString();
}

// An action's text names its access key ("&File").
bool hasAccessKey(QString text)
{
    return text.remove("&&").contains('&');
}

// The actions reachable through the menu bar: in menus whose titles have access keys, recursively.
void collectMenuActions(const QList<QAction*>& actions, QSet<QAction*>* reachable)
{
    for (QAction* a : actions) {
        if (a->isSeparator())
            continue;
        if (QMenu* m = a->menu()) {
            if (hasAccessKey(a->text()))
                collectMenuActions(m->actions(), reachable);
            continue;
        }
        reachable->insert(a);
    }
}

} // namespace

class TestAccessibility : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;
    int m_controls = 0;          // controls checked, over every place visited
    QSet<QString> m_places;      // the places visited
    QMap<QString, QString> m_unnamed;    // every control without a name (its parent chain) -> where first seen
    QMap<QString, QString> m_untabbable; // ... that Tab does not reach
    QSet<QAction*> m_actions;    // every action shown in the main window (menu, tool bar, widget)

    void check(const QString& where, QWidget* window)
    {
        m_places.insert(where);
        for (QWidget* c : testing::shownWidgets(window)) {
            for (QAction* a : c->actions())
                if (window == w.get())
                    m_actions.insert(a);
            if (!isControl(c) || !c->isEnabled())
                continue;
            ++m_controls;
            if (accessibleName(c).isEmpty())
                m_unnamed.insert(testing::describe(c), where);
            // A tool bar's buttons stand for actions the menus and shortcuts reach (checked below).
            auto* tool = qobject_cast<QToolButton*>(c);
            const bool toolBarButton = tool && tool->defaultAction() && qobject_cast<QToolBar*>(c->parentWidget());
            // In an exclusive group of buttons Tab reaches one of them (Qt moves it to the last one focused) and
            // the arrow keys the others.
            auto* button = qobject_cast<QAbstractButton*>(c);
            QList<QAbstractButton*> group;
            if (button && button->group() && button->group()->exclusive())
                group = button->group()->buttons();
            else if (button && button->autoExclusive() && c->parentWidget())
                group = c->parentWidget()->findChildren<QAbstractButton*>(Qt::FindDirectChildrenOnly);
            const bool arrowReached = std::any_of(group.begin(), group.end(), [](QAbstractButton* b) {
                return (b->autoExclusive() || b->group()) && b->isVisible() && b->isEnabled() &&
                       (b->focusPolicy() & Qt::TabFocus);
            });
            if (!(c->focusPolicy() & Qt::TabFocus) && !toolBarButton && !arrowReached)
                m_untabbable.insert(testing::describe(c), where + QString(", focus policy %1").arg(int(c->focusPolicy())));
        }
    }
    // QVERIFY2 cuts long messages: each item goes to the log, the failure says how many.
    static QString list(const QMap<QString, QString>& items)
    {
        for (auto i = items.begin(); i != items.end(); ++i)
            qWarning("%s (%s)", qPrintable(i.key()), qPrintable(i.value()));
        return QString::number(items.size()) + " (listed above)";
    }
    static QString list(const QStringList& items)
    {
        for (const QString& item : items)
            qWarning("%s", qPrintable(item));
        return QString::number(items.size()) + " (listed above)";
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        w = testing::openSampleWindow();
        QVERIFY(w->workspace()->analysis());
        testing::walkEverything(w.get(), [this](const QString& where, QWidget* window) { check(where, window); });
        qInfo("%d controls checked in %d places", m_controls, int(m_places.size()));
    }
    void cleanupTestCase() { w.reset(); }

    // Every step, view and dialog was reached, with its controls.
    void everyPlaceWasVisited()
    {
        for (const StepDescriptor& d : workflowSteps())
            QVERIFY2(m_places.contains("step " + d.name) || d.step == WorkflowStep::Baskets, qPrintable(d.name));
        for (const ViewDescriptor& v : viewCatalog())
            QVERIFY2(m_places.contains("view " + v.name) || v.step == WorkflowStep::Baskets, qPrintable(v.name));
        for (const char* dialog : {"record group dialog", "release dialog", "import dialog", "open database dialog",
                                   "bin dialog", "guide dialog", "matrix editor", "step baskets (small.dat)"})
            QVERIFY2(m_places.contains(dialog), dialog);
        QVERIFY(m_controls > 200);
    }

    // A screen reader names every control: its text, its accessible name or its buddy label.
    void everyControlIsNamed() { QVERIFY2(m_unnamed.isEmpty(), qPrintable("controls without a name " + list(m_unnamed))); }

    // Tab reaches every control (tool bar buttons excepted: their actions are in the menus).
    void everyControlTakesTabFocus()
    {
        QVERIFY2(m_untabbable.isEmpty(), qPrintable("controls Tab does not reach " + list(m_untabbable)));
    }

    // Every action the window shows is in a menu of the menu bar (titles with access keys) or has a shortcut.
    void everyActionIsReachableFromTheKeyboard()
    {
        QSet<QAction*> reachable;
        for (QAction* top : w->menuBar()->actions())
            QVERIFY2(hasAccessKey(top->text()), qPrintable("menu without an access key: " + top->text()));
        collectMenuActions(w->menuBar()->actions(), &reachable);
        QStringList unreachable;
        for (QAction* a : std::as_const(m_actions)) {
            // A tool bar's widget action holds controls, checked as such.
            if (a->isSeparator() || !a->isVisible() || !a->isEnabled() || a->objectName().startsWith("qt_") ||
                qobject_cast<QWidgetAction*>(a))
                continue;
            if (!reachable.contains(a) && a->shortcuts().isEmpty() && !a->menu())
                unreachable << QString("'%1' (%2)").arg(a->text(), testing::describe(a));
        }
        QVERIFY2(unreachable.isEmpty(), qPrintable("actions the keyboard does not reach " + list(unreachable)));
        QVERIFY(reachable.size() > 20);
    }

    // The risk surface's click sets p; the arrow keys move the same point one grid step.
    void surfaceTakesArrowKeys()
    {
        w->showView("surface");
        w->workspace()->waitForIdle();
        auto* chart = w->page("surface")->findChild<SurfaceChart*>();
        QVERIFY(chart && chart->data());
        QVERIFY(chart->focusPolicy() & Qt::TabFocus);
        QSignalSpy clicked(chart, &SurfaceChart::pointClicked);
        const QPointF before = chart->currentPoint();
        chart->setFocus();
        QTest::keyClick(chart, Qt::Key_Left);
        QCOMPARE(clicked.size(), 1);
        QVERIFY(clicked[0][0].toDouble() < before.x());
        QCOMPARE(clicked[0][1].toDouble(), before.y());
        QTest::keyClick(chart, Qt::Key_Down);
        QCOMPARE(clicked.size(), 2);
        QVERIFY(clicked[1][1].toDouble() < before.y());
    }

    // A risky record's group opens with Enter as with a double click.
    void recordGroupOpensWithEnter()
    {
        w->showView("risk");
        w->workspace()->waitForIdle();
        QTableView* table = w->view<RiskView>("risk")->recordsView();
        QVERIFY(table->model()->rowCount() > 0);
        QApplication::setActiveWindow(w.get());
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        table->setFocus();
        table->setCurrentIndex(table->model()->index(0, 0));
        QTest::keyClick(table, Qt::Key_Return);
        auto* dialog = w->view<RiskView>("risk")->findChild<RecordGroupDialog*>("recordGroupDialog");
        QVERIFY(dialog && dialog->isVisible());
        dialog->close();
    }
};

QTEST_MAIN(TestAccessibility)
#include "test_accessibility.moc"
