#pragma once
// Undo commands for parameter changes (Qt's undo framework).
#include "ui/session/AnalysisState.h"

#include <QUndoCommand>

#include <functional>
#include <string>

namespace rr::ui {

class SetRetentionsCommand : public QUndoCommand {
public:
    // gesture >= 0: consecutive commands of the same gesture on the same attributes merge.
    SetRetentionsCommand(AnalysisState* state, std::map<std::string, double> values, const QString& text,
                         int gesture = -1);
    void redo() override;
    void undo() override;
    int id() const override { return m_gesture >= 0 ? 1 : -1; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    AnalysisState* m_state;
    std::map<std::string, double> m_before, m_after;
    int m_gesture;
};

class SetModeCommand : public QUndoCommand {
public:
    SetModeCommand(AnalysisState* state, RandomizationMode mode);
    void redo() override { m_state->applyMode(m_after); }
    void undo() override { m_state->applyMode(m_before); }

private:
    AnalysisState* m_state;
    RandomizationMode m_before, m_after;
};

class SetTauCommand : public QUndoCommand {
public:
    SetTauCommand(AnalysisState* state, double tau);
    void redo() override { m_state->applyTau(m_after); }
    void undo() override { m_state->applyTau(m_before); }

private:
    AnalysisState* m_state;
    double m_before, m_after;
};

class SetSpecCommand : public QUndoCommand {
public:
    SetSpecCommand(AnalysisState* state, AnalysisSpec spec);
    void redo() override { m_state->applySpec(m_after); }
    void undo() override { m_state->applySpec(m_before); }

private:
    AnalysisState* m_state;
    AnalysisSpec m_before, m_after;
};

// A column renamed (issue 20, bug 13): `apply(from, to)` reads the data again under the new name and moves
// the choices that named it; undo applies the opposite rename.
class RenameAttributeCommand : public QUndoCommand {
public:
    using Apply = std::function<void(const std::string& from, const std::string& to)>;
    RenameAttributeCommand(Apply apply, std::string from, std::string to);
    void redo() override { m_apply(m_from, m_to); }
    void undo() override { m_apply(m_to, m_from); }

private:
    Apply m_apply;
    std::string m_from, m_to;
};

} // namespace rr::ui
