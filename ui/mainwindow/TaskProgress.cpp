#include "ui/mainwindow/TaskProgress.h"

#include "ui/tasks/BackgroundTask.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

namespace rr::ui {

TaskProgress::TaskProgress(QWidget* parent) : QWidget(parent)
{
    m_label = new QLabel;
    m_bar = new QProgressBar;
    m_bar->setMaximumWidth(160);
    m_bar->setTextVisible(false);
    m_cancel = new QToolButton;
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Cancel the running computation (Esc)"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    connect(m_cancel, &QToolButton::clicked, this, &TaskProgress::cancelCurrent);
    m_delay.setSingleShot(true);
    m_delay.setInterval(250);
    connect(&m_delay, &QTimer::timeout, this, &TaskProgress::refresh);
    refresh();
}

void TaskProgress::watch(BackgroundTask* task)
{
    m_tasks << task;
    connect(task, &BackgroundTask::started, this, [this, task]() {
        m_shown = task;
        m_bar->setRange(0, 0); // busy until the first progress report
        if (!m_delay.isActive())
            m_delay.start();
    });
    connect(task, &BackgroundTask::progress, this, [this, task](int done, int total) {
        if (task != m_shown)
            return;
        m_bar->setRange(0, total);
        m_bar->setValue(done);
    });
    connect(task, &BackgroundTask::finished, this, [this]() { refresh(); });
}

bool TaskProgress::isBusy() const
{
    for (BackgroundTask* t : m_tasks)
        if (t->isRunning())
            return true;
    return false;
}

void TaskProgress::cancelCurrent()
{
    for (BackgroundTask* t : m_tasks)
        if (t->isRunning())
            t->cancel();
    refresh();
}

void TaskProgress::refresh()
{
    if (!m_shown || !m_shown->isRunning()) {
        m_shown = nullptr;
        for (BackgroundTask* t : m_tasks)
            if (t->isRunning())
                m_shown = t;
    }
    const bool busy = m_shown != nullptr && !m_delay.isActive();
    m_label->setText(busy ? m_shown->title() + QStringLiteral("\u2026") : QString());
    m_label->setVisible(busy);
    m_bar->setVisible(busy);
    m_cancel->setVisible(busy);
}

} // namespace rr::ui
