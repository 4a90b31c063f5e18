#include "core/risk/DisclosureRisk.h"

#include "core/contingency/LargeVector.h"
#include "core/data/Errors.h"
#include "core/risk/RiskKernels.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <thread>

namespace rr {

namespace {

// Sets a factor to the uniform matrix (diag, off); a uniform factor holds no matrix, so this allocates
// nothing.
void setUniform(KroneckerFactor& f, double diag, double off)
{
    f.uniform = true;
    f.diag = diag;
    f.off = off;
}

// (P o P)^T in place, the factor 003 eq. 5.14 applies to 1 / lambda.
void setSquaredTransposed(KroneckerFactor& out, const KroneckerFactor& p)
{
    out.d = p.d;
    if (p.uniform) {
        setUniform(out, p.diag * p.diag, p.off * p.off);
        return;
    }
    out.uniform = false;
    out.matrix = p.matrix.cwiseAbs2().transpose();
    out.diag = out.matrix(0, 0);
    out.off = out.matrix.rows() > 1 ? out.matrix(1, 0) : 0.0;
}

// f(t, lo, hi) over [0, n) split into `threads` contiguous ranges t = 0, 1, ..., the first on this thread.
// The ranges write disjoint parts of the buffers, so the result does not depend on the count.
template <class F>
void inRanges(Eigen::Index n, int threads, const F& f)
{
    if (threads <= 1 || n < 2 * threads) {
        f(0, Eigen::Index(0), n);
        return;
    }
    const Eigen::Index step = (n + threads - 1) / threads;
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) {
        const Eigen::Index lo = t * step, hi = std::min(n, lo + step);
        if (lo < hi)
            pool.emplace_back([&f, t, lo, hi] { f(t, lo, hi); });
    }
    f(0, Eigen::Index(0), std::min(n, step));
    for (auto& t : pool)
        t.join();
}

// A mode product along `axis`; a uniform factor on `threads` threads: over blocks of the axes before
// it, or over the columns after it on the first axis. Each range does the arithmetic of the whole call.
void applyFactor(const KroneckerFactor& f, const std::vector<int>& dims, int axis, Eigen::VectorXd& x,
                 Eigen::VectorXd& work, int threads)
{
    if (!f.uniform) {
        modeProduct(f, dims, axis, x, work);
        return;
    }
    Eigen::Index inner = 1, outer = 1;
    for (std::size_t k = axis + 1; k < dims.size(); ++k)
        inner *= dims[k];
    for (int k = 0; k < axis; ++k)
        outer *= dims[k];
    const Eigen::Index d = dims[axis];
    const bool blocks = outer >= 2 * threads && threads * inner <= work.size(); // whole fibres per range
    const bool columns = outer == 1 && inner > riskkernels::kSmallAxis;         // the general path's columns
    if (threads <= 1 || !(blocks || columns)) {
        riskkernels::uniformModeProduct(f.diag, f.off, dims, axis, x.data(), work.data());
        return;
    }
    if (f.diag == 1.0 && f.off == 0.0)
        return;
    if (blocks) { // each range its own part of work
        inRanges(outer, threads, [&](int slot, Eigen::Index lo, Eigen::Index hi) {
            const std::vector<int> part{static_cast<int>(hi - lo), static_cast<int>(d), static_cast<int>(inner)};
            riskkernels::uniformModeProduct(f.diag, f.off, part, 1, x.data() + lo * d * inner,
                                            work.data() + slot * inner);
        });
        return;
    }
    inRanges(inner, threads, [&](int, Eigen::Index lo, Eigen::Index hi) {
        riskkernels::uniformModeProductColumns(f.diag, f.off, d, inner, lo, hi, x.data(), work.data());
    });
}

} // namespace

std::shared_ptr<const DisclosureRiskModel::Shared> DisclosureRiskModel::makeShared(const ContingencyTable& joint,
                                                                                   const std::function<bool()>& goOn)
{
    auto sh = std::make_shared<Shared>();
    sh->joint = ContingencyTable(joint.dims(), joint.names(), copiedOnHugePages(joint.counts(), goOn));
    stopIfAsked(goOn);
    sh->dims = joint.dims();
    if (sh->dims.size() < 2)
        throw InputError("disclosure risk needs at least one quasi-identifier and a sensitive attribute");
    const double total = joint.total();
    if (!std::isfinite(total))
        throw InputError("disclosure risk: the records' total count is not a finite number (a count too large or "
                         "not finite)");
    if (total <= 0)
        throw InputError("disclosure risk needs at least one record");
    sh->qiDims.assign(sh->dims.begin(), sh->dims.end() - 1);
    sh->ds = sh->dims.back();
    const int ds = sh->ds;
    zeroedOnHugePages(sh->pi, joint.counts().size(), goOn);
    for (Eigen::Index at = 0; at < sh->pi.size(); at += kCellsPerQuestion) { // ContingencyTable::proportions
        stopIfAsked(goOn);
        const Eigen::Index n = std::min(kCellsPerQuestion, sh->pi.size() - at);
        sh->pi.segment(at, n) = joint.counts().segment(at, n) / total;
    }
    stopIfAsked(goOn);
    const Eigen::Index nQi = sh->pi.size() / ds;
    zeroedOnHugePages(sh->piQi, nQi);
    for (Eigen::Index a = 0; a < nQi; ++a) {
        double sum = 0.0; // in order, as riskkernels::rowRisks sums a row
        for (int u = 0; u < ds; ++u)
            sum += sh->pi[a * ds + u];
        sh->piQi[a] = sum;
    }
    stopIfAsked(goOn);
    // An exact capacity: after pi this is the largest shared buffer (AnalysisMemory counts it).
    sh->present.reserve(static_cast<std::size_t>((sh->pi.array() > 0).count()));
    for (Eigen::Index i = 0; i < sh->pi.size(); ++i)
        if (sh->pi[i] > 0)
            sh->present.push_back(i);
    if (sh->present.empty())
        throw InputError("disclosure risk needs at least one record");
    return sh;
}

DisclosureRiskModel::DisclosureRiskModel(const ContingencyTable& joint, const std::function<bool()>& keepRunning)
    : m_shared(makeShared(joint, keepRunning))
{
    allocateScratch(keepRunning);
}

DisclosureRiskModel::DisclosureRiskModel(const DisclosureRiskModel& other, const std::function<bool()>& keepRunning)
    : m_shared(other.m_shared), m_threads(other.m_threads), m_keepRunning(other.m_keepRunning)
{
    allocateScratch(keepRunning);
}

void DisclosureRiskModel::allocateScratch(const std::function<bool()>& keepRunning)
{
    const Shared& sh = *m_shared;
    // Zero-filled, not just sized: the pages are touched here, not in the first evaluation (at D = 1e7
    // that first touch cost more than ten evaluations).
    zeroedOnHugePages(m_risk, sh.pi.size(), keepRunning);
    zeroedOnHugePages(m_rho, sh.pi.size(), keepRunning);
    stopIfAsked(keepRunning);
    m_p.assign(sh.dims.size(), nullptr);
    for (int d : sh.dims) {
        m_warner.push_back(KroneckerFactor::identity(d));
        m_p2t.push_back(KroneckerFactor::identity(d));
    }
    zeroedOnHugePages(m_lambda, sh.piQi.size(), keepRunning);
    m_bound.setZero(sh.piQi.size());
    // The largest block any mode product on the QI axes needs; the fused path's column sums and segment sums
    // take at most two blocks of axis 0 more than the QI cells.
    zeroedOnHugePages(m_work, sh.piQi.size() + 2 * (sh.piQi.size() / sh.qiDims.front()), keepRunning);
    m_rowWork.setZero(2 * riskkernels::rowScratchSize(sh.ds));
    m_qiRetentions.reserve(sh.qiDims.size());
    m_rows.ds = sh.ds;
    m_rows.pieceRows = std::max<Eigen::Index>(1, riskkernels::kPieceCells / sh.ds);
}

namespace {

template <class V>
std::size_t bytesOf(const V& v)
{
    return static_cast<std::size_t>(v.size()) * sizeof(typename V::Scalar);
}
template <class T>
std::size_t bytesOf(const std::vector<T>& v)
{
    return v.capacity() * sizeof(T);
}

} // namespace

std::size_t DisclosureRiskModel::scratchBytes() const
{
    return bytesOf(m_lambda) + bytesOf(m_work) + bytesOf(m_bound) + bytesOf(m_rho) + bytesOf(m_risk);
}

std::size_t DisclosureRiskModel::bufferBytes() const
{
    const Shared& sh = *m_shared;
    return scratchBytes() + bytesOf(sh.joint.counts()) + bytesOf(sh.pi) + bytesOf(sh.piQi) + bytesOf(sh.present);
}

void DisclosureRiskModel::loadMatrices(const std::vector<DistortionMatrix>& qi, const DistortionMatrix& s)
{
    stopIfAsked(m_keepRunning);
    if (static_cast<int>(qi.size()) != qiCount())
        throw InputError("disclosure risk: " + std::to_string(qi.size()) + " QI matrices for " +
                         std::to_string(qiCount()) + " quasi-identifiers");
    for (std::size_t k = 0; k < qi.size(); ++k)
        if (qi[k].size() != m_shared->qiDims[k])
            throw InputError("disclosure risk: matrix " + std::to_string(k + 1) + " has the wrong size");
    if (s.size() != m_shared->ds)
        throw InputError("disclosure risk: the sensitive matrix has the wrong size");
    for (std::size_t k = 0; k < m_shared->dims.size(); ++k) {
        m_p[k] = k < qi.size() ? &qi[k].factor() : &s.factor();
        setSquaredTransposed(m_p2t[k], *m_p[k]);
    }
}

void DisclosureRiskModel::loadWarner(const std::vector<double>& p)
{
    stopIfAsked(m_keepRunning);
    if (p.size() != m_shared->dims.size())
        throw InputError("disclosure risk: " + std::to_string(p.size()) + " retention probabilities for " +
                         std::to_string(m_shared->dims.size()) + " attributes");
    for (std::size_t k = 0; k < m_shared->dims.size(); ++k) {
        const int d = m_shared->dims[k];
        if (!(p[k] >= 0.0 && p[k] <= 1.0))
            throw InputError("a retention probability must lie in [0, 1]");
        // 003 eq. 5.2: p on the diagonal, q = (1 - p) / (d - 1) off it (as DistortionMatrix::warner)
        setUniform(m_warner[k], d > 1 ? p[k] : 1.0, d > 1 ? (1.0 - p[k]) / (d - 1) : 0.0);
        m_p[k] = &m_warner[k];
        setSquaredTransposed(m_p2t[k], m_warner[k]);
    }
}

bool DisclosureRiskModel::fusedQi() const
{
    if (qiCount() > kMaxFusedAxes)
        return false;
    for (int k = 0; k < qiCount(); ++k)
        if (!m_p[k]->uniform)
            return false;
    return m_shared->qiDims.front() >= 2;
}

bool DisclosureRiskModel::sameQiRetentions(const std::vector<double>& p) const
{
    return !m_qiRetentions.empty() && std::equal(m_qiRetentions.begin(), m_qiRetentions.end(), p.begin());
}

void DisclosureRiskModel::computeQiWarner(const std::vector<double>& p)
{
    if (sameQiRetentions(p))
        return;
    computeQi();
    m_qiRetentions.assign(p.begin(), p.end() - 1); // within the capacity reserved in the constructor
}

void DisclosureRiskModel::computeQi()
{
    m_qiRetentions.clear();
    const int m = qiCount();
    bool allIdentity = true;
    for (int k = 0; k < m; ++k)
        allIdentity = allIdentity && m_p[k]->isIdentity();
    if (allIdentity) { // Pr(QI -> QI) = 1 without randomization
        m_rows.etaOnes = true;
        return;
    }
    m_rows.etaOnes = false;
    if (fusedQi())
        computeQiFused(effectiveThreads());
    else
        computeQiChain(effectiveThreads());
}

void DisclosureRiskModel::computeQiChain(int threads)
{
    // 003 eq. 5.14: eta = pi_QI o [ (x P_i^2)^T (1 / ((x P_i) pi_QI)) ], one mode product per axis
    const int m = qiCount();
    m_lambda = m_shared->piQi;
    for (int k = 0; k < m; ++k)
        applyFactor(*m_p[k], m_shared->qiDims, k, m_lambda, m_work, threads);
    inRanges(m_lambda.size(), threads, [&](int, Eigen::Index lo, Eigen::Index hi) {
        riskkernels::invertPositive(m_lambda.data() + lo, hi - lo);
    });
    for (int k = 0; k < m; ++k)
        applyFactor(m_p2t[k], m_shared->qiDims, k, m_lambda, m_work, threads);
    m_rows.etaScale = 1.0;
    m_etaFromWork = false;
    m_rows.inner = 1;
}

namespace {

// What computeQiFused's sweeps share: the QI table's shape, how it is cut (chunks of rows in segments), and
// its buffers.
struct FusedSweep {
    int m;
    Eigen::Index q0, inner, chunk, segmentRows;
    const double* piQi;
    double* lambda;
    double* colSum;
    double* parts;
    const KroneckerFactor& p0;
};

// One thread's segments [s0, s1) of a sweep: each chunk of rows copied from pi_QI (the first sweep) or
// finished for axis 0 of P and inverted (the second), the factors of axes 1.. applied, and its column sums
// added to its segment's. `dims`: the QI dimensions, `scratch`: the thread's mode-product scratch.
void sweepSegments(const FusedSweep& f, const KroneckerFactor* const* factors, bool second, int* dims,
                   double* scratch, Eigen::Index s0, Eigen::Index s1)
{
    for (Eigen::Index s = s0; s < s1; ++s) {
        const Eigen::Index lo = s * f.segmentRows, hi = std::min(f.q0, lo + f.segmentRows);
        for (Eigen::Index i = lo; i < hi; i += f.chunk) {
            const Eigen::Index rows = std::min(f.chunk, hi - i);
            double* x = f.lambda + i * f.inner;
            if (second)
                riskkernels::updateAndInvert(f.p0.diag - f.p0.off, f.colSum, rows, f.inner, x); // 1 / lambda
            else
                std::copy(f.piQi + i * f.inner, f.piQi + (i + rows) * f.inner, x);
            dims[0] = static_cast<int>(rows);
            for (int k = 1; k < f.m; ++k)
                riskkernels::uniformModeProduct(factors[k]->diag, factors[k]->off, dims, f.m, k, x, scratch);
            if (i == lo)
                riskkernels::columnSums(x, rows, f.inner, 0, f.inner, 1.0, f.parts + s * f.inner);
            else
                riskkernels::addColumnSums(x, rows, f.inner, f.parts + s * f.inner);
        }
    }
}

} // namespace

void DisclosureRiskModel::computeQiFused(int threads)
{
    // 003 eq. 5.14 with uniform factors in two sweeps over the QI cells instead of two per axis. A sweep takes
    // the table a few blocks (categories of axis 0) at a time while they stay in cache: it copies them from
    // pi_QI (or finishes axis 0 of P and inverts them), applies the factors of axes 1.. and adds them to the
    // column sums that axis 0's factor needs next. The last step, axis 0 of (P o P)^T, is left to the row kernel.
    const std::vector<int>& q = m_shared->qiDims;
    const int m = qiCount();
    const Eigen::Index q0 = q.front(), inner = m_lambda.size() / q0;
    // Blocks go to the kernels a few at a time (as one tensor of `chunk` x the axes after the first, up to
    // 16 KiB, which stays in the first-level cache), so a small table takes a few calls, not a few per block;
    // each cell's arithmetic is the same.
    const Eigen::Index chunk = std::clamp<Eigen::Index>((Eigen::Index(1) << 11) / std::max<Eigen::Index>(inner, 1), 1, q0);
    // The column sums run over up to kColumnSegments segments of rows (at least a chunk each), each summed in
    // row order, then the segments in order: the same bits on any number of threads (a thread takes whole
    // segments), and a small table is one segment.
    const Eigen::Index segmentRows = std::max((q0 + kColumnSegments - 1) / kColumnSegments, chunk);
    const Eigen::Index segments = (q0 + segmentRows - 1) / segmentRows;
    // m_work: the column sums, each segment's sums, then each block thread's mode-product scratch (the cells
    // after axis 1); the constructor sized it for one thread at least.
    const Eigen::Index blockWork = m > 1 ? inner / q[1] : 0;
    int blockThreads = threads;
    while (blockThreads > 1 && (1 + segments) * inner + blockThreads * blockWork > m_work.size())
        --blockThreads;
    double* colSum = m_work.data();
    double* parts = colSum + inner;
    double* scratch = parts + segments * inner;
    const double* piQi = m_shared->piQi.data();
    double* lambda = m_lambda.data();
    const KroneckerFactor &p0 = *m_p[0], &p20 = m_p2t[0];
    std::array<const KroneckerFactor*, kMaxFusedAxes> squared{};
    for (int k = 0; k < m; ++k)
        squared[static_cast<std::size_t>(k)] = &m_p2t[static_cast<std::size_t>(k)];
    const FusedSweep sw{m, q0, inner, chunk, segmentRows, piQi, lambda, colSum, parts, p0};

    auto sweep = [&](bool second) {
        const KroneckerFactor* const* factors = second ? squared.data() : m_p.data();
        inRanges(segments, blockThreads, [&](int slot, Eigen::Index s0, Eigen::Index s1) {
            std::array<int, kMaxFusedAxes> dims{};
            std::copy(q.begin(), q.end(), dims.begin());
            sweepSegments(sw, factors, second, dims.data(), scratch + slot * blockWork, s0, s1);
        });
        const double off = second ? p20.off : p0.off;
        inRanges(inner, threads, [&](int, Eigen::Index lo, Eigen::Index hi) {
            riskkernels::columnSums(parts, segments, inner, lo, hi, off, colSum);
        });
    };
    sweep(false);
    sweep(true);
    m_rows.etaScale = p20.diag - p20.off;
    m_etaFromWork = true; // the column sums stay at the start of m_work
    m_rows.inner = inner;
}

void DisclosureRiskModel::computeS()
{
    using Sensitive = riskkernels::RowRiskInputs::Sensitive;
    const int last = static_cast<int>(m_shared->dims.size()) - 1;
    const KroneckerFactor& ps = *m_p[last];
    if (ps.isIdentity()) { // Pr(S -> S | QI) = 1 without randomization
        m_rows.sensitive = Sensitive::Identity;
        return;
    }
    if (ps.uniform) { // the row kernel does it all
        m_rows.sensitive = Sensitive::Uniform;
        m_rows.a = ps.diag - ps.off;
        m_rows.b = ps.off;
        m_rows.a2 = m_p2t[last].diag - m_p2t[last].off;
        m_rows.b2 = m_p2t[last].off;
        return;
    }
    // 003 eq. 5.8 for every QI group at once: a mode product on the sensitive axis.
    // (m_rowWork as the products' scratch: the start of m_work holds the fused path's column sums)
    m_rho = m_shared->pi;
    modeProduct(ps, m_shared->dims, last, m_rho, m_rowWork);
    riskkernels::invertPositive(m_rho.data(), m_rho.size());
    modeProduct(m_p2t[last], m_shared->dims, last, m_rho, m_rowWork);
    m_rho = m_rho.cwiseProduct(m_shared->pi);
    m_rows.sensitive = Sensitive::Matrix;
}

void DisclosureRiskModel::bindRows()
{
    m_rows.pi = m_shared->pi.data();
    m_rows.lambda = m_lambda.data();
    m_rows.colSum = m_etaFromWork ? m_work.data() : &m_zero;
    m_rows.rho = m_rho.data();
    m_rows.piQi = m_shared->piQi.data();
}

bool DisclosureRiskModel::boundFits() const
{
    using Sensitive = riskkernels::RowRiskInputs::Sensitive;
    if (!m_boundValid || m_rows.sensitive != m_boundMode)
        return false;
    return m_rows.sensitive == Sensitive::Identity || (m_rows.a == m_boundA && m_rows.b == m_boundB);
}

double DisclosureRiskModel::computeRisk(bool scatter)
{
    bindRows();
    // 003 eq. 5.6: Pr(S_r|QI_r) = pi_{QI,S}/pi_QI * Pr(QI -> QI) * Pr(S -> S | QI), row by row; 0 for cells
    // without records (their pi_{QI,S} is 0). Each row's numbers come from the row alone, so the threads'
    // ranges change no bit of the result.
    const int threads = effectiveThreads();
    const Eigen::Index ds = m_shared->ds;
    const Eigen::Index slot = riskkernels::rowScratchSize(ds);
    if (m_rowWork.size() < threads * slot)
        m_rowWork.setZero(threads * slot);
    std::vector<double>& maxima = m_rangeMax; // sized by setThreads: evaluating allocates nothing
    std::fill(maxima.begin(), maxima.end(), 0.0);
    using Sensitive = riskkernels::RowRiskInputs::Sensitive;
    if (!scatter && boundFits()) { // the same P_s as the pass that left m_bound: only eta is new
        inRanges(m_shared->piQi.size(), threads, [&](int t, Eigen::Index lo, Eigen::Index hi) {
            maxima[static_cast<std::size_t>(t)] =
                riskkernels::boundRisks(m_rows, lo, hi, m_bound.data(), m_rowWork.data() + t * slot);
        });
        return *std::max_element(maxima.begin(), maxima.end());
    }
    // A largest-risk pass leaves each row's bound for the next with this P_s (not a general P_s: its
    // matrix is not compared).
    const bool keep = !scatter && m_rows.sensitive != Sensitive::Matrix;
    m_rows.rowBound = keep ? m_bound.data() : nullptr;
    inRanges(m_shared->piQi.size(), threads, [&](int t, Eigen::Index lo, Eigen::Index hi) {
        maxima[static_cast<std::size_t>(t)] = riskkernels::rowRisks(
            m_rows, lo, hi, scatter ? m_risk.data() + lo * ds : nullptr, m_rowWork.data() + t * slot);
    });
    m_rows.rowBound = nullptr;
    if (keep) {
        m_boundValid = true;
        m_boundMode = m_rows.sensitive;
        m_boundA = m_rows.a;
        m_boundB = m_rows.b;
    }
    return *std::max_element(maxima.begin(), maxima.end());
}

int DisclosureRiskModel::effectiveThreads() const
{
    return m_shared->pi.size() >= kParallelCells ? m_threads : 1;
}

const Eigen::VectorXd& DisclosureRiskModel::evaluate(const std::vector<DistortionMatrix>& qi, const DistortionMatrix& s)
{
    loadMatrices(qi, s);
    computeQi();
    stopIfAsked(m_keepRunning); // between the passes over the table (a second each at 60M cells)
    computeS();
    stopIfAsked(m_keepRunning);
    computeRisk(true);
    return m_risk;
}

double DisclosureRiskModel::maxRisk(const std::vector<DistortionMatrix>& qi, const DistortionMatrix& s)
{
    loadMatrices(qi, s);
    computeQi();
    computeS();
    return computeRisk(false);
}

const Eigen::VectorXd& DisclosureRiskModel::evaluateWarner(const std::vector<double>& p)
{
    loadWarner(p);
    computeQiWarner(p);
    computeS();
    computeRisk(true);
    return m_risk;
}

void DisclosureRiskModel::presentRiskWarner(const std::vector<double>& p, const std::vector<std::size_t>& which,
                                            double* out)
{
    loadWarner(p);
    computeQiWarner(p);
    computeS();
    const std::size_t present = m_shared->present.size();
    for (std::size_t c : which)
        if (c >= present)
            throw InputError("disclosure risk: present cell " + std::to_string(c) + " of " + std::to_string(present));
    const Eigen::Index ds = m_shared->ds;
    if (which.size() * 4 >= std::size_t(m_shared->piQi.size())) { // most rows: one pass over all of them
        computeRisk(true);
        for (std::size_t i = 0; i < which.size(); ++i)
            out[i] = m_risk[m_shared->present[which[i]]];
        return;
    }
    // A few cells (the optimizer's constrained ones): each alone, with the pass's arithmetic.
    bindRows();
    for (std::size_t i = 0; i < which.size(); ++i) {
        const Eigen::Index cell = m_shared->present[which[i]], a = cell / ds;
        out[i] = riskkernels::cellRisk(m_rows, a, cell - a * ds);
    }
}

double DisclosureRiskModel::maxRiskWarner(const std::vector<double>& p)
{
    loadWarner(p);
    computeQiWarner(p);
    computeS();
    return computeRisk(false);
}

Eigen::VectorXd DisclosureRiskModel::qiReconstruction(const std::vector<DistortionMatrix>& qi)
{
    if (static_cast<int>(qi.size()) != qiCount())
        throw InputError("disclosure risk: " + std::to_string(qi.size()) + " QI matrices for " +
                         std::to_string(qiCount()) + " quasi-identifiers");
    for (std::size_t k = 0; k < qi.size(); ++k) {
        if (qi[k].size() != m_shared->qiDims[k])
            throw InputError("disclosure risk: matrix " + std::to_string(k + 1) + " has the wrong size");
        m_p[k] = &qi[k].factor();
        setSquaredTransposed(m_p2t[k], *m_p[k]);
    }
    computeQi();
    const Eigen::Index n = m_shared->piQi.size();
    if (m_rows.etaOnes)
        return Eigen::VectorXd::Ones(n);
    Eigen::VectorXd eta(n);
    for (Eigen::Index a = 0; a < n; ++a) // eta = pi_QI * (eta / pi_QI)
        eta[a] = m_shared->piQi[a] * (m_rows.etaScale * m_lambda[a] + (m_etaFromWork ? m_work[a % m_rows.inner] : 0.0));
    return eta;
}

Eigen::VectorXd DisclosureRiskModel::propertyOneMinimum(RandomizationMode mode) const
{
    Eigen::VectorXd out = Eigen::VectorXd::Zero(m_shared->pi.size());
    const int ds = m_shared->ds;
    for (Eigen::Index i : m_shared->present) {
        const double condS = m_shared->pi[i] / m_shared->piQi[i / ds]; // pi_{QI,S} / pi_QI
        switch (mode) {
        case RandomizationMode::S: out[i] = condS * condS; break;                 // (pi_{QI,S}/pi_QI)^2
        case RandomizationMode::QI: out[i] = m_shared->pi[i]; break;             // pi_{QI,S}
        case RandomizationMode::Both: out[i] = m_shared->pi[i] * condS; break;   // pi_{QI,S}^2 / pi_QI
        }
    }
    return out;
}

namespace {

// Weighted lower quantile of pairs already sorted by risk; `total` is their summed weight.
double quantileOfSorted(const std::vector<std::pair<double, double>>& rw, double total, double q)
{
    if (rw.empty())
        return 0.0;
    const double target = q * total;
    double acc = 0;
    for (const auto& [r, w] : rw) {
        acc += w;
        if (acc >= target - 1e-9 * total)
            return r;
    }
    return rw.back().first;
}

double summedWeight(const std::vector<std::pair<double, double>>& rw)
{
    double total = 0;
    for (const auto& [r, w] : rw)
        total += w;
    return total;
}

} // namespace

double weightedQuantile(std::vector<std::pair<double, double>> rw, double q)
{
    std::sort(rw.begin(), rw.end());
    return quantileOfSorted(rw, summedWeight(rw), q);
}

RiskSummary summarizeRisk(const Eigen::VectorXd& risk, const ContingencyTable& joint, double tau)
{
    RiskSummary s;
    const auto& counts = joint.counts();
    if (risk.size() != counts.size())
        throw InputError("risk summary: " + std::to_string(risk.size()) + " risks for " +
                         std::to_string(counts.size()) + " cells");
    std::vector<std::pair<double, double>> rw;
    double weighted = 0;
    for (Eigen::Index i = 0; i < counts.size(); ++i) {
        const double w = counts[i];
        if (w <= 0)
            continue;
        const double r = risk[i];
        rw.emplace_back(r, w);
        s.records += w;
        ++s.cells;
        weighted += r * w;
        if (s.worstCell < 0 || r > s.maxRisk) {
            s.maxRisk = r;
            s.worstCell = i;
        }
        if (tau > 0 && r > tau)
            s.recordsOverTau += w;
    }
    s.meanRisk = s.records > 0 ? weighted / s.records : 0.0;
    std::sort(rw.begin(), rw.end());
    const double total = summedWeight(rw);
    s.p50 = quantileOfSorted(rw, total, 0.50);
    s.p90 = quantileOfSorted(rw, total, 0.90);
    s.p99 = quantileOfSorted(rw, total, 0.99);
    return s;
}

} // namespace rr
