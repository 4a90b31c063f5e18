#pragma once
// The window's tab widget as the pages it holds: each page's hooks (ui/views/Page.h), the page shown, its chart.
#include <QList>
#include <QStringList>

class QTabWidget;

namespace rr::ui {

class ChartView;
class Page;

// The hooks of every page, in tab order (pages without hooks left out).
QList<Page*> pageHooks(const QTabWidget& tabs);
// Tells every page whether it is the one shown.
void announceCurrentPage(const QTabWidget& tabs);
// Only the tabs of the pages named `views` visible (the tab bar only when they are several), the page shown
// kept; the others stop setting the window's smallest size.
void showOnlyTabs(QTabWidget& tabs, const QStringList& views);
// The chart of the page shown, or nullptr when the page has none.
ChartView* currentChart(const QTabWidget& tabs);

} // namespace rr::ui
