#pragma once
// What the window asks of any page, whatever the page is: the window names no page, it asks each page it built
// from the catalog (ui/catalog/ViewCatalog.h) through these hooks. Every hook does nothing unless the page
// has something to say; a page implements the ones it needs.
#include <QKeySequence>
#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <functional>
#include <memory>

namespace rr {
struct ComparisonRun;
struct SessionData;
} // namespace rr

namespace rr::ui {

class BackgroundTask;
class ChartView;
class Workspace;

// A command of the Analysis menu that works on its page: the window shows the page, then runs it.
struct PageCommand {
    QString text; // translated, with its mnemonic
    QKeySequence shortcut;
    QString statusTip;
    std::function<void()> run;
};

// What the pages give the report: its charts in page order, its text sections, the comparison.
struct ReportParts {
    QList<ChartView*> charts;
    QStringList sections;
    std::shared_ptr<const ComparisonRun> comparison;
};

class Page {
public:
    virtual ~Page() = default;
    // The background jobs the status bar shows.
    virtual QList<BackgroundTask*> watchedTasks() const { return {}; }
    // The window closes: stop what runs.
    virtual void stopWork() {}
    // The page became (true) or stopped being (false) the shown tab.
    virtual void setCurrent(bool /*current*/) {}
    virtual QList<PageCommand> commands() { return {}; }
    // Before the report waits for the workspace: start what the report will need.
    virtual void prepareReport() {}
    virtual void addToReport(ReportParts& /*parts*/) {}
    // Saving a session: what the page keeps beside the workspace's state.
    virtual void addToSession(SessionData& /*session*/, const Workspace& /*workspace*/) const {}
    // The analyses Optimize can be for (issue 44): a label and optimize's --for text each.
    virtual void addOptimizeTargets(QStringList& /*labels*/, QStringList& /*analyses*/) const {}
};

// The page's hooks, or nullptr for a widget without any.
inline Page* hooksOf(QWidget* page)
{
    return dynamic_cast<Page*>(page);
}

} // namespace rr::ui
