#pragma once
// The one list of the window's pages: their names (sessions' "currentView", showView(), tests), titles (tab
// and View menu), shortcuts, the owner's workflow step each belongs to, the factory that builds each page,
// and the names of the charts each exports (`rr-explorer --export-chart NAME`) with the function that renders
// them. The tab order, the View menu, the step bar, session view names and the headless chart names all come
// from here; nothing else lists them. A new view is one descriptor here plus its own files.
#include "ui/export/HeadlessOutput.h"
#include "ui/views/PageContext.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace rr::ui {

// The data owner's path through the table workspace (issue 20), then the analyst's views and baskets.
enum class WorkflowStep { Data, Roles, Protect, Utility, Risk, Compare, Release, Analysis, Baskets };

struct ViewDescriptor {
    QString name;            // stable: saved in sessions
    QString title;           // translated
    QString shortcut;        // e.g. "Ctrl+3"; empty: none
    WorkflowStep step;
    // Builds the page for the window (it may implement the window's hooks, ui/views/Page.h).
    QWidget* (*create)(const PageContext&) = nullptr;
    QStringList exportNames; // its charts for --export-chart; empty: none
    // Renders one of exportNames from a saved session without a window (0 success, 2 bad input, 1 failure).
    int (*exportChart)(const HeadlessOptions&, QTextStream&) = nullptr;
};

// A step of the path as the step bar shows it. Roles and Protect have no page of their own: they show
// another step's first page (`borrows`) with a panel raised beside it.
struct StepDescriptor {
    WorkflowStep step;
    QString name;    // stable, for object names and tests
    QString title;   // translated
    QString purpose; // translated: what the step is for and what to do next, in one line
    WorkflowStep borrows; // == step when the step has pages of its own
    bool startsGroup;     // separated from the steps before it (Analysis, Baskets)
};

// In tab order: the path's order.
std::vector<ViewDescriptor> viewCatalog();
// The descriptor named `name`, or nullptr.
const ViewDescriptor* findView(const std::vector<ViewDescriptor>& catalog, const QString& name);
// The view whose charts include `chart` (an --export-chart name), or nullptr.
const ViewDescriptor* viewOfChart(const std::vector<ViewDescriptor>& catalog, const QString& chart);
// Every --export-chart name, in catalog order.
QStringList exportableChartNames();

// The steps in the owner's order, then the Analysis group and Baskets.
std::vector<StepDescriptor> workflowSteps();
StepDescriptor stepDescriptor(WorkflowStep step);
// The names of the pages a step shows, in catalog order: its own views, or the first view of the step it
// borrows.
QStringList viewsOfStep(const std::vector<ViewDescriptor>& catalog, WorkflowStep step);

} // namespace rr::ui
