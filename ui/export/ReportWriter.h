#pragma once
// A report of the current analysis: data summary, roles, parameters with epsilon, the risk
// summary, utility, and the current charts. HTML (charts embedded as PNG) or PDF, by extension.
#include <QList>
#include <QString>

namespace rr::ui {

class ChartView;
class Workspace;

// The report as HTML; images are referenced as "chart-NAME.png" or embedded as data URIs.
QString reportHtml(const Workspace& workspace, const QList<ChartView*>& charts, bool embedImages);
// Writes .html or .pdf (atomically). Throws rr::InputError naming the problem.
void exportReport(const QString& path, const Workspace& workspace, const QList<ChartView*>& charts);

} // namespace rr::ui
