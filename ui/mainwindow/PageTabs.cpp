#include "ui/mainwindow/PageTabs.h"

#include "ui/views/AnalysisView.h"

#include <QTabBar>
#include <QTabWidget>

namespace rr::ui {

QList<Page*> pageHooks(const QTabWidget& tabs)
{
    QList<Page*> out;
    for (int i = 0; i < tabs.count(); ++i)
        if (Page* p = hooksOf(tabs.widget(i)))
            out << p;
    return out;
}

void announceCurrentPage(const QTabWidget& tabs)
{
    for (int i = 0; i < tabs.count(); ++i)
        if (Page* p = hooksOf(tabs.widget(i)))
            p->setCurrent(i == tabs.currentIndex());
}

ChartView* currentChart(const QTabWidget& tabs)
{
    auto* view = qobject_cast<AnalysisView*>(tabs.currentWidget());
    return view ? view->chartView() : nullptr;
}

// The step's tabs first (QTabWidget moves the current page to a tab made visible while the current one is
// hidden), then the others hidden: the page shown never jumps.
void showOnlyTabs(QTabWidget& tabs, const QStringList& views)
{
    for (int i = 0; i < tabs.count(); ++i)
        if (views.contains(tabs.widget(i)->property("viewName").toString()) && !tabs.isTabVisible(i))
            tabs.setTabVisible(i, true);
    for (int i = 0; i < tabs.count(); ++i)
        if (!views.contains(tabs.widget(i)->property("viewName").toString()) && i != tabs.currentIndex() &&
            tabs.isTabVisible(i))
            tabs.setTabVisible(i, false);
    tabs.tabBar()->setVisible(views.size() > 1);
    // Only the step's pages set the window's smallest size: a wide page of another step (Measures, Baskets)
    // would otherwise keep the window wider than a 1024 px screen on every step.
    for (int i = 0; i < tabs.count(); ++i) {
        QWidget* page = tabs.widget(i);
        if (!page->property("ownSizePolicy").isValid())
            page->setProperty("ownSizePolicy", QVariant::fromValue(page->sizePolicy()));
        const bool shown = views.contains(page->property("viewName").toString());
        page->setSizePolicy(shown ? page->property("ownSizePolicy").value<QSizePolicy>()
                                  : QSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored));
    }
}

} // namespace rr::ui
