#include "ui/comparison/ComparisonPage.h"

#include "core/session/SessionJson.h"
#include "ui/comparison/MeasureBarChart.h"
#include "ui/comparison/UncertaintyHeatMap.h"
#include "ui/document/Workspace.h"
#include "ui/session/AnalysisState.h"
#include "ui/import/BundledData.h"

namespace rr::ui {

ComparisonPage::ComparisonPage(AnalysisState* state, Workspace* workspace, QWidget* parent)
    : ComparisonView(parent), m_state(state), m_workspace(workspace)
{
    connect(workspace, &Workspace::tableLoaded, this, &ComparisonPage::followTable);
    connect(workspace, &Workspace::analysisReady, this, &ComparisonPage::followAnalysis);
    connect(workspace, &Workspace::analysisCleared, this, &ComparisonPage::followAnalysis);
    connect(workspace, &Workspace::savedComparisonRestored, this, &ComparisonView::restoreResult);
}

// The bundled sample comes with its ARX hierarchies; other data keeps a folder the user chose, but not the
// sample's (its hierarchies would not fit).
void ComparisonPage::followTable()
{
    const QString sampleHierarchies = bundledHierarchyDir();
    if (isBundledSample(m_state->dataPaths()))
        setHierarchyFolder(sampleHierarchies);
    else if (!sampleHierarchies.isEmpty() && hierarchyFolder() == sampleHierarchies)
        setHierarchyFolder(QString());
}

// The loaded table and the analysis's roles and missing-value policy: the comparison selects the same records
// as every other view, in its own worker. Unchanged input keeps its results.
void ComparisonPage::followAnalysis()
{
    const auto a = m_workspace->analysis();
    setInput(a ? m_workspace->source() : nullptr, a ? a->spec : AnalysisSpec{});
}

QList<BackgroundTask*> ComparisonPage::watchedTasks() const
{
    return {task()};
}

void ComparisonPage::stopWork()
{
    cancel();
}

QList<PageCommand> ComparisonPage::commands()
{
    return {{tr("&Compare with l-Diversity and Anatomy"), QKeySequence("Ctrl+Shift+L"),
             tr("Release with l-diversity, t-closeness, anatomy and RR-QI at \u03C4 = 1/l and compare them"),
             [this]() { run(); }}};
}

// Both charts go in, whichever is shown, with the table of the result.
void ComparisonPage::addToReport(ReportParts& parts)
{
    ComparisonView::addToReport(parts);
    for (ChartView* c : {static_cast<ChartView*>(barChart()), static_cast<ChartView*>(heatMap())})
        if (!parts.charts.contains(c))
            parts.charts << c;
    parts.comparison = result();
}

// The comparison's input is the analysis's records and roles.
void ComparisonPage::addToSession(SessionData& session, const Workspace& workspace) const
{
    if (const auto a = workspace.analysis())
        session.comparison = savedResult(inputsOf(*a));
}

} // namespace rr::ui
