#include "ui/compute/Workspace.h"

#include "core/data/CsvReader.h"
#include "core/data/Errors.h"
#include "ui/session/ViewResolution.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QRandomGenerator>

#include <sstream>

namespace rr::ui {

Workspace::Workspace(AnalysisState* state, QObject* parent) : QObject(parent), m_state(state)
{
    connect(m_state, &AnalysisState::specChanged, this, &Workspace::onSpecChanged);
    connect(m_state, &AnalysisState::parametersChanged, this, &Workspace::onParametersChanged);
    connect(m_state, &AnalysisState::viewChanged, this, &Workspace::onViewChanged);
    connect(&m_engine, &LiveEngine::resultReady, this, [this](std::shared_ptr<const LiveResult> r) {
        m_live = std::move(r);
        emit liveUpdated(m_live);
    });
    connect(&m_engine, &LiveEngine::failed, this, &Workspace::errorOccurred);
    for (BackgroundTask* t : tasks())
        connect(t, &BackgroundTask::failed, this,
                [this](const QString& title, const QString& message) { emit errorOccurred(title + ": " + message); });
    connect(&m_preparer, &BackgroundTask::failed, this, [this](const QString&, const QString&) {
        m_analysis.reset();
        m_engine.setAnalysis(nullptr);
        emit analysisCleared();
    });
}

QList<BackgroundTask*> Workspace::tasks() const
{
    auto* self = const_cast<Workspace*>(this);
    return {&self->m_loader, &self->m_preparer, &self->m_surfaceTask, &self->m_optimizer, &self->m_tradeOffTask};
}

void Workspace::openCsv(const QStringList& paths)
{
    if (paths.isEmpty())
        return;
    std::vector<std::string> files;
    for (const QString& p : paths)
        files.push_back(p.toStdString());
    m_loader.start([this, files, paths](TaskControl&) -> BackgroundTask::Completion {
        auto table = std::make_shared<const Table>(readCsv(files));
        return [this, table, paths]() {
            m_table = table;
            m_analysis.reset();
            m_engine.setAnalysis(nullptr);
            m_surface.reset();
            m_tradeOff.reset();
            m_surfaceKey.clear();
            emit analysisCleared();
            const QSignalBlocker block(m_state); // one prepare below, not one per restored field
            if (m_pendingSession) {
                SessionData s = *m_pendingSession;
                m_pendingSession.reset();
                s.dataPaths = paths;
                restoreSession(*m_state, s);
            } else {
                m_state->restore(paths, defaultSpec(*table), RandomizationMode::QI, {}, 1.0 / 3.0, ViewChoices{});
            }
            emit tableLoaded();
            emit statusMessage(
                tr("Opened %1 (%2 rows)").arg(QFileInfo(paths.front()).fileName()).arg(table->rowCount()));
            prepare();
        };
    });
}

void Workspace::openSession(const QString& path)
{
    applySession(loadSessionFile(path));
}

void Workspace::applySession(const SessionData& session)
{
    if (m_table && session.dataPaths == m_state->dataPaths()) { // same data: no reload
        restoreSession(*m_state, session);
        prepare();
        return;
    }
    m_pendingSession = session;
    openCsv(session.dataPaths);
}

void Workspace::saveSession(const QString& path) const
{
    saveSessionFile(captureSession(*m_state), path);
}

std::vector<double> Workspace::effectiveP() const
{
    return m_analysis ? effectiveRetentions(*m_analysis, *m_state) : std::vector<double>{};
}

void Workspace::onSpecChanged()
{
    prepare();
}

void Workspace::onParametersChanged()
{
    requestLive();
    maybeRecomputeSurface();
}

void Workspace::onViewChanged()
{
    requestLive();
    maybeRecomputeSurface();
    if (m_tradeOff &&
        (m_tradeOff->metric != m_state->view().metric || m_tradeOff->lMax != m_state->view().tradeOffMaxL))
        computeTradeOff();
}

void Workspace::prepare()
{
    if (!m_table)
        return;
    auto table = m_table;
    const AnalysisSpec spec = m_state->spec();
    m_preparer.start([this, table, spec](TaskControl&) -> BackgroundTask::Completion {
        auto analysis = prepareAnalysis(*table, spec);
        return [this, analysis, table]() {
            if (table != m_table)
                return;
            m_analysis = analysis;
            m_engine.setAnalysis(analysis);
            m_surfaceKey.clear();
            m_tradeOff.reset();
            emit analysisReady();
            requestLive();
            maybeRecomputeSurface();
        };
    });
}

void Workspace::requestLive()
{
    if (!m_analysis)
        return;
    try {
        m_engine.request(buildLiveRequest(*m_analysis, *m_state, ++m_generation));
    } catch (const std::exception& e) {
        emit errorOccurred(QString::fromStdString(e.what()));
    }
}

void Workspace::setSurfaceShown(bool shown)
{
    m_surfaceShown = shown;
    if (shown)
        maybeRecomputeSurface();
}

void Workspace::maybeRecomputeSurface()
{
    if (!m_analysis || !m_surfaceShown)
        return;
    const ResolvedView v = resolveView(*m_analysis, m_state->view());
    const auto p = effectiveP();
    std::ostringstream key;
    key << m_analysis.get() << ':' << v.surfaceX << ':' << v.surfaceY << ':' << (v.surfaceCell ? *v.surfaceCell : -1);
    key.precision(17);
    for (std::size_t i = 0; i < p.size(); ++i)
        if (static_cast<int>(i) != v.surfaceX && static_cast<int>(i) != v.surfaceY)
            key << ':' << p[i];
    if (key.str() == m_surfaceKey)
        return;
    m_surfaceKey = key.str();
    computeSurface();
}

void Workspace::computeSurface()
{
    if (!m_analysis)
        return;
    auto analysis = m_analysis;
    const ResolvedView v = resolveView(*analysis, m_state->view());
    const auto p = effectiveP();
    m_surfaceTask.start([this, analysis, v, p](TaskControl& control) -> BackgroundTask::Completion {
        DisclosureRiskModel model = analysis->model; // this thread's buffers
        RiskSurfaceOptions options;
        options.xAttribute = v.surfaceX;
        options.yAttribute = v.surfaceY;
        options.steps = 41;
        options.cell = v.surfaceCell;
        QElapsedTimer timer;
        timer.start();
        auto result = std::make_shared<SurfaceResult>();
        result->surface = computeRiskSurface(model, p, options, [&control](int done, int total) {
            control.setProgress(done, total);
            return !control.isCanceled();
        });
        result->seconds = timer.nsecsElapsed() * 1e-9;
        if (!result->surface.complete)
            return {};
        result->p = p;
        result->xName = analysis->names[static_cast<std::size_t>(v.surfaceX)];
        result->yName = analysis->names[static_cast<std::size_t>(v.surfaceY)];
        result->cell = v.surfaceCell;
        if (v.surfaceCell) {
            const auto values = analysis->cellValues(static_cast<std::size_t>(*v.surfaceCell));
            for (std::size_t k = 0; k < values.size(); ++k)
                result->cellLabel += (k ? ", " : "") + values[k];
        }
        return [this, analysis, result]() {
            if (analysis != m_analysis)
                return;
            m_surface = result;
            emit surfaceUpdated(m_surface);
        };
    });
}

void Workspace::optimize()
{
    if (!m_analysis) {
        emit errorOccurred(tr("Open a table and choose roles before optimizing."));
        return;
    }
    auto analysis = m_analysis;
    const RandomizationMode mode = m_state->mode();
    const double tau = m_state->tau();
    m_optimizer.start([this, analysis, mode, tau](TaskControl&) -> BackgroundTask::Completion {
        DisclosureRiskModel model = analysis->model;
        OptimizationOptions options;
        options.mode = mode;
        options.tau = tau;
        const OptimizationResult result = optimizeParameters(model, options);
        return [this, analysis, result, mode]() {
            if (analysis != m_analysis)
                return;
            if (result.feasible && result.p.size() == analysis->names.size()) {
                std::map<std::string, double> values;
                for (std::size_t i = 0; i < result.p.size(); ++i)
                    if (axisInMode(mode, static_cast<int>(i), analysis->axisCount()))
                        values[analysis->names[i]] = result.p[i];
                m_state->setRetentions(values, tr("Optimize %1 at l = %2")
                                                   .arg(QString::fromStdString("RR-" + toString(mode)).toUpper())
                                                   .arg(1.0 / result.tau, 0, 'g', 4));
            }
            emit optimizationFinished(result, mode);
        };
    });
}

void Workspace::optimizeBoth()
{
    m_state->setMode(RandomizationMode::Both);
    optimize();
}

void Workspace::computeTradeOff()
{
    if (!m_analysis)
        return;
    auto analysis = m_analysis;
    const UtilityMetric metric = m_state->view().metric;
    const int lMax = m_state->view().tradeOffMaxL;
    const std::uint64_t seed = m_state->view().seed;
    m_tradeOffTask.start([this, analysis, metric, lMax, seed](TaskControl& control) -> BackgroundTask::Completion {
        DisclosureRiskModel model = analysis->model;
        TradeOffOptions options;
        options.lMin = 2;
        options.lMax = lMax;
        auto result = std::make_shared<TradeOffResult>();
        result->metric = metric;
        result->lMax = lMax;
        result->points = rr::computeTradeOff(
            model, options, [&](const std::vector<double>& p) { return utilityLoss(*analysis, p, metric, seed); },
            [&control](int done, int total) {
                control.setProgress(done, total);
                return !control.isCanceled();
            });
        result->complete = !control.isCanceled();
        return [this, analysis, result]() {
            if (analysis != m_analysis)
                return;
            m_tradeOff = result;
            emit tradeOffUpdated(m_tradeOff);
        };
    });
}

void Workspace::resample()
{
    ViewChoices v = m_state->view();
    v.seed = QRandomGenerator::global()->bounded(1u, 1000000u);
    m_state->setView(v);
}

void Workspace::waitForIdle()
{
    for (int round = 0; round < 1000; ++round) {
        bool busy = false;
        for (BackgroundTask* t : tasks())
            if (t->isRunning()) {
                busy = true;
                t->waitForFinished();
            }
        if (!m_engine.isIdle()) {
            busy = true;
            m_engine.waitForIdle();
        }
        QCoreApplication::processEvents();
        if (!busy)
            return;
    }
}

} // namespace rr::ui
