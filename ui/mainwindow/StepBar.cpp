#include "ui/mainwindow/StepBar.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace rr::ui {

StepBar::StepBar(QWidget* parent) : QWidget(parent)
{
    setObjectName("stepBar");
    setAccessibleName(tr("Steps"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(2);
    // Not ready: amber italic text, still a normal button (clickable; the step line says why).
    setStyleSheet("QToolButton { padding: 3px 9px; border: 1px solid transparent; border-radius: 3px; }"
                  "QToolButton:hover { border-color: #9bbcd6; }"
                  "QToolButton:focus { border-color: #0072B2; }"
                  "QToolButton:checked { background: #0072B2; color: white; font-weight: bold; }"
                  "QToolButton[ready=\"false\"] { color: #9a5b00; font-style: italic; }"
                  "QToolButton[ready=\"false\"]:checked { background: #b26b00; color: white; }");
    bool first = true;
    for (const StepDescriptor& d : workflowSteps()) {
        if (d.startsGroup) {
            auto* rule = new QFrame;
            rule->setFrameShape(QFrame::VLine);
            rule->setFrameShadow(QFrame::Sunken);
            layout->addSpacing(6);
            layout->addWidget(rule);
            layout->addSpacing(6);
        } else if (!first) {
            auto* arrow = new QLabel(QStringLiteral("\u203A")); // the path's direction
            arrow->setAccessibleName(QString());
            arrow->setForegroundRole(QPalette::PlaceholderText);
            layout->addWidget(arrow);
        }
        first = false;
        auto* b = new QToolButton;
        b->setObjectName("step_" + d.name);
        b->setText(d.title);
        b->setCheckable(true);
        b->setAutoExclusive(true);
        b->setFocusPolicy(Qt::StrongFocus);
        b->setAccessibleName(tr("%1 step").arg(d.title));
        b->setProperty("ready", true);
        const WorkflowStep step = d.step;
        connect(b, &QToolButton::clicked, this, [this, step]() {
            m_current = step;
            emit stepChosen(step);
        });
        layout->addWidget(b);
        m_buttons.insert(static_cast<int>(step), b);
        m_order << step;
    }
    layout->addStretch(1);
    setCurrentStep(WorkflowStep::Data);
}

void StepBar::setCurrentStep(WorkflowStep step)
{
    m_current = step;
    if (QToolButton* b = button(step))
        b->setChecked(true);
}

void StepBar::setStatus(WorkflowStep step, const StepStatus& status)
{
    QToolButton* b = button(step);
    if (!b)
        return;
    b->setToolTip(status.line);
    b->setAccessibleDescription(status.line);
    if (b->property("ready").toBool() != status.ready) {
        b->setProperty("ready", status.ready);
        b->style()->unpolish(b); // the style sheet's [ready] selector is matched again
        b->style()->polish(b);
    }
}

} // namespace rr::ui
