#include "ui/compute/LiveEngine.h"

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

LiveEngine::LiveEngine(QObject* parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &LiveEngine::onFinished);
}

LiveEngine::~LiveEngine()
{
    shutdown();
}

void LiveEngine::shutdown()
{
    m_pending.reset();
    m_watcher.waitForFinished();
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
    auto context = m_context;
    m_watcher.setFuture(QtConcurrent::run([context, request = std::move(request)]() -> Outcome {
        lowerWorkerPriority();
        Outcome out;
        out.context = context;
        try {
            out.result = std::make_shared<const Frame>(computeFrame(*context->analysis, context->model, request));
        } catch (const std::exception& e) {
            out.error = QString::fromStdString(e.what());
        }
        return out;
    }));
}

void LiveEngine::onFinished()
{
    m_running = false;
    const Outcome out = m_watcher.future().result();
    if (m_pending) {
        FrameRequest next = std::move(*m_pending);
        m_pending.reset();
        launch(std::move(next));
    }
    if (out.context != m_context)
        return; // the analysis changed meanwhile
    ++m_answered;
    if (!out.error.isEmpty())
        emit failed(out.error);
    else
        emit resultReady(out.result);
}

void LiveEngine::waitForIdle()
{
    while (!isIdle()) {
        m_watcher.waitForFinished();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }
}

} // namespace rr::ui
