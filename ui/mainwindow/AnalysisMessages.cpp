#include "ui/mainwindow/AnalysisMessages.h"

#include "core/optimization/OptimalParameters.h"
#include "ui/charts/ChartStyle.h"
#include "ui/document/Workspace.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/session/AnalysisState.h"
#include "ui/texts/Citations.h"
#include "ui/session/DatabaseChoice.h"

#include <QSettings>
#include <QStringList>

namespace rr::ui {
namespace {
// What the optimization and roles messages state (InfoBar::setTopic): a change of the mode, l or the roles
// makes them stale.
QString optimizationTopic(const AnalysisState& state)
{
    return QString("optimization %1 %2").arg(static_cast<int>(state.mode())).arg(state.tau(), 0, 'g', 12);
}

QString rolesTopic(const AnalysisSpec& spec)
{
    QStringList qi;
    for (const std::string& q : spec.quasiIdentifiers)
        qi << QString::fromStdString(q);
    return QString("roles %1|%2").arg(QString::fromStdString(spec.sensitive), qi.join(','));
}
} // namespace

AnalysisMessages::AnalysisMessages(AnalysisState& state, Workspace& workspace, InfoBar& info, QObject* parent)
    : QObject(parent), m_state(state), m_workspace(workspace), m_info(info)
{
    connect(&workspace, &Workspace::optimizationFinished, this, &AnalysisMessages::showOptimization);
    connect(&state, &AnalysisState::parametersChanged, this,
            [this]() { m_info.dismissStale("optimization", optimizationTopic(m_state)); });
    connect(&state, &AnalysisState::specChanged, this,
            [this]() { m_info.dismissStale("roles", rolesTopic(m_state.spec())); });
}

void AnalysisMessages::announceRoles(const AnalysisSpec& spec)
{
    QStringList qi;
    for (const std::string& q : spec.quasiIdentifiers)
        qi << QString::fromStdString(q);
    QString text = tr("Roles were assigned automatically: quasi-identifiers %1; sensitive %2. Change "
                      "them in the Attributes panel.")
                       .arg(qi.join(", ").toHtmlEscaped(), QString::fromStdString(spec.sensitive).toHtmlEscaped());
    // Only a name that says so or the published roles choose S; else it is a guess to check.
    if (m_workspace.defaultRolesReason() == SensitiveReason::Guessed)
        text += tr(" <b>The sensitive attribute is a guess</b> (the last column with at most %1 values): "
                   "check it before you trust the risks.")
                    .arg(kMaxDefaultSensitiveValues);
    // A file without a header row (COIL) has numbered columns: say how to name them (issue 20, bug 13).
    const CsvOptions& csv = m_workspace.csvOptions();
    if (!csv.hasHeader && csv.columnNames.empty() && !databaseFrom(m_state.dataPaths()))
        text += tr(" The file has no header row, so its columns are numbered: name them from a names file "
                   "or data dictionary (File \u203A Open Data\u2026, Column names from file) or one by one "
                   "(right-click an attribute \u203A Rename).");
    QSettings settings;
    if (!settings.value("guide/hintShown").toBool()) { // first start: what to do next
        settings.setValue("guide/hintShown", true);
        text += tr(" <b>Next:</b> set p with the sliders in Parameters, or press Optimize to find the p "
                   "whose largest risk is at most \u03C4 = 1/l; Help \u203A Guide explains the numbers.");
    }
    m_info.showMessage(text, InfoBar::Kind::Info);
    m_info.setTopic(rolesTopic(spec));
}

void AnalysisMessages::showOptimization(const OptimizationResult& r, RandomizationMode mode)
{
    if (r.feasible && m_workspace.lastAnalysisOptimum())
        showAnalysisOptimum(r);
    else if (r.feasible)
        showOptimum(r, mode);
    else
        showFailure(r, mode);
}

void AnalysisMessages::showAnalysisOptimum(const OptimizationResult& r)
{
    const auto& o = *m_workspace.lastAnalysisOptimum();
    m_info.showMessage(
        tr("<b>Optimized for this analysis</b> (%1): max risk %2 \u2264 \u03C4 = %3. At these p the analysis' "
           "variance is <b>%4</b> and the utility loss \u220F\u2016P\u1D62\u207B\u00B9\u2016\u00B2_F %5; at the "
           "least-utility-loss p they would be <b>%6</b> and %7. The sliders moved to the optimum; Ctrl+Z undoes it.")
            .arg(withoutCitations(o.description).toHtmlEscaped())
            .arg(r.maxRisk, 0, 'f', 4)
            .arg(r.tau, 0, 'f', 4)
            .arg(o.optima.forAnalysis.analysisObjective, 0, 'g', 4)
            .arg(o.optima.forAnalysis.objective, 0, 'g', 5)
            .arg(o.optima.classicAnalysisObjective, 0, 'g', 4)
            .arg(o.optima.classic.objective, 0, 'g', 5),
        InfoBar::Kind::Success);
}

void AnalysisMessages::showOptimum(const OptimizationResult& r, RandomizationMode mode)
{
    QString reid;
    if (r.reidentification) // the second bound: whether it, not tau, set p
        reid = r.reidentificationBinding
                   ? tr(" The re-identification bound set p: the largest re-identification risk is %1.")
                         .arg(r.reidentification->max, 0, 'f', 3)
                   : tr(" The largest re-identification risk, %1, is within its bound.")
                         .arg(r.reidentification->max, 0, 'f', 3);
    m_info.showMessage(tr("<b>%1 optimized for l = %2</b>: max risk %3 \u2264 \u03C4 = %4, objective "
                          "\u220F\u2016P\u1D62\u207B\u00B9\u2016\u00B2_F = %5 (%6 risk evaluations).%7 "
                          "The sliders moved to the optimum; Ctrl+Z undoes it.")
                           .arg(style::modeName(mode))
                           .arg(1.0 / r.tau, 0, 'g', 4)
                           .arg(r.maxRisk, 0, 'f', 4)
                           .arg(r.tau, 0, 'f', 4)
                           .arg(r.objective, 0, 'g', 5)
                           .arg(r.evaluations)
                           .arg(reid),
                       InfoBar::Kind::Success);
    m_info.setTopic(optimizationTopic(m_state));
}

void AnalysisMessages::showFailure(const OptimizationResult& r, RandomizationMode mode)
{
    const QString modeName = style::modeName(mode);
    QString text = tr("<b>%1 cannot reach l = %2 (\u03C4 = %3).</b> ")
                       .arg(modeName)
                       .arg(1.0 / r.tau, 0, 'g', 4)
                       .arg(r.tau, 0, 'f', 4);
    if (!r.reason.empty()) // the optimizer explains why, with the records that block it; the papers' references
        text += withoutCitations(QString::fromStdString(r.reason)).toHtmlEscaped(); // in the tooltip
    else
        text += tr("Lowest max risk any p in %1 reaches: <b>%2</b>; <b>%3 records</b> in %4 QI+S combinations stay "
                   "above \u03C4 for every p.")
                    .arg(modeName)
                    .arg(r.lowestMaxRisk, 0, 'f', 4)
                    .arg(style::count(r.blockingRecords))
                    .arg(r.blockingCells);
    if (!r.explanation.empty()) // which groups block it, what each mode reaches, the remedies (issue 46)
        text += ' ' + QString::fromStdString(r.explanation).toHtmlEscaped();
    m_info.showMessage(text, InfoBar::Kind::Warning, QString::fromStdString(r.reason));
    m_info.setTopic(optimizationTopic(m_state));
    // offered only when RR-Both is not the mode and does reach the target
    if (mode != RandomizationMode::Both && (r.bothMeetsTarget || r.explanation.empty()))
        m_info.addAction(tr("Switch to RR-Both and optimize"), [this]() { m_workspace.optimizeBoth(); });
}

} // namespace rr::ui
