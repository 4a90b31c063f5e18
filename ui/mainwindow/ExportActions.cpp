#include "ui/mainwindow/ExportActions.h"

#include "ui/charts/ChartView.h"
#include "ui/document/Workspace.h"
#include "ui/export/ChartExport.h"
#include "ui/export/LastFolder.h"
#include "ui/export/ReportWriter.h"
#include "ui/mainwindow/ActionAttempt.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/mainwindow/PageTabs.h"
#include "ui/views/Page.h"

#include <QFileDialog>
#include <QInputDialog>
#include <QTabWidget>

namespace rr::ui {

ExportActions::ExportActions(QWidget* window, Workspace& workspace, QTabWidget& pages, InfoBar& info)
    : QObject(window), m_window(window), m_workspace(workspace), m_pages(pages), m_info(info)
{}

void ExportActions::exportChartInteractively()
{
    ChartView* chart = currentChart(m_pages);
    if (!chart)
        return;
    QString filter;
    QString path =
        QFileDialog::getSaveFileName(m_window, tr("Export Chart"), startPath("chart", chart->chartName() + ".png"),
                                     tr("PNG image (*.png);;SVG vector image (*.svg);;PDF document (*.pdf)"), &filter);
    if (path.isEmpty())
        return;
    rememberFolder("chart", path);
    if (exportFormatOf(path).isEmpty())
        path += filter.contains("svg") ? ".svg" : filter.contains("pdf") ? ".pdf" : ".png";
    int dpi = 192;
    if (exportFormatOf(path) == "png") {
        bool ok = false;
        dpi = QInputDialog::getInt(m_window, tr("PNG resolution"), tr("Dots per inch (96 = screen size):"), 192, 48,
                                   1200, 24, &ok);
        if (!ok)
            return;
    }
    exportCurrentChart(path, dpi);
}

bool ExportActions::exportCurrentChart(const QString& path, int dpi)
{
    if (!attempt(m_info, tr("Could not export the chart: %1"), [&] { exportChart(currentChart(m_pages), path, dpi); }))
        return false;
    m_info.showMessage(tr("Chart exported to %1").arg(path.toHtmlEscaped()), InfoBar::Kind::Success);
    return true;
}

void ExportActions::copyChart()
{
    if (attempt(m_info, tr("Could not copy the chart: %1"), [&] { copyChartToClipboard(currentChart(m_pages)); }))
        m_info.showMessage(tr("Chart copied to the clipboard."), InfoBar::Kind::Success);
}

void ExportActions::exportReportInteractively()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export Report"), startPath("report", "report.pdf"),
                                                      tr("PDF document (*.pdf);;HTML page (*.html)"));
    if (path.isEmpty())
        return;
    rememberFolder("report", path);
    // Hidden pages start what the report needs (the surface, a hidden Measures page's task); the report is
    // written once every result is current.
    for (Page* p : pageHooks(m_pages))
        p->prepareReport();
    m_info.showMessage(tr("Preparing the report\u2026"), InfoBar::Kind::Info);
    m_workspace.whenIdle([this, path]() {
        announceCurrentPage(m_pages); // the surface computed again only while shown
        writeReport(path);
    });
}

void ExportActions::writeReport(const QString& path)
{
    ReportParts parts;
    for (Page* p : pageHooks(m_pages))
        p->addToReport(parts);
    if (attempt(m_info, tr("Could not write the report: %1"),
                [&] { exportReport(path, m_workspace, parts.charts, parts.sections, parts.comparison); }))
        m_info.showMessage(tr("Report written to %1").arg(path.toHtmlEscaped()), InfoBar::Kind::Success);
}

} // namespace rr::ui
