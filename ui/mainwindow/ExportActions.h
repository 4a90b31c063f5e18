#pragma once
// File > Export Chart, Copy Chart and Export Report: the dialogs, and what each writes. The chart is the shown
// page's; the report takes what every page gives it (Page::addToReport), each page brought up to date first.
#include <QObject>
#include <QString>

class QTabWidget;
class QWidget;

namespace rr::ui {

class InfoBar;
class Workspace;

class ExportActions : public QObject {
    Q_OBJECT
public:
    // `pages`: the window's tabs; `window`: the dialogs' parent.
    ExportActions(QWidget* window, Workspace& workspace, QTabWidget& pages, InfoBar& info);

    // Asks for a file (and a PNG's resolution), then exports the shown chart.
    void exportChartInteractively();
    bool exportCurrentChart(const QString& path, int dpi);
    void copyChart();
    // Asks for a file, then writes the report once every result is current (no nested event loop).
    void exportReportInteractively();

private:
    void writeReport(const QString& path);

    QWidget* m_window;
    Workspace& m_workspace;
    QTabWidget& m_pages;
    InfoBar& m_info;
};

} // namespace rr::ui
