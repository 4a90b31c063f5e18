#include "ui/compute/BackgroundTask.h"

#include <QCoreApplication>
#include <QtConcurrent/QtConcurrentRun>

#include <exception>

namespace rr::ui {

void TaskControl::setProgress(int done, int total)
{
    QPointer<BackgroundTask> owner = m_owner;
    if (!owner)
        return;
    QMetaObject::invokeMethod(
        owner.data(),
        [owner, done, total, self = this]() {
            if (owner && owner->m_current.get() == self)
                emit owner->progress(done, total);
        },
        Qt::QueuedConnection);
}

BackgroundTask::BackgroundTask(QString title, QObject* parent) : QObject(parent), m_title(std::move(title)) {}

BackgroundTask::~BackgroundTask()
{
    if (m_current)
        m_current->cancel();
    if (m_watcher)
        m_watcher->waitForFinished();
}

void BackgroundTask::start(Work work)
{
    if (m_current)
        m_current->cancel(); // superseded: its completion is dropped
    auto control = std::make_shared<TaskControl>();
    control->m_owner = this;
    m_current = control;
    auto* watcher = new QFutureWatcher<Completion>(this);
    m_watcher = watcher;
    const QString title = m_title;
    connect(watcher, &QFutureWatcher<Completion>::finished, this, [this, watcher, control]() {
        Completion done = watcher->future().resultCount() ? watcher->result() : Completion{};
        watcher->deleteLater();
        if (m_current != control)
            return; // superseded by a newer job
        m_current.reset();
        const bool canceled = control->isCanceled();
        if (!canceled && done)
            done();
        emit finished(m_title, canceled);
    });
    watcher->setFuture(QtConcurrent::run(
        [work = std::move(work), control, title, self = QPointer<BackgroundTask>(this)]() -> Completion {
            try {
                return work(*control);
            } catch (const std::exception& e) {
                const QString message = QString::fromStdString(e.what());
                return [self, title, message]() {
                    if (self)
                        emit self->failed(title, message);
                };
            }
        }));
    emit started(m_title);
}

void BackgroundTask::cancel()
{
    if (!m_current)
        return;
    m_current->cancel();
    m_current.reset();
    emit finished(m_title, true);
}

void BackgroundTask::waitForFinished()
{
    while (m_current) {
        if (m_watcher)
            m_watcher->waitForFinished();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }
}

} // namespace rr::ui
