#pragma once
// The open table and everything computed from it. Loads, prepares, and runs surfaces, the
// optimizer and the trade-off curve in the background (BackgroundTask); views 1, 2, 4 through
// the coalescing LiveEngine. Views listen to its signals; it never touches a widget.
#include "core/data/Table.h"
#include "core/optimization/OptimalParameters.h"
#include "core/optimization/TradeOff.h"
#include "core/risk/RiskSurface.h"
#include "ui/compute/BackgroundTask.h"
#include "ui/compute/LiveEngine.h"
#include "ui/session/AnalysisState.h"
#include "ui/session/SessionFile.h"

#include <QObject>

#include <memory>
#include <optional>

namespace rr::ui {

struct SurfaceResult {
    RiskSurface surface;
    std::vector<double> p; // the parameters it was computed at (current point)
    std::string xName, yName;
    std::optional<Eigen::Index> cell; // selected record, or max risk
    std::string cellLabel;
    double seconds = 0; // wall time of the grid
};

struct TradeOffResult {
    std::vector<TradeOffPoint> points;
    UtilityMetric metric = UtilityMetric::TraceCovariance;
    int lMax = 6;
    bool complete = true;
};

class Workspace : public QObject {
    Q_OBJECT
public:
    explicit Workspace(AnalysisState* state, QObject* parent = nullptr);

    AnalysisState* state() const { return m_state; }
    std::shared_ptr<const Table> table() const { return m_table; }
    std::shared_ptr<const PreparedAnalysis> analysis() const { return m_analysis; }
    std::shared_ptr<const LiveResult> lastLive() const { return m_live; }
    std::shared_ptr<const SurfaceResult> lastSurface() const { return m_surface; }
    std::shared_ptr<const TradeOffResult> lastTradeOff() const { return m_tradeOff; }

    // Opens CSV files as one table in the background; roles default to EMGRW on Adult.
    void openCsv(const QStringList& paths);
    // Opens a session: its data in the background, then its roles, parameters and views.
    // Throws rr::InputError for a malformed session file (before anything changes).
    void openSession(const QString& path);
    void applySession(const SessionData& session);
    void saveSession(const QString& path) const;

    // p per axis of the analysis as views use them (1 outside the mode).
    std::vector<double> effectiveP() const;

    void optimize();     // the current mode at the target tau
    void optimizeBoth(); // switch to RR-Both, then optimize
    void computeTradeOff();
    void computeSurface();
    // The surface follows the parameters only while it is shown (the window tells); a hidden
    // surface is brought up to date when it is shown again. Default: shown (headless export).
    void setSurfaceShown(bool shown);
    void resample(); // a new seed for the simulated randomization

    LiveEngine* liveEngine() { return &m_engine; }
    QList<BackgroundTask*> tasks() const;
    // Blocks until loading, preparing, live views and surface are done (tests, headless export).
    void waitForIdle();

signals:
    void tableLoaded();
    void analysisReady();
    void analysisCleared();
    void liveUpdated(std::shared_ptr<const rr::ui::LiveResult> result);
    void surfaceUpdated(std::shared_ptr<const rr::ui::SurfaceResult> result);
    void tradeOffUpdated(std::shared_ptr<const rr::ui::TradeOffResult> result);
    void optimizationFinished(const rr::OptimizationResult& result, rr::RandomizationMode mode);
    void errorOccurred(const QString& message);
    void statusMessage(const QString& message);

private:
    void onSpecChanged();
    void onParametersChanged();
    void onViewChanged();
    void prepare();
    void requestLive();
    void maybeRecomputeSurface();

    AnalysisState* m_state;
    std::shared_ptr<const Table> m_table;
    std::shared_ptr<const PreparedAnalysis> m_analysis;
    std::shared_ptr<const LiveResult> m_live;
    std::shared_ptr<const SurfaceResult> m_surface;
    std::shared_ptr<const TradeOffResult> m_tradeOff;
    std::optional<SessionData> m_pendingSession;
    LiveEngine m_engine;
    BackgroundTask m_loader{tr("Loading data")};
    BackgroundTask m_preparer{tr("Preparing the analysis")};
    BackgroundTask m_surfaceTask{tr("Risk surface")};
    BackgroundTask m_optimizer{tr("Optimizing")};
    BackgroundTask m_tradeOffTask{tr("Trade-off curve")};
    std::uint64_t m_generation = 0;
    std::string m_surfaceKey;
    bool m_surfaceShown = true;
};

} // namespace rr::ui
