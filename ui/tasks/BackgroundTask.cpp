#include "ui/tasks/BackgroundTask.h"
#include "ui/texts/ErrorText.h"

#include "ui/tasks/ThreadHandoff.h"
#include "ui/tasks/WorkerPriority.h"

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <exception>

namespace rr::ui {

void TaskControl::setProgress(int done, int total)
{
    // The value travels in an atomic and the queued call carries nothing: the owner joins this job before
    // it is destroyed, and the call is dropped with the owner's posted events if the owner goes first.
    m_progress.store(static_cast<std::uint64_t>(static_cast<std::uint32_t>(done)) << 32 |
                     static_cast<std::uint32_t>(total));
    QMetaObject::invokeMethod(m_owner, "publishProgress", Qt::QueuedConnection);
}

void BackgroundTask::publishProgress()
{
    if (!m_current)
        return;
    const std::uint64_t p = m_current->m_progress.load();
    if (p != 0) // the current job has reported (a superseded job's call finds nothing new)
        emit progress(static_cast<int>(p >> 32), static_cast<int>(p & 0xffffffffu));
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
    auto owned = std::make_unique<Job>();
    owned->control = control;
    owned->work = std::move(work);
    Job* job = owned.get();
    handOff(job);
    // The job's address goes as an argument, not a capture: the worker reads nothing of the job before
    // takeOver() (ThreadHandoff.h).
    job->future = QtConcurrent::run(&BackgroundTask::runJob, job);
    m_jobs.push_back(std::move(owned));
    auto* watcher = new QFutureWatcher<void>(this);
    connect(watcher, &QFutureWatcher<void>::finished, this, [this, watcher, control]() {
        watcher->deleteLater();
        onJobFinished(control);
    });
    watcher->setFuture(job->future);
    emit started(m_title);
}

void BackgroundTask::runJob(Job* job)
{
    takeOver(job);
    lowerWorkerPriority();
    try {
        job->completion = job->work(*job->control);
    } catch (const std::exception& e) {
        const QString message = errorText(e);
        BackgroundTask* owner = job->control->m_owner;
        job->completion = [owner, message]() { emit owner->failed(owner->m_title, message); };
    }
    job->work = nullptr; // what the work captured goes here, not on the GUI thread
    handOff(job);
}

void BackgroundTask::onJobFinished(const std::shared_ptr<TaskControl>& control)
{
    const auto it = std::find_if(m_jobs.begin(), m_jobs.end(),
                                 [&](const std::unique_ptr<Job>& j) { return j->control == control; });
    if (it == m_jobs.end())
        return; // joined by shutdown()
    const std::unique_ptr<Job> job = std::move(*it);
    m_jobs.erase(it);
    takeOver(job.get());
    if (m_current != control)
        return; // superseded by a newer job, or canceled
    m_current.reset();
    const bool canceled = control->isCanceled();
    if (!canceled && job->completion)
        job->completion();
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
    for (const auto& j : m_jobs)
        j->control->cancel();
    for (const auto& j : m_jobs) {
        j->future.waitForFinished();
        takeOver(j.get());
    }
    m_jobs.clear();
}

void BackgroundTask::waitForFinished()
{
    while (m_current) {
        for (const auto& j : m_jobs)
            if (j->control == m_current)
                j->future.waitForFinished();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }
}

} // namespace rr::ui
