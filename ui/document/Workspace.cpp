#include "ui/document/Workspace.h"
#include "ui/texts/ErrorText.h"

#include "core/optimization/Infeasibility.h"
#include "core/risk/TargetMeaning.h"

#include "core/datasource/BinnedSource.h"
#include "core/api/Optimize.h"
#include "core/api/Source.h"
#include "core/analysis/Retention.h"
#include "core/analysis/SeveralSensitiveOptimum.h"
#include "core/data/CsvPreview.h"
#include "core/data/CsvReader.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "ui/session/ViewResolution.h"
#include "core/sources/SqlDataSource.h"

#include <QCoreApplication>
#include <QRandomGenerator>

#include <sstream>

namespace rr::ui {

std::string surfaceKey(const ResultInputs& inputs, const ResolvedView& v, const std::vector<double>& p)
{
    std::ostringstream key;
    for (const std::string& qi : inputs.quasiIdentifiers)
        key << qi << ',';
    key << inputs.sensitive << ':' << static_cast<int>(inputs.policy) << ':' << inputs.fingerprint << ':' << v.surfaceX
        << ':' << v.surfaceY << ':' << (v.surfaceCell ? *v.surfaceCell : -1);
    key.precision(17);
    for (std::size_t i = 0; i < p.size(); ++i)
        if (static_cast<int>(i) != v.surfaceX && static_cast<int>(i) != v.surfaceY)
            key << ':' << p[i];
    return key.str();
}

Workspace::Workspace(AnalysisState* state, QObject* parent) : QObject(parent), m_state(state)
{
    connect(m_state, &AnalysisState::specChanged, this, &Workspace::onSpecChanged);
    connect(m_state, &AnalysisState::parametersChanged, this, &Workspace::onParametersChanged);
    connect(m_state, &AnalysisState::viewChanged, this, &Workspace::onViewChanged);
    // The end of a drag: the frame with what the drag's frames left out.
    connect(m_state, &AnalysisState::adjustingChanged, this, [this](bool adjusting) {
        if (!adjusting)
            requestLive();
    });
    connect(&m_engine, &LiveEngine::resultReady, this, [this](std::shared_ptr<const Frame> r) {
        m_live = std::move(r);
        emit liveUpdated(m_live);
        runIdleCallbacks();
    });
    connect(&m_engine, &LiveEngine::failed, this, [this](const QString& message) {
        emit errorOccurred(message);
        runIdleCallbacks();
    });
    for (BackgroundTask* t : tasks()) {
        connect(t, &BackgroundTask::failed, this,
                [this](const QString& title, const QString& message) { emit errorOccurred(title + ": " + message); });
        connect(t, &BackgroundTask::finished, this, &Workspace::runIdleCallbacks, Qt::QueuedConnection);
    }
    connect(&m_preparer, &BackgroundTask::failed, this, [this](const QString&, const QString&) {
        m_analysis.reset();
        m_several.reset();
        m_engine.setAnalysis(nullptr);
        emit analysisCleared();
    });
}

Workspace::~Workspace()
{
    m_idleCallbacks.clear();
    for (BackgroundTask* t : tasks())
        t->shutdown();
    m_engine.shutdown();
}

QList<BackgroundTask*> Workspace::tasks() const
{
    auto* self = const_cast<Workspace*>(this);
    return {&self->m_loader, &self->m_preparer, &self->m_surfaceTask, &self->m_optimizer, &self->m_tradeOffTask};
}

void Workspace::openCsv(const QStringList& paths, const CsvOptions& options)
{
    if (paths.isEmpty())
        return;
    m_pendingRename.reset(); // other data, or a rename's reload that sets it again
    std::vector<std::string> files;
    for (const QString& p : paths)
        files.push_back(p.toStdString());
    m_loader.start([this, files, paths, options](TaskControl& control) -> BackgroundTask::Completion {
        for (const auto& f : files)
            checkInputFile(f); // a FIFO named by a session would block the loader for ever
        const ProgressFunction progress = [&control](double f) {
            control.setProgress(f < 0 ? 0 : static_cast<int>(f * 1000), f < 0 ? 0 : 1000);
            return !control.isCanceled();
        };
        api::SourceRequest request; // CSV files, or one SPSS, Stata or SAS file by its extension
        request.files = files;
        request.csv = options;
        request.progress = progress;
        const std::shared_ptr<const DataSource> source = api::openSource(request);
        return [this, source, paths, options]() { adoptSource(source, paths, options); };
    });
}

void Workspace::openDatabase(const DatabaseChoice& choice, const sql::Credentials& login)
{
    const CsvOptions options; // the missing-value tokens: '?' and an empty value, besides NULL
    m_pendingRename.reset();
    const sql::CredentialsPrompt prompt = m_prompt;
    m_loader.start([this, choice, login, options, prompt](TaskControl& control) -> BackgroundTask::Completion {
        control.setProgress(0, 0);
        auto source = sql::openSqlDataSource(choice.url.toStdString(), choice.table.toStdString(),
                                             choice.query.toStdString(), options.missingTokens, login, prompt);
        if (control.isCanceled())
            throw sql::SqlCancelled();
        source->summary(); // one GROUP BY per column, here rather than on the GUI thread
        DatabaseChoice stored = choice;
        stored.url = QString::fromStdString(source->source().location().url()); // without the password
        const QStringList paths = databasePaths(stored);
        return [this, source, paths, options]() {
            adoptSource(source, paths, options);
            for (const std::string& w : source->source().warnings())
                emit warningIssued(QString::fromStdString(w));
        };
    });
}

bool Workspace::applyBins(const std::vector<BinSpec>& bins)
{
    try {
        m_source = withBins(m_rawSource, bins);
        m_bins = bins;
        return true;
    } catch (const std::exception& e) {
        m_source = m_rawSource;
        m_bins.clear();
        emit errorOccurred(tr("Binning: %1").arg(errorText(e)));
        return false;
    }
}

void Workspace::setBins(const std::vector<BinSpec>& bins)
{
    if (!m_rawSource)
        return;
    const auto raw = m_rawSource;
    m_loader.start([this, raw, bins](TaskControl& control) -> BackgroundTask::Completion {
        control.setProgress(0, 0);
        auto binned = withBins(raw, bins); // resolves the bins over the counted summary
        return [this, raw, binned, bins]() {
            if (raw != m_rawSource)
                return; // another file was opened meanwhile
            m_source = binned;
            m_bins = bins;
            binnedSourceChanged();
        };
    });
}

void Workspace::dropAnalysis()
{
    m_analysis.reset();
    m_several.reset();
    m_engine.setAnalysis(nullptr);
    m_surface.reset();
    m_tradeOff.reset();
    m_surfaceKey.clear();
    emit analysisCleared();
}

void Workspace::binnedSourceChanged()
{
    dropAnalysis();
    emit tableLoaded();
    prepare();
}

void Workspace::adoptSource(std::shared_ptr<const DataSource> source, const QStringList& paths,
                            const CsvOptions& options)
{
    m_rawSource = std::move(source);
    m_source = m_rawSource;
    m_bins.clear();
    if (m_pendingRename) { // the same data under a new column name: the renamed state stays
        const std::vector<BinSpec> bins = *m_pendingRename;
        m_pendingRename.reset();
        m_csvOptions = options;
        if (!bins.empty())
            applyBins(bins);
        binnedSourceChanged();
        return;
    }
    if (m_pendingSession && !m_pendingSession->bins.empty())
        applyBins(m_pendingSession->bins);
    m_csvOptions = options;
    dropAnalysis();
    const QSignalBlocker block(m_state); // one prepare below, not one per restored field
    if (m_pendingSession) {
        SessionData s = *m_pendingSession;
        m_pendingSession.reset();
        setSessionDataPaths(s, paths);
        restoreSession(*m_state, s);
    } else {
        m_pendingTradeOff.reset(); // a file opened on its own: no saved result applies
        m_pendingComparison.reset();
        std::vector<std::pair<std::string, int>> attributes;
        for (const auto& a : m_source->summary().attributes) // an attribute to bin first gets no default role
            attributes.emplace_back(a.name, numericProfile(a.categories).needsBinning ? 0 : static_cast<int>(a.categories.size()));
        const DefaultRoles roles = defaultRoles(attributes);
        m_defaultRolesReason = roles.reason;
        m_state->restore(paths, roles.spec, RandomizationMode::QI, {}, 1.0 / 3.0, ViewChoices{});
    }
    emit tableLoaded();
    prepare();
}

void Workspace::openSession(const QString& path)
{
    applySession(readSessionFile(path));
}

void Workspace::applySession(const SessionData& session)
{
    m_pendingTradeOff = session.tradeOff; // checked against the analysis the session prepares
    m_pendingComparison = session.comparison;
    const bool sameImport = !session.import || (session.import->hasHeader == m_csvOptions.hasHeader &&
                                                session.import->delimiter == m_csvOptions.delimiter &&
                                                session.import->missingTokens == m_csvOptions.missingTokens &&
                                                session.import->columnNames == m_csvOptions.columnNames);
    if (m_source && sessionDataPaths(session) == m_state->dataPaths() && sameImport) { // same data: no reload
        const bool rebinned = session.bins != m_bins;
        if (rebinned)
            applyBins(session.bins);
        restoreSession(*m_state, session);
        if (rebinned)
            binnedSourceChanged();
        else
            prepare();
        return;
    }
    m_pendingSession = session;
    if (const auto db = databaseFrom(sessionDataPaths(session))) {
        openDatabase(*db); // the password again from the prompt: sessions hold none
        return;
    }
    CsvOptions options;
    if (session.import) {
        options = *session.import;
    } else { // an older session: read the file as File > Open would
        try {
            options = guessCsvOptions(session.dataPaths.front());
        } catch (const std::exception&) {
            // opening reports the problem with the file
        }
    }
    openCsv(sessionDataPaths(session), options);
}

SessionData Workspace::captureSession() const
{
    SessionData s = rr::ui::captureSession(*m_state);
    s.p = retentionsInUse(s.spec, s.p); // p of attributes outside the roles is not shown
    if (!s.database && m_source)
        s.import = m_csvOptions;
    s.bins = m_bins;
    if (m_tradeOff && m_analysis) // always the current analysis's: a new one clears it
        s.tradeOff = SavedTradeOff{m_inputs, m_tradeOffSeed, *m_tradeOff};
    return s;
}

void Workspace::saveSession(const QString& path) const
{
    writeSessionFile(captureSession(), path);
}

std::vector<double> Workspace::effectiveP() const
{
    return m_analysis ? retentionsInMode(*m_analysis, m_state->mode(), m_state->retentions()) : std::vector<double>{};
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
    if (!m_source)
        return;
    auto source = m_source;
    const AnalysisSpec spec = m_state->spec();
    // Counting again from the source (a streaming pass for CSV files, a GROUP BY for databases) runs here,
    // never on the GUI thread.
    m_preparer.start([this, source, spec](TaskControl& control) -> BackgroundTask::Completion {
        // The memory guard before any counting: the summary's categories bound the domains.
        checkRoles(spec); // its message first: a role missing is not a memory problem
        checkAnalysisMemory(source->summary(), spec, kDefaultAnalysisBudget);
        auto analysis = prepareAnalysis(*source, spec, [&control](double f) {
            control.setProgress(f < 0 ? 0 : static_cast<int>(f * 1000), f < 0 ? 0 : 1000);
            return !control.isCanceled();
        });
        checkRandomizable(*analysis); // every analysed attribute gets a slider
        std::shared_ptr<const SeveralSensitiveAnalysis> several;
        if (!spec.alsoSensitive.empty()) { // issue 22: every sensitive attribute over its own table
            several = std::make_shared<const SeveralSensitiveAnalysis>(
                prepareSeveralSensitive(*source, severalSensitiveSpec(spec), [&control](double) {
                    return !control.isCanceled();
                }));
            checkRandomizable(several->all); // their attributes get sliders too
        }
        ResultInputs inputs = inputsOf(*analysis); // a pass over the counts: here, not on the GUI thread
        return [this, analysis, several, source, inputs = std::move(inputs)]() {
            if (source != m_source)
                return;
            m_analysis = analysis;
            m_several = several;
            m_inputs = inputs;
            m_engine.setAnalysis(analysis);
            m_surfaceKey.clear();
            m_tradeOff.reset();
            {
                // Choices naming what this analysis lacks (old roles, another file) become what is shown.
                const QSignalBlocker block(m_state);
                m_state->setView(shownChoices(*analysis, m_state->view()));
            }
            emit analysisReady();
            restoreSavedResults();
            requestLive();
            maybeRecomputeSurface();
        };
    });
}

void Workspace::restoreSavedResults()
{
    if (!m_analysis)
        return;
    if (m_pendingComparison) {
        const SavedComparison saved = std::move(*m_pendingComparison);
        m_pendingComparison.reset();
        if (saved.inputs == m_inputs)
            emit savedComparisonRestored(saved);
        else
            emit savedResultDropped(tr("The comparison saved in the session was computed for other records, roles "
                                       "or missing-value policy; it is not shown. Press Compare on the Comparison "
                                       "page."));
    }
    if (!m_pendingTradeOff)
        return;
    const SavedTradeOff saved = *m_pendingTradeOff;
    m_pendingTradeOff.reset();
    const ViewChoices& v = m_state->view();
    const bool sameChoices = saved.curve.metric == v.metric && saved.curve.lMax == v.tradeOffMaxL &&
                             (saved.curve.metric != UtilityMetric::VariationalDistance || saved.seed == v.seed);
    if (!(saved.inputs == m_inputs) || !sameChoices) {
        emit savedResultDropped(
            tr("The trade-off curves saved in the session were computed for other %1; they are "
               "not shown. Press Compute on the Trade-off page.")
                .arg(sameChoices ? tr("records, roles or missing-value policy") : tr("trade-off choices")));
        return;
    }
    m_tradeOff = std::make_shared<const TradeOffCurve>(saved.curve);
    m_tradeOffSeed = saved.seed;
    emit tradeOffUpdated(m_tradeOff);
}

void Workspace::requestLive()
{
    if (!m_analysis)
        return;
    try {
        FrameRequest request = buildFrameRequest(*m_analysis, *m_state, ++m_generation);
        if (m_state->adjusting()) { // a drag: the re-identification risk waits for its end
            request.reidentificationThreshold.reset();
            request.reidentificationDeferred = true;
        }
        if (m_several) {
            request.several = m_several;
            request.severalP = retentionsInMode(*m_several, m_state->mode(), m_state->retentions());
        }
        m_engine.request(std::move(request));
    } catch (const std::exception& e) {
        emit errorOccurred(errorText(e));
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
    std::string key = surfaceKey(m_inputs, resolveView(*m_analysis, m_state->view()), effectiveP());
    if (key == m_surfaceKey)
        return;
    m_surfaceKey = std::move(key);
    computeSurface();
}

void Workspace::computeSurface()
{
    if (!m_analysis)
        return;
    auto analysis = m_analysis;
    const ResolvedView v = resolveView(*analysis, m_state->view());
    SurfaceRequest request;
    request.x = v.surfaceX;
    request.y = v.surfaceY;
    request.cell = v.surfaceCell;
    request.threads = 2; // both cores: the grid is what a drag waits for on this page
    const auto p = effectiveP();
    m_surfaceTask.start([this, analysis, request, p](TaskControl& control) -> BackgroundTask::Completion {
        DisclosureRiskModel model = analysis->model; // this thread's scratch buffers
        auto result = std::make_shared<const SurfaceFrame>(
            computeSurfaceFrame(*analysis, model, p, request, [&control](int done, int total) {
                control.setProgress(done, total);
                return !control.isCanceled();
            }));
        if (!result->surface.complete)
            return {};
        return [this, analysis, result]() {
            if (analysis != m_analysis)
                return;
            m_surface = result;
            emit surfaceUpdated(m_surface);
        };
    });
}

// l above a sensitive attribute's number of values cannot mean what the owner reads (issue 46): the reasons, or empty.
static std::string lBeyondValues(const PreparedAnalysis& analysis, const SeveralSensitiveAnalysis* several, double l)
{
    std::vector<const PreparedTable*> tables;
    if (several)
        for (const auto& t : several->perTarget)
            tables.push_back(t.get());
    else
        tables.push_back(&analysis);
    std::string out;
    for (const PreparedTable* t : tables)
        if (l > t->dims.back() * (1 + 1e-9))
            out += (out.empty() ? "" : "; ") + lBeyondValuesReason(t->names.back(), t->dims.back());
    return out;
}

namespace {

// Whether the mode randomizes each attribute optimized: the views' table's, or every sensitive attribute's.
std::vector<char> randomizedAxes(const std::shared_ptr<const PreparedAnalysis>& analysis,
                                 const std::shared_ptr<const SeveralSensitiveAnalysis>& several, RandomizationMode mode)
{
    std::vector<char> randomized;
    if (several)
        randomized = randomizedInMode(*several, mode);
    else
        for (int i = 0; i < analysis->axisCount(); ++i)
            randomized.push_back(isRandomized(mode, i, analysis->axisCount()));
    return randomized;
}

} // namespace
void Workspace::optimize()
{
    if (!m_analysis) {
        emit errorOccurred(tr("Open a table and choose roles before optimizing."));
        return;
    }
    auto analysis = m_analysis;
    auto several = m_several;
    const RandomizationMode mode = m_state->mode();
    const double tau = m_state->tau();
    if (const std::string refused = lBeyondValues(*analysis, several.get(), 1.0 / tau); !refused.empty()) {
        emit errorOccurred(QString::fromStdString(refused)); // issue 46: the CLI's words
        return;
    }
    const double maxReidentification = m_state->view().maxReidentification;
    const std::string forAnalysis = m_optimizeFor.toStdString();
    api::OptimizeRequest request; // the CLI's `optimize` over the tables the workspace holds (issue 43)
    request.mode = mode;
    request.tau = tau;
    if (maxReidentification > 0)
        request.maxReidentification = maxReidentification;
    if (!m_optimizeFor.isEmpty())
        request.analysis = m_optimizeFor.toStdString();
    request.threads = 2;
    m_optimizer.start([this, analysis, several, request](TaskControl& control) -> BackgroundTask::Completion {
        const auto keepRunning = [&control](double) { return !control.isCanceled(); };
        const api::OptimizeResult answer = several ? api::optimizeOver(request, *several, keepRunning)
                                                   : api::optimizeOver(request, *analysis, keepRunning);
        OptimizationResult result = answer.result;
        if (answer.infeasibility) { // the owner's words: who blocks, what each mode reaches (issue 46)
            result.explanation = answer.infeasibility->explanation;
            result.bothMeetsTarget = bothReaches(answer.infeasibility->bestL, request.mode, 1.0 / *request.tau);
        }
        std::optional<AnalysisOptimum> optimum; // for an analysis: both optima (core's path of optimize --for)
        if (answer.analysis)
            optimum = AnalysisOptimum{QString::fromStdString(answer.analysis->text),
                                      QString::fromStdString(answer.analysis->description),
                                      {answer.result, answer.analysis->classic,
                                       answer.analysis->classicAnalysisObjective}};
        const PreparedTable& table = several ? several->all : *analysis;
        const std::vector<char> randomized = randomizedAxes(analysis, several, request.mode);
        return [this, analysis, result, mode = request.mode, names = table.names, randomized, optimum]() {
            applyOptimum(analysis, result, mode, names, randomized, optimum);
        };
    });
}

// A finished Optimize: the feasible p set in one undo step (unless the analysis changed meanwhile).
void Workspace::applyOptimum(const std::shared_ptr<const PreparedAnalysis>& analysis, const OptimizationResult& result,
                             RandomizationMode mode, const std::vector<std::string>& names,
                             const std::vector<char>& randomized, const std::optional<AnalysisOptimum>& optimum)
{
    if (analysis != m_analysis)
        return;
    m_lastAnalysisOptimum = optimum;
    if (result.feasible && result.p.size() == names.size()) {
        std::map<std::string, double> values;
        for (std::size_t i = 0; i < result.p.size(); ++i)
            if (randomized[i])
                values[names[i]] = result.p[i];
        m_state->setRetentions(values, tr("Optimize %1 at l = %2")
                                           .arg(QString::fromStdString(modeLabel(mode)))
                                           .arg(1.0 / result.tau, 0, 'g', 4));
    }
    emit optimizationFinished(result, mode);
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
        auto result = std::make_shared<const TradeOffCurve>(
            computeTradeOffCurve(*analysis, model, metric, lMax, seed, [&control](int done, int total) {
                control.setProgress(done, total);
                return !control.isCanceled();
            }));
        return [this, analysis, result, seed]() {
            if (analysis != m_analysis)
                return;
            m_tradeOff = result;
            m_tradeOffSeed = seed;
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

bool Workspace::isIdle() const
{
    for (BackgroundTask* t : tasks())
        if (t->isRunning())
            return false;
    return m_engine.isIdle();
}

void Workspace::whenIdle(std::function<void()> then)
{
    m_idleCallbacks.push_back(std::move(then));
    runIdleCallbacks();
}

void Workspace::runIdleCallbacks()
{
    if (m_idleCallbacks.empty() || !isIdle())
        return;
    const auto callbacks = std::move(m_idleCallbacks);
    m_idleCallbacks.clear();
    for (const auto& f : callbacks)
        f();
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
