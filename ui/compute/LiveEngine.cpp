#include "ui/compute/LiveEngine.h"

#include "ui/compute/ThreadHandoff.h"
#include "ui/compute/WorkerPriority.h"

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
struct LiveEngine::Job {
    std::shared_ptr<Context> context;
    FrameRequest request;
    std::shared_ptr<const Frame> result;
    QString error;
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
    m_watcher.waitForFinished();
    if (m_job) {
        takeOver(m_job.get());
        m_job.reset();
    }
}

void LiveEngine::setAnalysis(std::shared_ptr<const PreparedAnalysis> analysis)
{
    m_pending.reset();
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
        return;
    }
    launch(std::move(request));
}

void LiveEngine::launch(FrameRequest request)
{
    m_running = true;
    m_job = std::make_unique<Job>(Job{m_context, std::move(request), nullptr, {}});
    Job* job = m_job.get();
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
    } catch (const std::exception& e) {
        job->error = QString::fromStdString(e.what());
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
