#pragma once
// What the user chose: data files, roles, missing policy, mode, p per attribute, target l, and
// the views' choices. Every parameter change goes through the undo stack.
#include "core/analysis/AnalysisSpec.h"
#include "core/risk/DisclosureRisk.h"
#include "core/session/ViewChoices.h"

#include <QObject>
#include <QStringList>
#include <QUndoStack>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace rr::ui {

class AnalysisState : public QObject {
    Q_OBJECT
public:
    explicit AnalysisState(QObject* parent = nullptr);

    QUndoStack* undoStack() { return &m_undo; }

    // Data files (one table); set by restore() when a table is opened, never undone.
    QStringList dataPaths() const { return m_dataPaths; }

    const AnalysisSpec& spec() const { return m_spec; }
    RandomizationMode mode() const { return m_mode; }
    double tau() const { return m_tau; }
    double l() const { return 1.0 / m_tau; }
    // The stored p of an attribute (1 when never set).
    double retention(const std::string& attribute) const;
    const std::map<std::string, double>& retentions() const { return m_p; }
    const ViewChoices& view() const { return m_view; }

    // Undoable changes. `gesture` >= 0 merges consecutive changes of one slider drag into one step.
    void setRetention(const std::string& attribute, double p, int gesture = -1);
    void setRetentions(const std::map<std::string, double>& values, const QString& text);
    void setMode(RandomizationMode mode);
    void setTau(double tau);
    void setSpec(const AnalysisSpec& spec);
    // p = 1 for every attribute (one undo step).
    void resetParameters();

    // Not undoable.
    void setView(const ViewChoices& view);
    // A slider is being dragged: live frames leave their slowest part (the re-identification risk) for
    // the end of the gesture. Not part of the analysis, never saved.
    void setAdjusting(bool adjusting);
    bool adjusting() const { return m_adjusting; }
    // Replaces everything (session load, new table) and clears the undo history.
    void restore(const QStringList& dataPaths, const AnalysisSpec& spec, RandomizationMode mode,
                 const std::map<std::string, double>& p, double tau, const ViewChoices& view);

    // Applied by the undo commands (no history).
    void applyRetentions(const std::map<std::string, double>& values);
    void applyMode(RandomizationMode mode);
    void applyTau(double tau);
    void applySpec(const AnalysisSpec& spec);
    // A column renamed (issue 20, bug 13): roles, p and the views' choices naming `from` name `to`.
    void applyRename(const std::string& from, const std::string& to);

signals:
    void specChanged();       // roles or missing policy: the analysis must be prepared again
    void parametersChanged(); // p, mode or tau
    void viewChanged();
    void adjustingChanged(bool adjusting);

private:
    QUndoStack m_undo;
    QStringList m_dataPaths;
    AnalysisSpec m_spec;
    RandomizationMode m_mode = RandomizationMode::QI;
    double m_tau = 1.0 / 3.0;
    std::map<std::string, double> m_p;
    ViewChoices m_view;
    bool m_adjusting = false;
};

} // namespace rr::ui
