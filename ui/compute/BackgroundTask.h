#pragma once
// One kind of long work (loading, preparing, surface, optimization, trade-off) off the GUI thread,
// with progress and Cancel. Starting again supersedes the running job: its result is dropped,
// so stale work never reaches a view.
#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

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
    QPointer<BackgroundTask> m_owner;
};

class BackgroundTask : public QObject {
    Q_OBJECT
public:
    // Runs on the GUI thread when the work is done and was not canceled or superseded.
    using Completion = std::function<void()>;
    // Runs on a pool thread; returns what to do on the GUI thread.
    using Work = std::function<Completion(TaskControl&)>;

    explicit BackgroundTask(QString title, QObject* parent = nullptr);
    ~BackgroundTask() override;

    QString title() const { return m_title; }
    bool isRunning() const { return static_cast<bool>(m_current); }
    void start(Work work);
    void cancel();
    // Blocks until the current job finished and its completion ran (tests, headless export).
    void waitForFinished();

signals:
    void started(const QString& title);
    void progress(int done, int total);
    void finished(const QString& title, bool canceled);
    void failed(const QString& title, const QString& message);

private:
    friend class TaskControl;
    QString m_title;
    std::shared_ptr<TaskControl> m_current;
    QPointer<QFutureWatcher<Completion>> m_watcher;
};

} // namespace rr::ui
