#pragma once
// A report of the current analysis: data summary, roles, parameters with epsilon, the risk
// summary, utility, and the current charts. HTML (charts embedded as PNG) or PDF, by extension.
#include <QList>
#include <QString>
#include <QStringList>

namespace rr::ui {

class ChartView;
class Workspace;

// The report as HTML; images are referenced as "chart-NAME.png" or embedded as data URIs.
// `sections`: further HTML sections (e.g. the Measures and Rules views' tables), before the charts.
QString reportHtml(const Workspace& workspace, const QList<ChartView*>& charts, bool embedImages,
                   const QStringList& sections = {});
// Writes .html or .pdf (atomically). Throws rr::InputError naming the problem.
void exportReport(const QString& path, const Workspace& workspace, const QList<ChartView*>& charts,
                  const QStringList& sections = {});

} // namespace rr::ui
