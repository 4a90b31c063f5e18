#include "ui/compute/BackgroundTask.h"

#include "ui/compute/WorkerPriority.h"

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <exception>

namespace rr::ui {

void TaskControl::setProgress(int done, int total)
{
    // The owner joins this job before it is destroyed, so it is alive here; the queued call runs on
    // the GUI thread (and is dropped with the owner's posted events if the owner goes first).
    BackgroundTask* owner = m_owner;
    QMetaObject::invokeMethod(
        owner,
        [owner, done, total, self = this]() {
            if (owner->m_current.get() == self)
                emit owner->progress(done, total);
        },
        Qt::QueuedConnection);
}

BackgroundTask::BackgroundTask(QString title, QObject* parent) : QObject(parent), m_title(std::move(title)) {}

BackgroundTask::~BackgroundTask()
{
    shutdown();
}

void BackgroundTask::start(Work work)
{
    if (m_current)
        m_current->cancel(); // superseded: its completion is dropped
    auto control = std::make_shared<TaskControl>();
    control->m_owner = this;
    m_current = control;
    const QFuture<Completion> future = QtConcurrent::run([work = std::move(work), control]() -> Completion {
        lowerWorkerPriority();
        try {
            return work(*control);
        } catch (const std::exception& e) {
            const QString message = QString::fromStdString(e.what());
            BackgroundTask* owner = control->m_owner;
            return [owner, message]() { emit owner->failed(owner->m_title, message); };
        }
    });
    m_jobs.push_back({control, future});
    auto* watcher = new QFutureWatcher<Completion>(this);
    connect(watcher, &QFutureWatcher<Completion>::finished, this, [this, watcher, control, future]() {
        watcher->deleteLater();
        onJobFinished(control, future);
    });
    watcher->setFuture(future);
    emit started(m_title);
}

void BackgroundTask::onJobFinished(const std::shared_ptr<TaskControl>& control, const QFuture<Completion>& future)
{
    m_jobs.erase(std::remove_if(m_jobs.begin(), m_jobs.end(), [&](const Job& j) { return j.control == control; }),
                 m_jobs.end());
    if (m_current != control)
        return; // superseded by a newer job, or canceled
    m_current.reset();
    const bool canceled = control->isCanceled();
    const Completion done = future.resultCount() ? future.result() : Completion{};
    if (!canceled && done)
        done();
    emit finished(m_title, canceled);
}

void BackgroundTask::cancel()
{
    if (!m_current)
        return;
    m_current->cancel();
    m_current.reset();
    emit finished(m_title, true);
}

void BackgroundTask::shutdown()
{
    m_current.reset();
    for (Job& j : m_jobs)
        j.control->cancel();
    for (Job& j : m_jobs)
        j.future.waitForFinished();
    m_jobs.clear();
}

void BackgroundTask::waitForFinished()
{
    while (m_current) {
        for (Job& j : m_jobs)
            if (j.control == m_current)
                j.future.waitForFinished();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }
}

} // namespace rr::ui
