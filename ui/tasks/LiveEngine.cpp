#include "ui/tasks/LiveEngine.h"
#include "ui/texts/ErrorText.h"

#include "core/data/Errors.h"
#include "ui/tasks/ThreadHandoff.h"
#include "ui/tasks/WorkerPriority.h"

#include <QCoreApplication>
#include <QtConcurrent/QtConcurrentRun>

namespace rr::ui {

// The analysis and a risk model whose buffers this engine's jobs reuse (one job at a time).
struct LiveEngine::Context {
    explicit Context(std::shared_ptr<const PreparedAnalysis> a) : analysis(std::move(a)), model(analysis->model) {}
    std::shared_ptr<const PreparedAnalysis> analysis;
    DisclosureRiskModel model;
};

// The worker reads the request and the context and writes the outcome; the GUI thread reads the outcome
// once the job finished. The worker's closure holds only this job's address.
// The GUI thread raises `cancel` when a newer request supersedes the job; the worker then stops at the
// frame's next step and sets `cancelled`.
struct LiveEngine::Job {
    std::shared_ptr<Context> context;
    FrameRequest request;
    std::atomic<bool> cancel{false};
    std::shared_ptr<const Frame> result;
    QString error;
    bool cancelled = false;
};

LiveEngine::LiveEngine(QObject* parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, &LiveEngine::onFinished);
}

LiveEngine::~LiveEngine()
{
    shutdown();
}

void LiveEngine::shutdown()
{
    m_pending.reset();
    if (m_job)
        m_job->cancel = true;
    m_watcher.waitForFinished();
    if (m_job) {
        takeOver(m_job.get());
        m_job.reset();
    }
}

void LiveEngine::setAnalysis(std::shared_ptr<const PreparedAnalysis> analysis)
{
    m_pending.reset();
    if (m_job)
        m_job->cancel = true; // its analysis is gone: its result would be dropped
    m_context = analysis ? std::make_shared<Context>(std::move(analysis)) : nullptr;
}

void LiveEngine::request(FrameRequest request)
{
    if (!m_context)
        return;
    if (m_running) {
        if (m_pending)
            ++m_coalesced;
        m_pending = std::move(request);
        if (m_job)
            m_job->cancel = true; // superseded: it stops at its next step, then the pending one runs
        return;
    }
    launch(std::move(request));
}

void LiveEngine::launch(FrameRequest request)
{
    m_running = true;
    m_job = std::make_unique<Job>();
    Job* job = m_job.get();
    job->context = m_context;
    job->request = std::move(request);
    job->request.cancel = &job->cancel;
    handOff(job);
    // The job's address goes as an argument, not a capture: the worker reads nothing of the job before
    // takeOver() (ThreadHandoff.h).
    m_watcher.setFuture(QtConcurrent::run(&LiveEngine::runJob, job));
}

void LiveEngine::runJob(Job* job)
{
    takeOver(job);
    lowerWorkerPriority();
    try {
        job->result =
            std::make_shared<const Frame>(computeFrame(*job->context->analysis, job->context->model, job->request));
    } catch (const Cancelled&) {
        job->cancelled = true;
    } catch (const std::exception& e) {
        job->error = errorText(e);
    }
    handOff(job);
}

void LiveEngine::onFinished()
{
    m_running = false;
    if (!m_job)
        return; // shut down meanwhile
    takeOver(m_job.get());
    const std::unique_ptr<Job> done = std::move(m_job);
    if (m_pending) {
        FrameRequest next = std::move(*m_pending);
        m_pending.reset();
        launch(std::move(next));
    }
    if (done->cancelled) {
        ++m_cancelled; // superseded: the next one is running (or the analysis changed)
        return;
    }
    if (done->context != m_context)
        return; // the analysis changed meanwhile
    ++m_answered;
    if (!done->error.isEmpty())
        emit failed(done->error);
    else
        emit resultReady(done->result);
}

void LiveEngine::waitForIdle()
{
    while (!isIdle()) {
        m_watcher.waitForFinished();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }
}

} // namespace rr::ui
