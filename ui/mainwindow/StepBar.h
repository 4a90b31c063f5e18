#pragma once
// The owner's path as a row of checkable buttons (Data > Roles > ... > Release | Analysis | Baskets), built
// from the view catalog's steps. A step that is not ready is marked (and still clickable: the window's step
// line says why). Keyboard: Tab reaches the bar, the arrow keys move between steps.
#include "ui/mainwindow/StepGuide.h"
#include "ui/catalog/ViewCatalog.h"

#include <QHash>
#include <QWidget>

class QToolButton;

namespace rr::ui {

class StepBar : public QWidget {
    Q_OBJECT
public:
    explicit StepBar(QWidget* parent = nullptr);

    WorkflowStep currentStep() const { return m_current; }
    // Checks the step's button (no stepChosen).
    void setCurrentStep(WorkflowStep step);
    void setStatus(WorkflowStep step, const StepStatus& status);
    QToolButton* button(WorkflowStep step) const { return m_buttons.value(static_cast<int>(step)); }
    // The steps in the bar's order.
    QList<WorkflowStep> steps() const { return m_order; }

signals:
    void stepChosen(rr::ui::WorkflowStep step);

private:
    QHash<int, QToolButton*> m_buttons;
    QList<WorkflowStep> m_order;
    WorkflowStep m_current = WorkflowStep::Data;
};

} // namespace rr::ui
