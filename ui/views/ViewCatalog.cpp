#include "ui/views/ViewCatalog.h"

#include <QCoreApplication>

namespace rr::ui {

std::vector<ViewDescriptor> viewCatalog()
{
    const auto tr = [](const char* text) { return QCoreApplication::translate("rr::ui::ViewCatalog", text); };
    using S = WorkflowStep;
    std::vector<ViewDescriptor> views{
        {"data", tr("Data"), {}, S::Data, {}},
        {"distribution", tr("Distribution"), {}, S::Utility, {"distribution"}},
        {"risk", tr("Risk"), {}, S::Risk, {"risk"}},
        {"surface", tr("Risk surface"), {}, S::Risk, {"surface"}},
        {"intervals", tr("Intervals vs p"), {}, S::Utility, {"intervals"}},
        {"tradeoff", tr("Trade-off"), {}, S::Compare, {"tradeoff"}},
        {"comparison", tr("Comparison"), {}, S::Compare, {"comparison", "uncertainty"}},
        {"measures", tr("Measures"), {}, S::Analysis, {"measures_forest", "measures_sweep"}},
        {"rules", tr("Rules"), {}, S::Analysis, {"rules"}},
        {"withoutp", tr("Without p"), {}, S::Analysis, {"withoutp"}},
        {"baskets", tr("Baskets"), {}, S::Baskets, {"basket-breach", "basket-supports", "basket-mining", "basket-privacy"}},
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

} // namespace rr::ui
