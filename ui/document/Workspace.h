#pragma once
// The open table and everything computed from it. Loads, prepares, and runs surfaces, the
// optimizer and the trade-off curve in the background (BackgroundTask); views 1, 2, 4 through
// the coalescing LiveEngine. Views listen to its signals; it never touches a widget.
#include "core/datasource/DataSource.h"
#include "core/analysis/DefaultRoles.h"
#include "core/analysis/Frame.h"
#include "core/analysis/SeveralSensitive.h"
#include "core/analysis/SurfaceFrame.h"
#include "core/analysis/TradeOffCurve.h"
#include "core/data/Binning.h"
#include "core/data/CsvReader.h"
#include "core/models/AnalysisOptima.h"
#include "core/optimization/OptimalParameters.h"
#include "ui/tasks/BackgroundTask.h"
#include "ui/tasks/LiveEngine.h"
#include "ui/session/AnalysisState.h"
#include "ui/session/DatabaseChoice.h"
#include "ui/session/SessionCapture.h"
#include "core/session/SessionResults.h"
#include "core/sources/SqlSource.h"

#include <QObject>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rr::ui {

struct ResolvedView;

// The cache key of a risk surface, by value: the analysis's inputs (roles, policy and a fingerprint of its
// names, categories and counts; never its address), the two axes, the selected cell and every other p.
std::string surfaceKey(const ResultInputs& inputs, const ResolvedView& view, const std::vector<double>& p);

class Workspace : public QObject {
    Q_OBJECT
public:
    explicit Workspace(AnalysisState* state, QObject* parent = nullptr);
    ~Workspace() override; // joins every background job first

    AnalysisState* state() const { return m_state; }
    std::shared_ptr<const DataSource> source() const { return m_source; }
    // The source as opened, before any bins, and the bins the shown source applies (issue 21).
    std::shared_ptr<const DataSource> rawSource() const { return m_rawSource; }
    const std::vector<BinSpec>& bins() const { return m_bins; }
    // Re-wraps the opened source with these bins in the background (the roles stay); a bad spec (an
    // attribute without numbers) is reported by errorOccurred and changes nothing.
    void setBins(const std::vector<BinSpec>& bins);
    std::shared_ptr<const PreparedAnalysis> analysis() const { return m_analysis; }
    // Every sensitive attribute over its own table, when the roles name more than one (issue 22); else null.
    std::shared_ptr<const SeveralSensitiveAnalysis> several() const { return m_several; }
    std::shared_ptr<const Frame> lastLive() const { return m_live; }
    std::shared_ptr<const SurfaceFrame> lastSurface() const { return m_surface; }
    std::shared_ptr<const TradeOffCurve> lastTradeOff() const { return m_tradeOff; }

    // Opens CSV files as one source in the background (one streaming pass with progress); roles default
    // to EMGRW on Adult.
    void openCsv(const QStringList& paths, const CsvOptions& options = {});
    const CsvOptions& csvOptions() const { return m_csvOptions; }
    // Why the table opened last got the sensitive attribute it has (when the program chose the roles).
    SensitiveReason defaultRolesReason() const { return m_defaultRolesReason; }
    // Opens a database table or query (core/sources) in the background: connects, checks it and counts each
    // column's values (one GROUP BY each); analyses then count in the database. `login` overrides the
    // URL's; the prompt (setCredentialsPrompt) is asked, from the worker, when the server refuses it.
    // The state keeps the URL without its password (a session never holds one).
    void openDatabase(const DatabaseChoice& choice, const sql::Credentials& login = {});
    void setCredentialsPrompt(sql::CredentialsPrompt prompt) { m_prompt = std::move(prompt); }
    // Opens a session: its data in the background, then its roles, parameters and views.
    // Throws rr::InputError for a malformed session file (before anything changes).
    void openSession(const QString& path);
    void applySession(const SessionData& session);
    // The session of what is shown: the state, p of the analysed attributes only, the import options.
    SessionData captureSession() const;
    void saveSession(const QString& path) const;

    // Renames a column of the CSV files (issue 20, bug 13) as one undo step: the files are read again with the
    // new name (CsvOptions::columnNames, kept by the session), and the roles, p, bins and views' choices that
    // named the old name follow. Throws InputError, changing nothing, for data that is not CSV (a database
    // or an SPSS, Stata or SAS file names its own columns), an unknown column, the count column, or a new
    // name that is empty, padded with spaces or already used.
    void renameAttribute(const std::string& from, const std::string& to);

    // p per axis of the analysis as views use them (1 outside the mode).
    std::vector<double> effectiveP() const;

    void optimize();     // the current mode at the target tau (for the analysis chosen by setOptimizeFor)
    // What Optimize minimizes (issue 44): empty, 003's utility loss prod ||P_i^-1||_F^2; or one analysis' expected
    // variance as optimize --for names it ("regress:Y=V~A,B", "cells:A,B"), today's optimum computed beside it.
    void setOptimizeFor(const QString& analysis) { m_optimizeFor = analysis; }
    QString optimizeFor() const { return m_optimizeFor; }
    // The last optimization for an analysis: both optima with both objectives (nothing after one without).
    struct AnalysisOptimum {
        QString analysis;    // optimize --for's text
        QString description; // what its objective is the variance of
        rr::AnalysisOptima optima;
    };
    const std::optional<AnalysisOptimum>& lastAnalysisOptimum() const { return m_lastAnalysisOptimum; }
    void optimizeBoth(); // switch to RR-Both, then optimize
    void computeTradeOff();
    void computeSurface();
    // The surface follows the parameters only while it is shown (the window tells); a hidden
    // surface is brought up to date when it is shown again. Default: shown (headless export).
    void setSurfaceShown(bool shown);
    void resample(); // a new seed for the simulated randomization

    LiveEngine* liveEngine() { return &m_engine; }
    QList<BackgroundTask*> tasks() const;
    bool isIdle() const;
    // Runs `then` on the GUI thread once loading, preparing, live views, surface, optimizer and
    // trade-off are all done (at once when they are): for a user action that needs current results,
    // without a nested event loop.
    void whenIdle(std::function<void()> then);
    // Blocks until everything is done (tests and headless export only: a nested event loop).
    void waitForIdle();

signals:
    void tableLoaded();
    void analysisReady();
    void analysisCleared();
    void liveUpdated(std::shared_ptr<const rr::Frame> result);
    void surfaceUpdated(std::shared_ptr<const rr::SurfaceFrame> result);
    void tradeOffUpdated(std::shared_ptr<const rr::TradeOffCurve> result);
    void optimizationFinished(const rr::OptimizationResult& result, rr::RandomizationMode mode);
    void errorOccurred(const QString& message);
    // Something to know about the source just opened (a database connection that cannot be made read only).
    void warningIssued(const QString& message);
    // A result saved in the session was computed for other records, roles or choices: not shown.
    void savedResultDropped(const QString& message);
    // A comparison saved in the session, for the records and roles now analysed: the view shows it.
    void savedComparisonRestored(const rr::SavedComparison& saved);

private:
    void applyOptimum(const std::shared_ptr<const PreparedAnalysis>& analysis, const OptimizationResult& result,
                      RandomizationMode mode, const std::vector<std::string>& names,
                      const std::vector<char>& randomized, const std::optional<AnalysisOptimum>& optimum);
    void onSpecChanged();
    void onParametersChanged();
    void onViewChanged();
    void prepare();
    void requestLive();
    void maybeRecomputeSurface();
    void runIdleCallbacks();
    void restoreSavedResults();
    // On the GUI thread: the new source replaces the old one; roles from the pending session or defaults.
    void adoptSource(std::shared_ptr<const DataSource> source, const QStringList& paths, const CsvOptions& options);
    // The opened source with `bins` (cheap: the summary is counted); false with an error emitted when they
    // do not apply.
    bool applyBins(const std::vector<BinSpec>& bins);
    // The shown source changed (bins): views and the analysis follow, the roles stay.
    void binnedSourceChanged();
    // The rename itself, both ways (the undo step's): the state follows at once, the data is read again.
    void applyRename(const std::string& from, const std::string& to);
    // The CSV source's columns under the names in use (a rename may still be loading).
    std::vector<std::string> csvColumns() const;
    // Forgets the analysis and what was computed from it (a new source or new bins), and says so.
    void dropAnalysis();

    AnalysisState* m_state;
    std::shared_ptr<const DataSource> m_source;    // what is analysed: m_rawSource with m_bins
    std::shared_ptr<const DataSource> m_rawSource; // as opened
    std::vector<BinSpec> m_bins;
    CsvOptions m_csvOptions;
    SensitiveReason m_defaultRolesReason = SensitiveReason::None;
    sql::CredentialsPrompt m_prompt;
    std::shared_ptr<const PreparedAnalysis> m_analysis;
    std::shared_ptr<const SeveralSensitiveAnalysis> m_several;
    ResultInputs m_inputs; // inputsOf(*m_analysis), computed once beside it
    std::shared_ptr<const Frame> m_live;
    std::shared_ptr<const SurfaceFrame> m_surface;
    std::shared_ptr<const TradeOffCurve> m_tradeOff;
    std::uint64_t m_tradeOffSeed = 1; // of a simulated utility loss in m_tradeOff
    std::optional<SessionData> m_pendingSession;
    std::optional<std::vector<BinSpec>> m_pendingRename; // a rename loading: the state stays, these bins apply
    std::optional<SavedTradeOff> m_pendingTradeOff; // from the session, for the analysis it prepares
    std::optional<SavedComparison> m_pendingComparison;
    LiveEngine m_engine;
    BackgroundTask m_loader{tr("Loading data")};
    BackgroundTask m_preparer{tr("Preparing the analysis")};
    BackgroundTask m_surfaceTask{tr("Risk surface")};
    BackgroundTask m_optimizer{tr("Optimizing")};
    BackgroundTask m_tradeOffTask{tr("Trade-off curve")};
    std::uint64_t m_generation = 0;
    std::string m_surfaceKey;
    bool m_surfaceShown = true;
    std::vector<std::function<void()>> m_idleCallbacks;
    QString m_optimizeFor;
    std::optional<AnalysisOptimum> m_lastAnalysisOptimum;
};

} // namespace rr::ui
