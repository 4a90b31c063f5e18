#pragma once
// One kind of long work (loading, preparing, surface, optimization, trade-off, comparison) off the GUI
// thread, with progress and Cancel. Starting again supersedes the running job: its result is dropped,
// so stale work never reaches a view. Every job ever started is joined before the task is destroyed,
// so a job may report progress to its task without guarding against the task's death.
#include <QFuture>
#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace rr::ui {

class BackgroundTask;

// Handed to the work function: report progress, poll for Cancel. Thread-safe.
class TaskControl {
public:
    void setProgress(int done, int total);
    bool isCanceled() const { return m_canceled.load(); }
    void cancel() { m_canceled.store(true); }

private:
    friend class BackgroundTask;
    std::atomic<bool> m_canceled{false};
    std::atomic<std::uint64_t> m_progress{0}; // the latest report: done << 32 | total
    BackgroundTask* m_owner = nullptr;        // outlives the job: the task joins its jobs before it dies
};

class BackgroundTask : public QObject {
    Q_OBJECT
public:
    // Runs on the GUI thread when the work is done and was not canceled or superseded.
    using Completion = std::function<void()>;
    // Runs on a pool thread; returns what to do on the GUI thread. It must not touch widgets or any
    // object of the GUI thread: it works on the values it captured.
    using Work = std::function<Completion(TaskControl&)>;

    explicit BackgroundTask(QString title, QObject* parent = nullptr);
    ~BackgroundTask() override; // cancels and joins every job

    QString title() const { return m_title; }
    // What the next job is called (a task may run different kinds of job one at a time); GUI thread only.
    void setTitle(QString title) { m_title = std::move(title); }
    bool isRunning() const { return static_cast<bool>(m_current); }
    void start(Work work);
    void cancel();
    // Cancels every job and waits until none runs (owners call it before their members go away).
    void shutdown();
    // Blocks until the current job finished and its completion ran (tests, headless export only:
    // it runs a nested event loop).
    void waitForFinished();

signals:
    void started(const QString& title);
    void progress(int done, int total);
    void finished(const QString& title, bool canceled);
    void failed(const QString& title, const QString& message);

private:
    friend class TaskControl;
    // The worker reads `work` and writes `completion`; the GUI thread reads `completion` once the job
    // finished. The worker's closure holds only the job's address (ThreadHandoff.h).
    struct Job {
        std::shared_ptr<TaskControl> control;
        Work work;
        Completion completion;
        QFuture<void> future;
    };
    static void runJob(Job* job); // on the pool thread
    void onJobFinished(const std::shared_ptr<TaskControl>& control);
    // Queued from TaskControl::setProgress: emits the current job's latest progress.
    Q_INVOKABLE void publishProgress();

    QString m_title;
    std::shared_ptr<TaskControl> m_current;
    std::vector<std::unique_ptr<Job>> m_jobs; // every started job that has not finished yet (superseded ones too)
};

} // namespace rr::ui
