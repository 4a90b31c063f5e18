#pragma once
// The table workspace's two docks, Parameters and Attributes: built beside the pages, raised and marked on the
// steps that work in them (Roles, Protect), hidden while Baskets (a workspace of its own) is shown and back as
// they were after, the Attributes column wide enough for whole names.
#include "ui/catalog/ViewCatalog.h"

#include <QHash>
#include <QObject>

class QDockWidget;
class QMainWindow;

namespace rr::ui {

class AnalysisState;
class AttributePanel;
class ParameterPanel;
class Workspace;

class TablePanels : public QObject {
    Q_OBJECT
public:
    TablePanels(QMainWindow& window, AnalysisState& state, Workspace& workspace);

    ParameterPanel* parameters() const { return m_parameters; }
    AttributePanel* attributes() const { return m_attributes; }

    // Shown unless the step is Baskets; the step's own panel raised and marked.
    void followStep(WorkflowStep step);
    void setShown(bool shown);
    // Wide enough for whole attribute names, never more than 45% of the window.
    void widenAttributes();
    // First start (nothing saved): a comfortable left column, once the window is laid out.
    void firstStartLayout();

private:
    QDockWidget* addDock(const QString& title, const QString& name, QWidget* panel);

    QMainWindow& m_window;
    ParameterPanel* m_parameters;
    AttributePanel* m_attributes;
    QDockWidget* m_parametersDock;
    QDockWidget* m_attributesDock;
    bool m_hiddenForBaskets = false;
    QHash<QDockWidget*, bool> m_beforeBaskets; // each panel's visibility when Baskets was shown
};

} // namespace rr::ui
