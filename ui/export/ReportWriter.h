#pragma once
// A report of the current analysis: data summary, roles, parameters with epsilon, the risk
// summary, utility, the comparison as a table, and the current charts, each with a heading, the
// parameters it was drawn at and a caption in words. HTML (charts embedded as PNG) or PDF (charts
// drawn as vectors, scaled to the page's width with their aspect kept), by extension.
#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace rr {
struct ComparisonRun;
}

namespace rr::ui {

class ChartView;
class Workspace;

// One chart of the report with its texts.
struct ReportChart {
    ChartView* view = nullptr;
    QString heading;    // what it is ("Attribute disclosure risk per record")
    QString caption;    // what it shows, in words
    QString parameters; // mode, p and epsilon per attribute (the comparison's l range and model)
};

// The charts that have data, with their texts; `comparison` (may be null) gives the comparison
// charts' parameters.
QList<ReportChart> reportCharts(const Workspace& workspace, const QList<ChartView*>& charts,
                                const std::shared_ptr<const ComparisonRun>& comparison = nullptr);
// The report's text part as HTML (open <body>, no charts): data, roles, parameters, risk, utility,
// `sections` (e.g. the Measures and Rules views' tables), then the comparison table when given.
QString reportTextHtml(const Workspace& workspace, const QStringList& sections = {},
                       const std::shared_ptr<const ComparisonRun>& comparison = nullptr);
// The report as HTML; images are referenced as "chart-NAME.png" or embedded as data URIs.
QString reportHtml(const Workspace& workspace, const QList<ChartView*>& charts, bool embedImages,
                   const QStringList& sections = {}, const std::shared_ptr<const ComparisonRun>& comparison = nullptr);
// A4 PDF: the text paginated, then the charts inside the 15 mm margins, never split across pages.
QByteArray reportPdf(const QString& textHtml, const QList<ReportChart>& charts);
// Writes .html or .pdf (atomically). Throws rr::InputError naming the problem.
void exportReport(const QString& path, const Workspace& workspace, const QList<ChartView*>& charts,
                  const QStringList& sections = {}, const std::shared_ptr<const ComparisonRun>& comparison = nullptr);

} // namespace rr::ui
