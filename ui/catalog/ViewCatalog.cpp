#include "ui/catalog/ViewCatalog.h"

#include "ui/baskets/BasketsHeadless.h"
#include "ui/comparison/ComparisonHeadless.h"
#include "ui/measures/MeasuresHeadless.h"
#include "ui/views/AnalysisHeadless.h"
#include "ui/withoutp/WithoutPHeadless.h"

#include <QCoreApplication>

#include <algorithm>

namespace rr::ui {

std::vector<ViewDescriptor> viewCatalog()
{
    const auto tr = [](const char* text) { return QCoreApplication::translate("rr::ui::ViewCatalog", text); };
    using S = WorkflowStep;
    std::vector<ViewDescriptor> views{
        {"data", tr("Data"), {}, S::Data, {}},
        {"distribution", tr("Distribution"), {}, S::Utility, {"distribution"}, exportAnalysisChart},
        {"intervals", tr("Intervals vs p"), {}, S::Utility, {"intervals"}, exportAnalysisChart},
        {"risk", tr("Risk"), {}, S::Risk, {"risk", "reidentification"}, exportAnalysisChart},
        {"surface", tr("Risk surface"), {}, S::Risk, {"surface"}, exportAnalysisChart},
        {"tradeoff", tr("Trade-off"), {}, S::Compare, {"tradeoff"}, exportAnalysisChart},
        {"comparison", tr("Comparison"), {}, S::Compare, {"comparison", "uncertainty"}, exportComparisonChart},
        {"release", tr("Release"), {}, S::Release, {}},
        {"measures", tr("Measures"), {}, S::Analysis, {"measures_forest", "measures_sweep"}, exportMeasuresChart},
        {"rules", tr("Rules"), {}, S::Analysis, {"rules"}, exportMeasuresChart},
        {"withoutp", tr("Without p"), {}, S::Analysis, {"withoutp"}, exportWithoutPChart},
        {"baskets", tr("Baskets"), {}, S::Baskets, {"basket-breach", "basket-supports", "basket-mining", "basket-privacy"},
         exportBasketsChart},
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
    const auto tr = [](const char* text) { return QCoreApplication::translate("rr::ui::ViewCatalog", text); };
    using S = WorkflowStep;
    return {
        {S::Data, "data", tr("Data"),
         tr("Data: the records as they were read. Check the columns and values, then choose the roles."), S::Data,
         false},
        {S::Roles, "roles", tr("Roles"),
         tr("Roles: mark what an attacker may already know about a person (quasi-identifiers) and the one attribute "
            "to protect (sensitive) in the Attributes panel. Next: protect."),
         S::Data, false},
        {S::Protect, "protect", tr("Protect"),
         tr("Protect: choose the target l (an attacker guesses the sensitive value with probability at most 1/l) "
            "and press Optimize, or move the sliders. Next: check the utility."),
         S::Risk, false},
        {S::Utility, "utility", tr("Utility"),
         tr("Utility: how precisely analysts can still estimate the original counts from the release. Next: "
            "check the risk."),
         S::Utility, false},
        {S::Risk, "risk", tr("Risk"),
         tr("Risk: how well an attacker who knows a person's quasi-identifiers can guess the sensitive value. "
            "Next: compare."),
         S::Risk, false},
        {S::Compare, "compare", tr("Compare"),
         tr("Compare: utility against risk for every target l, and against generalization and anatomy. Next: "
            "release."),
         S::Compare, false},
        {S::Release, "release", tr("Release"),
         tr("Release: what will be written at these p. Review it, then write the randomized table with its notes."),
         S::Release, false},
        {S::Analysis, "analysis", tr("Analysis"),
         tr("Analysis: what analysts can still learn from the release: association measures, rules, and what "
            "survives when p is kept secret."),
         S::Analysis, true},
        {S::Baskets, "baskets", tr("Baskets"),
         tr("Baskets: randomize market baskets (the items each customer bought), another kind of data with its "
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
