#include "ui/undo/UndoCommands.h"

namespace rr::ui {

SetRetentionsCommand::SetRetentionsCommand(AnalysisState* state, std::map<std::string, double> values,
                                           const QString& text, int gesture)
    : QUndoCommand(text), m_state(state), m_after(std::move(values)), m_gesture(gesture)
{
    for (const auto& [name, p] : m_after)
        m_before[name] = state->retention(name);
}

void SetRetentionsCommand::redo()
{
    m_state->applyRetentions(m_after);
}
void SetRetentionsCommand::undo()
{
    m_state->applyRetentions(m_before);
}

bool SetRetentionsCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = dynamic_cast<const SetRetentionsCommand*>(other);
    if (!o || o->m_gesture != m_gesture || m_gesture < 0)
        return false;
    for (const auto& [name, p] : o->m_after)
        if (!m_after.count(name))
            return false;
    for (const auto& [name, p] : o->m_after)
        m_after[name] = p;
    setText(o->text());               // the label names where the drag ended, not where it began
    setObsolete(m_after == m_before); // a drag back to its start leaves no step
    return true;
}

SetModeCommand::SetModeCommand(AnalysisState* state, RandomizationMode mode)
    : QUndoCommand(QObject::tr("Mode %1").arg(QString::fromStdString(toString(mode)).toUpper())), m_state(state),
      m_before(state->mode()), m_after(mode)
{}

SetTauCommand::SetTauCommand(AnalysisState* state, double tau)
    : QUndoCommand(QObject::tr("Target \u03C4 = %1").arg(tau, 0, 'f', 3)), m_state(state), m_before(state->tau()),
      m_after(tau)
{}

SetSpecCommand::SetSpecCommand(AnalysisState* state, AnalysisSpec spec)
    : QUndoCommand(QObject::tr("Change roles")), m_state(state), m_before(state->spec()), m_after(std::move(spec))
{}

RenameAttributeCommand::RenameAttributeCommand(Apply apply, std::string from, std::string to)
    : QUndoCommand(QObject::tr("Rename %1 to %2").arg(QString::fromStdString(from), QString::fromStdString(to))),
      m_apply(std::move(apply)), m_from(std::move(from)), m_to(std::move(to))
{}

} // namespace rr::ui
