#include "ui/session/AnalysisState.h"

#include "core/session/AttributeRename.h"
#include "ui/undo/UndoCommands.h"

#include <cmath>

namespace rr::ui {

AnalysisState::AnalysisState(QObject* parent) : QObject(parent) {}

double AnalysisState::retention(const std::string& attribute) const
{
    const auto it = m_p.find(attribute);
    return it == m_p.end() ? 1.0 : it->second;
}

void AnalysisState::setRetention(const std::string& attribute, double p, int gesture)
{
    if (retention(attribute) == p)
        return;
    m_undo.push(new SetRetentionsCommand(
        this, {{attribute, p}}, tr("p(%1) = %2").arg(QString::fromStdString(attribute)).arg(p, 0, 'f', 3), gesture));
}

void AnalysisState::setRetentions(const std::map<std::string, double>& values, const QString& text)
{
    bool changed = false;
    for (const auto& [name, p] : values)
        changed = changed || retention(name) != p;
    if (changed)
        m_undo.push(new SetRetentionsCommand(this, values, text));
}

void AnalysisState::setMode(RandomizationMode mode)
{
    if (mode != m_mode)
        m_undo.push(new SetModeCommand(this, mode));
}

void AnalysisState::setTau(double tau)
{
    if (std::isfinite(tau) && tau > 0 && tau <= 1 && std::abs(tau - m_tau) > 1e-12)
        m_undo.push(new SetTauCommand(this, tau));
}

void AnalysisState::setSpec(const AnalysisSpec& spec)
{
    if (!(spec == m_spec))
        m_undo.push(new SetSpecCommand(this, spec));
}

void AnalysisState::resetParameters()
{
    std::map<std::string, double> ones;
    for (const auto& [name, p] : m_p)
        ones[name] = 1.0;
    setRetentions(ones, tr("Reset parameters"));
}

void AnalysisState::setView(const ViewChoices& view)
{
    if (view == m_view)
        return;
    m_view = view;
    emit viewChanged();
}

void AnalysisState::restore(const QStringList& dataPaths, const AnalysisSpec& spec, RandomizationMode mode,
                            const std::map<std::string, double>& p, double tau, const ViewChoices& view)
{
    m_undo.clear();
    const bool specChange = !(spec == m_spec);
    m_dataPaths = dataPaths;
    m_spec = spec;
    m_mode = mode;
    m_p = p;
    m_tau = tau;
    m_view = view;
    if (specChange)
        emit specChanged();
    emit parametersChanged();
    emit viewChanged();
}

void AnalysisState::applyRetentions(const std::map<std::string, double>& values)
{
    for (const auto& [name, p] : values)
        m_p[name] = p;
    emit parametersChanged();
}

void AnalysisState::applyMode(RandomizationMode mode)
{
    m_mode = mode;
    emit parametersChanged();
}

void AnalysisState::applyTau(double tau)
{
    m_tau = tau;
    emit parametersChanged();
}

void AnalysisState::applySpec(const AnalysisSpec& spec)
{
    m_spec = spec;
    emit specChanged();
}

void AnalysisState::applyRename(const std::string& from, const std::string& to)
{
    renameAttribute(m_spec, from, to);
    renameAttribute(m_p, from, to);
    renameAttribute(m_view, from, to);
    emit specChanged();
    emit parametersChanged();
    emit viewChanged();
}

void AnalysisState::setAdjusting(bool adjusting)
{
    if (adjusting == m_adjusting)
        return;
    m_adjusting = adjusting;
    emit adjustingChanged(adjusting);
}

} // namespace rr::ui
