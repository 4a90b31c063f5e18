#include "ui/mainwindow/StepGuide.h"

#include "core/optimization/OptimalParameters.h"
#include "core/risk/RandomizationMode.h"
#include "ui/charts/ChartStyle.h"
#include "ui/document/Workspace.h"
#include "ui/session/AnalysisState.h"

#include <algorithm>

namespace rr::ui {

StepGuide::StepGuide(Workspace* workspace, QObject* parent) : QObject(parent), m_workspace(workspace)
{
    AnalysisState* state = workspace->state();
    for (auto signal : {&Workspace::tableLoaded, &Workspace::analysisReady, &Workspace::analysisCleared})
        connect(workspace, signal, this, [this]() {
            m_unreachable.reset(); // another table or other roles: the old verdict says nothing
            emit changed();
        });
    connect(workspace, &Workspace::optimizationFinished, this, &StepGuide::noteOptimization);
    connect(workspace, &Workspace::liveUpdated, this, &StepGuide::changed); // the risk at these p
    connect(state, &AnalysisState::parametersChanged, this, [this]() {
        forgetStaleTarget();
        emit changed();
    });
    connect(state, &AnalysisState::specChanged, this, &StepGuide::changed);
}

void StepGuide::noteOptimization(const OptimizationResult& result, RandomizationMode mode)
{
    m_unreachable.reset();
    if (!result.feasible) {
        const QString l = QString::number(1.0 / result.tau, 'g', 4);
        QString why = result.blockingRecords > 0
                          ? tr("%1 cannot reach l = %2: %3 records keep a risk at or above 1/%2 for every p.")
                                .arg(style::modeName(mode), l, style::count(result.blockingRecords))
                          : tr("%1 cannot reach l = %2: the lowest largest risk it reaches is %3.")
                                .arg(style::modeName(mode), l)
                                .arg(result.lowestMaxRisk, 0, 'f', 3);
        m_unreachable = Unreachable{result.tau, static_cast<int>(mode), why};
    }
    emit changed();
}

void StepGuide::forgetStaleTarget()
{
    const AnalysisState* state = m_workspace->state();
    if (m_unreachable && (m_unreachable->tau != state->tau() || m_unreachable->mode != static_cast<int>(state->mode())))
        m_unreachable.reset();
}

QString StepGuide::analysisMissing() const
{
    if (!m_workspace->source())
        return tr("no data opened yet. Open a CSV, SPSS, Stata or SAS file (File \u203A Open Data), a database or the Adult sample.");
    const AnalysisSpec& spec = m_workspace->state()->spec();
    if (spec.sensitive.empty())
        return tr("no sensitive attribute chosen. In Roles, mark the attribute to protect as sensitive.");
    if (spec.quasiIdentifiers.empty())
        return tr("no quasi-identifier chosen. In Roles, mark what an attacker may know as QI.");
    if (!m_workspace->analysis())
        return tr("the analysis is not ready yet: it is being prepared, or the message below says why it failed.");
    return {};
}

StepStatus StepGuide::status(WorkflowStep step) const
{
    const StepDescriptor d = stepDescriptor(step);
    const auto notReady = [&d](const QString& why) { return StepStatus{false, tr("%1: %2").arg(d.title, why)}; };
    if (step == WorkflowStep::Baskets) // its own data, opened in its own workspace
        return {true, d.purpose};
    if (step == WorkflowStep::Data) {
        if (!m_workspace->source())
            return notReady(analysisMissing());
        return {true, d.purpose};
    }
    if (const QString missing = analysisMissing(); !missing.isEmpty())
        return notReady(missing);
    if (step == WorkflowStep::Protect && m_unreachable)
        return notReady(m_unreachable->why + ' ' +
                        tr("The message below says which groups block it, the largest l each mode reaches and what would change it."));
    if (step == WorkflowStep::Release) {
        const std::vector<double> p = m_workspace->effectiveP();
        if (std::all_of(p.begin(), p.end(), [](double x) { return x >= 1.0; }))
            return notReady(tr("nothing to release yet: every p is 1, so the table would leave unchanged. Set p "
                               "below 1 in Protect (Optimize) first."));
        const auto live = m_workspace->lastLive();
        const double tau = m_workspace->state()->tau();
        if (live && !meetsThreshold(live->maxRisk, tau))
            return notReady(tr("the largest risk at these p, %1, is above the target 1/l = %2. Protect first "
                               "(Optimize), or review the release knowing it.")
                                .arg(live->maxRisk, 0, 'f', 3)
                                .arg(tau, 0, 'f', 3));
    }
    return {true, d.purpose};
}

} // namespace rr::ui
