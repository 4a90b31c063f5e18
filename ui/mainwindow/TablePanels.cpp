#include "ui/mainwindow/TablePanels.h"

#include "ui/panels/AttributePanel.h"
#include "ui/panels/ParameterPanel.h"

#include <QDockWidget>
#include <QMainWindow>

#include <algorithm>

namespace rr::ui {

TablePanels::TablePanels(QMainWindow& window, AnalysisState& state, Workspace& workspace)
    : QObject(&window), m_window(window), m_parameters(new ParameterPanel(&state, &workspace)),
      m_attributes(new AttributePanel(&state))
{
    m_parametersDock = addDock(tr("Parameters"), "parametersDock", m_parameters);
    m_attributesDock = addDock(tr("Attributes"), "attributesDock", m_attributes);
}

QDockWidget* TablePanels::addDock(const QString& title, const QString& name, QWidget* panel)
{
    auto* dock = new QDockWidget(title, &m_window);
    dock->setObjectName(name);
    dock->setWidget(panel);
    m_window.addDockWidget(Qt::LeftDockWidgetArea, dock);
    return dock;
}

void TablePanels::followStep(WorkflowStep step)
{
    setShown(step != WorkflowStep::Baskets);
    // Roles and Protect work in a panel beside their page: raise it and mark it.
    for (auto [dock, own] :
         {std::pair{m_attributesDock, WorkflowStep::Roles}, std::pair{m_parametersDock, WorkflowStep::Protect}}) {
        const bool mark = step == own;
        if (mark) {
            dock->show();
            dock->raise();
        }
        dock->setStyleSheet(mark ? "QDockWidget { color: white; } QDockWidget::title { background: #0072B2; }" : "");
    }
}

void TablePanels::setShown(bool shown)
{
    if (shown == !m_hiddenForBaskets)
        return;
    const QList<QDockWidget*> docks{m_parametersDock, m_attributesDock};
    if (!shown) {
        for (QDockWidget* d : docks) {
            m_beforeBaskets.insert(d, !d->isHidden());
            d->hide();
        }
    } else {
        for (QDockWidget* d : docks)
            d->setVisible(m_beforeBaskets.value(d, true));
    }
    m_hiddenForBaskets = !shown;
}

void TablePanels::widenAttributes()
{
    // The page keeps the rest of the window.
    QDockWidget* attrs = m_attributesDock;
    if (attrs->isHidden() || attrs->isFloating())
        return;
    const int wanted =
        std::min(m_attributes->wholeWidth() + attrs->width() - m_attributes->width(), m_window.width() * 45 / 100);
    if (attrs->width() < wanted)
        m_window.resizeDocks({attrs}, {wanted}, Qt::Horizontal);
}

void TablePanels::firstStartLayout()
{
    const int height = m_window.height();
    m_window.resizeDocks({m_parametersDock}, {m_window.fontMetrics().averageCharWidth() * 66}, Qt::Horizontal);
    m_window.resizeDocks({m_parametersDock, m_attributesDock}, {height * 55 / 100, height * 45 / 100}, Qt::Vertical);
    widenAttributes();
}

} // namespace rr::ui
