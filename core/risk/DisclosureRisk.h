#pragma once
#include "core/contingency/ContingencyTable.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/risk/RandomizationMode.h"
#include "core/risk/RiskKernels.h"

#include <Eigen/Core>

#include <algorithm>
#include <functional>

#include <memory>
#include <string>
#include <vector>

namespace rr {

// Attribute-disclosure risk Pr(S_r | QI_r) (003 Definition 7, Result 15) for every cell of a
// joint table whose axes are the quasi-identifiers followed by the sensitive attribute (last).
// The read-only part (the table, its proportions and the layout of the QI groups) is computed once
// and shared by every copy; a copy owns only the scratch buffers an evaluation writes. So each
// worker thread copies the model cheaply, and evaluating many parameter vectors (sliders, surfaces,
// the optimizer) allocates nothing.
class DisclosureRiskModel {
public:
    // `joint`: counts over (QI_1, ..., QI_m, S); S is the last axis. Throws InputError for fewer than
    // two axes, or a total count that is not a positive finite number.
    // keepRunning: asked between the passes that build the model (at 60M cells they take 0.7 s in all); false
    // throws Cancelled.
    explicit DisclosureRiskModel(const ContingencyTable& joint, const std::function<bool()>& keepRunning = {});
    // A model sharing `other`'s table with scratch of its own, as after construction (no cached pass): what a
    // copy gives, but stoppable through keepRunning while its buffers are faulted in (a second at 60M cells).
    DisclosureRiskModel(const DisclosureRiskModel& other, const std::function<bool()>& keepRunning);
    DisclosureRiskModel(const DisclosureRiskModel&) = default;
    DisclosureRiskModel& operator=(const DisclosureRiskModel&) = default;
    DisclosureRiskModel(DisclosureRiskModel&&) = default;
    DisclosureRiskModel& operator=(DisclosureRiskModel&&) = default;

    int qiCount() const { return static_cast<int>(m_shared->dims.size()) - 1; }
    const std::vector<int>& dims() const { return m_shared->dims; }
    const ContingencyTable& joint() const { return m_shared->joint; }
    // Original proportions pi over the joint domain and over the QI domain.
    const Eigen::VectorXd& pi() const { return m_shared->pi; }
    const Eigen::VectorXd& piQi() const { return m_shared->piQi; }
    // Indices of cells with at least one record (the "records" of max_r).
    const std::vector<Eigen::Index>& presentCells() const { return m_shared->present; }

    // Pr(S_r | QI_r) for every cell (0 for empty cells). 003 eq. 5.6
    const Eigen::VectorXd& evaluate(const std::vector<DistortionMatrix>& qi, const DistortionMatrix& s);
    // max_r Pr(S_r | QI_r) only (the optimizer's constraint).
    double maxRisk(const std::vector<DistortionMatrix>& qi, const DistortionMatrix& s);

    // The same for Warner k-ary matrices given by their retention probabilities, one per
    // axis (QIs then S), each in [0, 1]; builds no matrix, so a search can call it freely.
    const Eigen::VectorXd& evaluateWarner(const std::vector<double>& p);
    double maxRiskWarner(const std::vector<double>& p);
    // Pr(S_r | QI_r) of the present cells (presentCells()[c] for c = 0..) only, into `out`: what a search
    // over the records needs, without writing the D-sized per-cell vector.
    void presentRiskWarner(const std::vector<double>& p, const std::vector<std::size_t>& which, double* out);

    // Pr(QI_r -> QI_r) for every QI cell (eta). 003 eq. 5.7, 5.14
    Eigen::VectorXd qiReconstruction(const std::vector<DistortionMatrix>& qi);

    // Threads of one evaluation (1 by default): the QI groups and the cells are split into ranges, each
    // computed exactly as on one thread, so the results are bitwise identical for any count. Pays from
    // about a million cells (kParallelCells); below that one thread is used whatever is set.
    static constexpr Eigen::Index kParallelCells = Eigen::Index(1) << 20;
    void setThreads(int threads)
    {
        m_threads = threads < 1 ? 1 : threads;
        m_rangeMax.assign(static_cast<std::size_t>(m_threads), 0.0);
        m_rowWork.setZero(Eigen::Index(std::max(m_threads, 2)) * riskkernels::rowScratchSize(m_shared->ds));
    }
    int threads() const { return m_threads; }

    // Asked before every evaluation (on the calling thread); returning false stops the work there with
    // Cancelled: how a front end stops a long search (the Python module's Ctrl+C). Empty: never asked.
    void setKeepRunning(std::function<bool()> keepRunning) { m_keepRunning = std::move(keepRunning); }

    // The bytes of every buffer this model holds (shared tables and scratch): what AnalysisMemory counts.
    std::size_t bufferBytes() const;
    // The bytes of the scratch alone: what each further copy (a worker thread) adds.
    std::size_t scratchBytes() const;

    // Property 1: the per-cell minimum of Pr(S_r | QI_r) for a mode (reached at p = 1/d).
    Eigen::VectorXd propertyOneMinimum(RandomizationMode mode) const;

private:
    // Computed once from the table; never written after construction.
    struct Shared {
        ContingencyTable joint;
        std::vector<int> dims, qiDims;
        int ds = 0;
        Eigen::VectorXd pi, piQi; // pi, pi_QI (each row of pi summed in order, as the risk kernel sums it)
        std::vector<Eigen::Index> present;
    };
    static std::shared_ptr<const Shared> makeShared(const ContingencyTable& joint, const std::function<bool()>& goOn);
    void allocateScratch(const std::function<bool()>& keepRunning); // the constructors' buffers, zeroed

    void loadMatrices(const std::vector<DistortionMatrix>& qi, const DistortionMatrix& s);
    void loadWarner(const std::vector<double>& p);
    // 003 eq. 5.14 up to the last step: sets m_rows' eta part (eta / pi_QI of each QI cell from m_lambda).
    void computeQi();
    // computeQi for Warner retentions p (QIs then S), unless the QIs' are those of the last call.
    void computeQiWarner(const std::vector<double>& p);
    bool sameQiRetentions(const std::vector<double>& p) const;
    static constexpr int kMaxFusedAxes = 32; // QIs the fused path takes (the chained one takes any number)
    static constexpr Eigen::Index kColumnSegments = 8; // the fused path's column sums: segments of axis 0
    bool fusedQi() const; // every QI factor uniform, the first axis of at least 2 categories
    void computeQiFused(int threads);
    void computeQiChain(int threads);
    void computeS(); // sets m_rows' sensitive part (003 eq. 5.8)
    // 003 eq. 5.6 row by row over the QI cells (on the model's threads), returning the largest risk; with
    // `scatter`, every cell's risk is written to m_risk.
    double computeRisk(bool scatter);
    // Points m_rows at this copy's buffers (a copy of the model copies m_rows too).
    void bindRows();
    bool boundFits() const; // m_bound was left by a pass with the P_s of m_rows
    int effectiveThreads() const; // m_threads from kParallelCells cells, else 1

    std::shared_ptr<const Shared> m_shared;
    std::vector<const KroneckerFactor*> m_p; // P_k per axis (QIs then S), borrowed for one call
    std::vector<KroneckerFactor> m_warner;   // P_k built in place for evaluateWarner
    std::vector<KroneckerFactor> m_p2t;      // (P_k o P_k)^T per axis
    riskkernels::RowRiskInputs m_rows;       // what the row kernel reads, set by computeQi and computeS
    // The QIs' retentions m_rows' eta part was computed for (Warner calls; empty when it came from matrices):
    // a call that changes only p_s (the optimizer's gradient along S) reuses it.
    std::vector<double> m_qiRetentions;
    std::vector<double> m_rangeMax = std::vector<double>(1, 0.0); // the maximum of each thread's range
    int m_threads = 1;
    std::function<bool()> m_keepRunning;
    // Scratch, sized once in the constructor; evaluating reuses it without allocating. QI-sized: m_lambda
    // (lambda, then eta / pi_QI's part), m_work (column and segment sums, mode-product blocks; two blocks of
    // axis 0 more than the QI cells), m_bound; D-sized: m_rho (a general P_s only) and m_risk (the per-cell
    // result); m_rowWork: a row kernel's scratch per thread.
    Eigen::VectorXd m_lambda, m_work, m_rho, m_risk, m_rowWork;
    // Each QI row's largest pi_{QI,S} Pr(S -> S | QI) of the last largest-risk pass, and the P_s it was for:
    // a pass that changes only the QIs' p (the optimizer's QI steps, a surface over two QIs) needs only eta.
    Eigen::VectorXd m_bound;
    bool m_boundValid = false;
    riskkernels::RowRiskInputs::Sensitive m_boundMode = riskkernels::RowRiskInputs::Sensitive::Identity;
    double m_boundA = 0, m_boundB = 0;
    double m_zero = 0.0;        // the column sum of the chained path (eta / pi_QI = lambda + 0)
    bool m_etaFromWork = false; // the fused path: the column sums at the start of m_work
};

// Risk over records, weighted by their counts.
struct RiskSummary {
    double records = 0;    // total weight
    std::size_t cells = 0; // non-empty (QI, S) cells
    double maxRisk = 0;
    double meanRisk = 0;              // mean over records
    double p50 = 0, p90 = 0, p99 = 0; // quantiles over records
    double recordsOverTau = 0;        // records with risk > tau (0 when tau is not given)
    Eigen::Index worstCell = -1;      // index into the joint table
};

// Summaries of per-cell risks weighted by the joint table's counts. tau <= 0 means "not given".
RiskSummary summarizeRisk(const Eigen::VectorXd& risk, const ContingencyTable& joint, double tau = 0.0);

// Weighted lower quantile: the smallest risk r with (records at risk <= r) >= q * total.
double weightedQuantile(std::vector<std::pair<double, double>> riskAndWeight, double q);

} // namespace rr
