#pragma once
// Computes views 1, 2 and 4 off the GUI thread while a slider is dragged: one job in flight,
// at most one pending, and a newer request replaces the pending one (latest value wins;
// stale work is never queued) and stops the one in flight at its next step (FrameRequest::cancel).
#include "core/analysis/Frame.h"

#include <QFutureWatcher>
#include <QObject>

#include <memory>
#include <optional>

namespace rr::ui {

class LiveEngine : public QObject {
    Q_OBJECT
public:
    explicit LiveEngine(QObject* parent = nullptr);
    ~LiveEngine() override;

    void setAnalysis(std::shared_ptr<const PreparedAnalysis> analysis);
    void request(FrameRequest request);
    bool isIdle() const { return !m_running && !m_pending; }
    // Blocks until every request has been answered (tests, headless export).
    void waitForIdle();
    // Drops the pending request, stops the running one and waits for it (the owner calls it before it dies).
    void shutdown();
    // Requests answered, requests dropped because a newer one replaced them before they ran, and frames
    // stopped while running because a newer request (or analysis) superseded them.
    int answered() const { return m_answered; }
    int coalesced() const { return m_coalesced; }
    int cancelled() const { return m_cancelled; }

signals:
    void resultReady(std::shared_ptr<const rr::Frame> result);
    void failed(const QString& message);

private:
    struct Context;
    struct Job; // the request in flight and its outcome (handed to the worker and back)
    void launch(FrameRequest request);
    static void runJob(Job* job); // on the pool thread
    void onFinished();

    std::shared_ptr<Context> m_context;
    std::unique_ptr<Job> m_job;
    QFutureWatcher<void> m_watcher;
    std::optional<FrameRequest> m_pending;
    bool m_running = false;
    int m_answered = 0;
    int m_coalesced = 0;
    int m_cancelled = 0;
};

} // namespace rr::ui
