#pragma once
// A tab page: a row of controls over one chart. MainWindow exports whichever page is shown; the report
// takes every page's chart (Page::addToReport).
#include "ui/views/Page.h"

#include <QWidget>

#include <functional>

namespace rr::ui {

class ChartView;

class AnalysisView : public QWidget, public Page {
    Q_OBJECT
public:
    using QWidget::QWidget;
    virtual ChartView* chartView() const = 0;
    // Runs the update kept while the page was hidden, now: for whoever reads a hidden page's chart (the report).
    void catchUp();

    // A hidden page draws the frame of now for the report (a hidden Measures page starts its task).
    void prepareReport() override;
    // The page's chart, up to date.
    void addToReport(ReportParts& parts) override;

protected:
    // Runs `update` now while the page is shown; hidden, keeps it and runs it when the page is shown again
    // (issue 25: a slider step pays for the page on screen only). One pending update per page, the latest
    // kept, so `update` draws from the newest state (the workspace's last frame), not from what it captured.
    void whenShown(std::function<void()> update);
    void showEvent(QShowEvent* event) override;

private:
    std::function<void()> m_pending;
};

} // namespace rr::ui
