#include "ui/catalog/ViewCatalog.h"

#include "ui/baskets/BasketsHeadless.h"
#include "ui/baskets/BasketsView.h"
#include "ui/comparison/ComparisonHeadless.h"
#include "ui/comparison/ComparisonPage.h"
#include "ui/mainwindow/DataPage.h"
#include "ui/measures/MeasuresHeadless.h"
#include "ui/measures/MeasuresView.h"
#include "ui/measures/RulesView.h"
#include "ui/release/ReleaseStepPage.h"
#include "ui/views/AnalysisHeadless.h"
#include "ui/views/DistributionView.h"
#include "ui/views/IntervalsView.h"
#include "ui/views/ModelLossView.h"
#include "ui/views/RiskView.h"
#include "ui/views/SurfaceView.h"
#include "ui/views/TradeOffView.h"
#include "ui/withoutp/WithoutPHeadless.h"
#include "ui/withoutp/WithoutPView.h"

#include <QCoreApplication>

#include <algorithm>

namespace rr::ui {
namespace {
// The catalog's texts are translated under the context "rr::ui::ViewCatalog"; lupdate files them under it
// through this class (a tr() of a free function would get the namespace's).
struct CatalogText {
    Q_DECLARE_TR_FUNCTIONS(rr::ui::ViewCatalog)
};
} // namespace

std::vector<ViewDescriptor> viewCatalog()
{
    using S = WorkflowStep;
    std::vector<ViewDescriptor> views{
        {"data", CatalogText::tr("Data"), {}, S::Data, makePage<DataPage>, {}},
        {"distribution", CatalogText::tr("Distribution"), {}, S::Utility, makePage<DistributionView>, {"distribution"},
         exportAnalysisChart},
        {"intervals", CatalogText::tr("Intervals vs p"), {}, S::Utility, makePage<IntervalsView>, {"intervals"},
         exportAnalysisChart},
        {"models", CatalogText::tr("Analyst's model"), {}, S::Utility, ModelLossView::create, {}},
        {"risk", CatalogText::tr("Risk"), {}, S::Risk, makePage<RiskView>, {"risk", "reidentification"},
         exportAnalysisChart},
        {"surface", CatalogText::tr("Risk surface"), {}, S::Risk, SurfaceView::create, {"surface"},
         exportAnalysisChart},
        {"tradeoff", CatalogText::tr("Trade-off"), {}, S::Compare, makePage<TradeOffView>, {"tradeoff"},
         exportAnalysisChart},
        {"comparison", CatalogText::tr("Comparison"), {}, S::Compare, makePage<ComparisonPage>,
         {"comparison", "uncertainty"}, exportComparisonChart},
        {"release", CatalogText::tr("Release"), {}, S::Release, ReleaseStepPage::create, {}},
        {"measures", CatalogText::tr("Measures"), {}, S::Analysis, makePage<MeasuresView>,
         {"measures_forest", "measures_sweep"}, exportMeasuresChart},
        {"rules", CatalogText::tr("Rules"), {}, S::Analysis, makePage<RulesView>, {"rules"}, exportMeasuresChart},
        {"withoutp", CatalogText::tr("Without p"), {}, S::Analysis, makePage<WithoutPView>, {"withoutp"},
         exportWithoutPChart},
        {"baskets", CatalogText::tr("Baskets"), {}, S::Baskets, makeStandalonePage<BasketsView>,
         {"basket-breach", "basket-supports", "basket-mining", "basket-privacy"}, exportBasketsChart},
    };
    // Ctrl+1 .. Ctrl+9 by position (the Data page is Ctrl+1).
    for (std::size_t i = 0; i < views.size() && i < 9; ++i)
        views[i].shortcut = QString("Ctrl+%1").arg(i + 1);
    return views;
}

const ViewDescriptor* findView(const std::vector<ViewDescriptor>& catalog, const QString& name)
{
    for (const ViewDescriptor& d : catalog)
        if (d.name == name)
            return &d;
    return nullptr;
}

const ViewDescriptor* viewOfChart(const std::vector<ViewDescriptor>& catalog, const QString& chart)
{
    for (const ViewDescriptor& d : catalog)
        if (d.exportNames.contains(chart))
            return &d;
    return nullptr;
}

QStringList exportableChartNames()
{
    QStringList names;
    for (const ViewDescriptor& d : viewCatalog())
        names += d.exportNames;
    return names;
}

std::vector<StepDescriptor> workflowSteps()
{
    using S = WorkflowStep;
    return {
        {S::Data, "data", CatalogText::tr("Data"),
         CatalogText::tr("Data: the records as they were read. Check the columns and values, then choose the roles."), S::Data,
         false},
        {S::Roles, "roles", CatalogText::tr("Roles"),
         CatalogText::tr("Roles: mark what an attacker may already know about a person (quasi-identifiers) and the one attribute "
            "to protect (sensitive) in the Attributes panel. Next: protect."),
         S::Data, false},
        {S::Protect, "protect", CatalogText::tr("Protect"),
         CatalogText::tr("Protect: choose the target l (an attacker guesses the sensitive value with probability at most 1/l) "
            "and press Optimize, or move the sliders. Next: check the utility."),
         S::Risk, false},
        {S::Utility, "utility", CatalogText::tr("Utility"),
         CatalogText::tr("Utility: how precisely analysts can still estimate the original counts from the release. Next: "
            "check the risk."),
         S::Utility, false},
        {S::Risk, "risk", CatalogText::tr("Risk"),
         CatalogText::tr("Risk: how well an attacker who knows a person's quasi-identifiers can guess the sensitive value. "
            "Next: compare."),
         S::Risk, false},
        {S::Compare, "compare", CatalogText::tr("Compare"),
         CatalogText::tr("Compare: utility against risk for every target l, and against generalization and anatomy. Next: "
            "release."),
         S::Compare, false},
        {S::Release, "release", CatalogText::tr("Release"),
         CatalogText::tr("Release: what will be written at these p. Review it, then write the randomized table with its notes."),
         S::Release, false},
        {S::Analysis, "analysis", CatalogText::tr("Analysis"),
         CatalogText::tr("Analysis: what analysts can still learn from the release: association measures, rules, and what "
            "survives when p is kept secret."),
         S::Analysis, true},
        {S::Baskets, "baskets", CatalogText::tr("Baskets"),
         CatalogText::tr("Baskets: randomize market baskets (the items each customer bought), another kind of data with its "
            "own parameters."),
         S::Baskets, true},
    };
}

StepDescriptor stepDescriptor(WorkflowStep step)
{
    const auto steps = workflowSteps();
    return *std::find_if(steps.begin(), steps.end(), [step](const StepDescriptor& d) { return d.step == step; });
}

QStringList viewsOfStep(const std::vector<ViewDescriptor>& catalog, WorkflowStep step)
{
    const WorkflowStep from = stepDescriptor(step).borrows;
    QStringList names;
    for (const ViewDescriptor& d : catalog)
        if (d.step == from)
            names << d.name;
    if (from != step && names.size() > 1) // a borrowed step shows the other step's first page only
        names = names.mid(0, 1);
    return names;
}

} // namespace rr::ui
