#include "ui/mainwindow/StatusSummary.h"

#include "core/risk/RandomizationMode.h"
#include "ui/charts/ChartStyle.h"
#include "ui/document/Workspace.h"
#include "ui/mainwindow/ElidingLabel.h"
#include "ui/session/AnalysisState.h"

#include <QStatusBar>

namespace rr::ui {

StatusSummary::StatusSummary(const AnalysisState& state, const Workspace& workspace, QStatusBar* bar)
    : QObject(bar), m_state(state), m_workspace(workspace), m_rows(new ElidingLabel), m_cells(new ElidingLabel),
      m_risk(new ElidingLabel)
{
    bar->addWidget(m_rows);
    bar->addWidget(m_cells);
    bar->addWidget(m_risk);
}

void StatusSummary::update()
{
    const auto source = m_workspace.source();
    const auto a = m_workspace.analysis();
    if (!source) {
        m_rows->setFullText(tr("No table open"));
        m_cells->setFullText({});
        m_risk->setFullText({});
        return;
    }
    // Where the records come from (a file, a database table) first: the title bar may not be in view.
    const QFontMetrics metrics = m_rows->fontMetrics();
    const QString where = metrics.elidedText(QString::fromStdString(source->description()), Qt::ElideMiddle,
                                             metrics.horizontalAdvance(QString(48, 'x')));
    if (a)
        m_rows->setFullText(tr("%1 \u00B7 rows %2 \u00B7 dropped %3 \u00B7 analysed %4")
                                .arg(where, style::count(static_cast<double>(a->loadedRows)),
                                     style::count(static_cast<double>(a->droppedRows)), style::count(a->records)));
    else
        m_rows->setFullText(
            tr("%1 \u00B7 rows %2").arg(where, style::count(static_cast<double>(source->summary().rows))));
    m_cells->setFullText(a ? tr("Cells D = %1").arg(style::count(static_cast<double>(a->joint.cellCount())))
                           : QString());
    showRisk();
    // Squeezed by a task's progress, a label ends in "…": the whole line stays in the tooltips.
    m_rows->setToolTip(QString::fromStdString(source->description()) + "\n" + m_rows->fullText());
    m_cells->setToolTip(m_cells->fullText());
    m_risk->setToolTip(m_risk->fullText());
}

void StatusSummary::showRisk()
{
    const auto live = m_workspace.lastLive();
    if (!m_workspace.analysis() || !live) {
        m_risk->setFullText({});
        return;
    }
    const bool ok = meetsThreshold(live->maxRisk, m_state.tau());
    m_risk->setFullText(tr("Max risk %1 %2 \u03C4 = %3")
                            .arg(live->maxRisk, 0, 'f', 4)
                            .arg(ok ? "\u2264" : ">")
                            .arg(m_state.tau(), 0, 'f', 3));
    m_risk->setStyleSheet(ok ? "color:#1a7f37;" : "color:#b03a00; font-weight:bold;");
}

} // namespace rr::ui
