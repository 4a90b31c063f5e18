// The view catalog is the one list of pages: the window's tabs, View menu, shortcuts, session view names and
// --export-chart names all follow it (issue 18).
#include "core/session/ViewChoices.h"
#include "ui/mainwindow/MainWindow.h"
#include "ui/session/AnalysisState.h"
#include "ui/catalog/ViewCatalog.h"

#include <QAction>
#include <QMenuBar>
#include <QSet>
#include <QTabWidget>
#include <QtTest>

using namespace rr;
using namespace rr::ui;

class TestViewCatalog : public QObject {
    Q_OBJECT
private slots:
    void namesAreUnique()
    {
        QSet<QString> names, charts;
        for (const ViewDescriptor& d : viewCatalog()) {
            QVERIFY2(!names.contains(d.name), qPrintable(d.name));
            names.insert(d.name);
            QVERIFY(!d.title.isEmpty());
            QVERIFY2(d.create, qPrintable(d.name)); // every page is built by its descriptor
            // A page with charts to export renders them itself; one without has no exporter.
            QCOMPARE(d.exportChart != nullptr, !d.exportNames.isEmpty());
            for (const QString& c : d.exportNames) {
                QVERIFY2(!charts.contains(c), qPrintable(c));
                QCOMPARE(viewOfChart(viewCatalog(), c)->name, d.name); // the headless export asks this
                charts.insert(c);
            }
        }
        QCOMPARE(exportableChartNames().size(), charts.size());
        QVERIFY(findView(viewCatalog(), "surface"));
        QVERIFY(!findView(viewCatalog(), "nonsense"));
        QVERIFY(!viewOfChart(viewCatalog(), "nonsense"));
    }

    void windowFollowsTheCatalog()
    {
        MainWindow w;
        const auto catalog = viewCatalog();
        QCOMPARE(w.tabs()->count(), int(catalog.size()));
        QMenu* viewMenu = nullptr;
        for (QAction* a : w.menuBar()->actions())
            if (a->text().remove('&') == "View")
                viewMenu = a->menu();
        QVERIFY(viewMenu);
        for (int i = 0; i < int(catalog.size()); ++i) {
            const ViewDescriptor& d = catalog[std::size_t(i)];
            QCOMPARE(w.tabs()->tabText(i), d.title);
            QCOMPARE(w.tabs()->widget(i), w.page(d.name));
            // its View menu entry with the catalog's shortcut
            QAction* entry = nullptr;
            for (QAction* a : viewMenu->actions())
                if (a->text() == d.title)
                    entry = a;
            QVERIFY2(entry, qPrintable(d.title));
            QCOMPARE(entry->shortcut(), QKeySequence(d.shortcut));
            w.showView(catalog[std::size_t(i + 1) % catalog.size()].name); // from another page
            entry->trigger();
            QCOMPARE(w.tabs()->currentIndex(), i);
            // the session remembers the page by its catalog name; showView goes back to it
            if (d.name != "baskets")
                QCOMPARE(QString::fromStdString(w.state()->view().currentView), d.name);
            w.showView("data");
            w.showView(d.name);
            QCOMPARE(w.tabs()->currentIndex(), i);
        }
        QVERIFY(!w.page("nonsense"));
    }
};

QTEST_MAIN(TestViewCatalog)
#include "test_view_catalog.moc"
