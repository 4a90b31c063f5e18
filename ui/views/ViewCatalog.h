#pragma once
// The one list of the window's pages: their names (sessions' "currentView", showView(), tests), titles (tab
// and View menu), shortcuts, the owner's workflow step each belongs to, and the names of the charts each
// exports (`rr-explorer --export-chart NAME`). The tab order, the View menu, session view names and the
// headless chart names all come from here; nothing else lists them.
#include <QString>
#include <QStringList>

#include <vector>

namespace rr::ui {

// The data owner's path through the table workspace (issue 20), then the analyst's views and baskets.
enum class WorkflowStep { Data, Protect, Utility, Risk, Compare, Release, Analysis, Baskets };

struct ViewDescriptor {
    QString name;            // stable: saved in sessions
    QString title;           // translated
    QString shortcut;        // e.g. "Ctrl+3"; empty: none
    WorkflowStep step;
    QStringList exportNames; // its charts for --export-chart; empty: none
};

// In tab order.
std::vector<ViewDescriptor> viewCatalog();
// The descriptor named `name`, or nullptr.
const ViewDescriptor* findView(const std::vector<ViewDescriptor>& catalog, const QString& name);
// The view whose charts include `chart` (an --export-chart name), or nullptr.
const ViewDescriptor* viewOfChart(const std::vector<ViewDescriptor>& catalog, const QString& chart);
// Every --export-chart name, in catalog order.
QStringList exportableChartNames();

} // namespace rr::ui
