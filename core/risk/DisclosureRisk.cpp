#include "core/risk/DisclosureRisk.h"

#include "core/data/Errors.h"
#include "core/risk/RiskKernels.h"

#include <algorithm>
#include <cmath>
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

// f(lo, hi) over [0, n) split into `threads` contiguous ranges, the first on this thread. The ranges
// write disjoint parts of the buffers, so the result does not depend on the count.
template <class F>
void inRanges(Eigen::Index n, int threads, const F& f)
{
    if (threads <= 1 || n < 2 * threads) {
        f(Eigen::Index(0), n);
        return;
    }
    const Eigen::Index step = (n + threads - 1) / threads;
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) {
        const Eigen::Index lo = t * step, hi = std::min(n, lo + step);
        if (lo < hi)
            pool.emplace_back([&f, lo, hi] { f(lo, hi); });
    }
    f(Eigen::Index(0), std::min(n, step));
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
        const Eigen::Index step = (outer + threads - 1) / threads;
        inRanges(outer, threads, [&](Eigen::Index lo, Eigen::Index hi) {
            const std::vector<int> part{static_cast<int>(hi - lo), static_cast<int>(d), static_cast<int>(inner)};
            const Eigen::Index slot = lo / step;
            riskkernels::uniformModeProduct(f.diag, f.off, part, 1, x.data() + lo * d * inner,
                                            work.data() + slot * inner);
        });
        return;
    }
    inRanges(inner, threads, [&](Eigen::Index lo, Eigen::Index hi) {
        riskkernels::uniformModeProductColumns(f.diag, f.off, d, inner, lo, hi, x.data(), work.data());
    });
}

} // namespace

std::shared_ptr<const DisclosureRiskModel::Shared> DisclosureRiskModel::makeShared(const ContingencyTable& joint)
{
    auto sh = std::make_shared<Shared>();
    sh->joint = joint;
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
    sh->pi = joint.proportions();
    const Eigen::Index nQi = sh->pi.size() / ds;
    sh->piQi.resize(nQi);
    sh->condS.resize(sh->pi.size());
    for (Eigen::Index a = 0; a < nQi; ++a) {
        sh->piQi[a] = sh->pi.segment(a * ds, ds).sum();
        for (int u = 0; u < ds; ++u)
            sh->condS[a * ds + u] = sh->piQi[a] > 0 ? sh->pi[a * ds + u] / sh->piQi[a] : 0.0;
    }
    // Exact capacities: these are the largest buffers after pi (AnalysisMemory counts them).
    sh->present.reserve(static_cast<std::size_t>((sh->pi.array() > 0).count()));
    sh->presentSlot.reserve(sh->present.capacity());
    Eigen::Index groupCount = 0;
    for (Eigen::Index a = 0; a < nQi; ++a)
        groupCount += sh->piQi[a] > 0;
    sh->groups.reserve(static_cast<std::size_t>(groupCount));
    for (Eigen::Index i = 0; i < sh->pi.size(); ++i)
        if (sh->pi[i] > 0) {
            sh->present.push_back(i);
            if (sh->groups.empty() || sh->groups.back() != i / ds)
                sh->groups.push_back(i / ds);
            sh->presentSlot.push_back(Eigen::Index(sh->groups.size()) - 1); // the group row, for now
        }
    if (sh->groups.empty())
        throw InputError("disclosure risk needs at least one record");
    const auto groups = static_cast<Eigen::Index>(sh->groups.size());
    for (std::size_t c = 0; c < sh->present.size(); ++c) // column-major slot of (group row, sensitive value)
        sh->presentSlot[c] += (sh->present[c] % ds) * groups;
    sh->groupPi.resize(groups, ds);
    sh->groupCondS.resize(groups, ds);
    for (Eigen::Index g = 0; g < groups; ++g)
        for (int u = 0; u < ds; ++u) {
            sh->groupPi(g, u) = sh->pi[sh->groups[g] * ds + u];
            sh->groupCondS(g, u) = sh->condS[sh->groups[g] * ds + u];
        }
    return sh;
}

DisclosureRiskModel::DisclosureRiskModel(const ContingencyTable& joint) : m_shared(makeShared(joint))
{
    const Shared& sh = *m_shared;
    const auto groups = static_cast<Eigen::Index>(sh.groups.size());
    // Zero-filled, not just sized: the pages are touched here, not in the first evaluation (at D = 1e7
    // that first touch cost more than ten evaluations).
    m_groupRho.setZero(groups, sh.ds);
    m_groupRisk.setZero(groups, sh.ds);
    m_groupEta.setZero(groups);
    m_groupSum.setZero(groups);
    m_groupSumInv.setZero(groups);

    m_risk = Eigen::VectorXd::Zero(sh.pi.size());
    m_p.assign(sh.dims.size(), nullptr);
    for (int d : sh.dims) {
        m_warner.push_back(KroneckerFactor::identity(d));
        m_p2t.push_back(KroneckerFactor::identity(d));
    }
    m_eta.setZero(sh.piQi.size());
    m_lambda.setZero(sh.piQi.size());
    m_rho.setZero(sh.pi.size());
    m_work.setZero(sh.pi.size()); // the largest block any mode product needs
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
    return bytesOf(m_groupRho) + bytesOf(m_groupRisk) + bytesOf(m_groupEta) + bytesOf(m_groupSum) +
           bytesOf(m_groupSumInv) + bytesOf(m_eta) + bytesOf(m_lambda) + bytesOf(m_rho) + bytesOf(m_work) +
           bytesOf(m_risk);
}

std::size_t DisclosureRiskModel::bufferBytes() const
{
    const Shared& sh = *m_shared;
    return scratchBytes() + bytesOf(sh.joint.counts()) + bytesOf(sh.pi) + bytesOf(sh.piQi) + bytesOf(sh.condS) +
           bytesOf(sh.present) + bytesOf(sh.groups) + bytesOf(sh.presentSlot) + bytesOf(sh.groupPi) +
           bytesOf(sh.groupCondS);
}

void DisclosureRiskModel::loadMatrices(const std::vector<DistortionMatrix>& qi, const DistortionMatrix& s)
{
    if (m_keepRunning && !m_keepRunning())
        throw Cancelled("stopped");
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
    if (m_keepRunning && !m_keepRunning())
        throw Cancelled("stopped");
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

void DisclosureRiskModel::computeQi()
{
    const int m = qiCount();
    bool allIdentity = true;
    for (int k = 0; k < m; ++k)
        allIdentity = allIdentity && m_p[k]->isIdentity();
    if (allIdentity) { // Pr(QI -> QI) = 1 without randomization
        if (!m_etaOnes) {
            m_eta.setOnes();
            m_groupEta.setOnes();
        }
        m_etaOnes = true;
        return;
    }
    // 003 eq. 5.14: eta = pi_QI o [ (x P_i^2)^T (1 / ((x P_i) pi_QI)) ]
    const int threads = effectiveThreads();
    m_lambda = m_shared->piQi;
    for (int k = 0; k < m; ++k)
        applyFactor(*m_p[k], m_shared->qiDims, k, m_lambda, m_work, threads);
    inRanges(m_lambda.size(), threads,
             [&](Eigen::Index lo, Eigen::Index hi) { riskkernels::invertPositive(m_lambda.data() + lo, hi - lo); });
    for (int k = 0; k < m; ++k)
        applyFactor(m_p2t[k], m_shared->qiDims, k, m_lambda, m_work, threads);
    inRanges(m_eta.size(), threads, [&](Eigen::Index lo, Eigen::Index hi) {
        m_eta.segment(lo, hi - lo) = m_shared->piQi.segment(lo, hi - lo).cwiseProduct(m_lambda.segment(lo, hi - lo));
    });
    inRanges(m_groupEta.size(), threads, [&](Eigen::Index lo, Eigen::Index hi) {
        for (Eigen::Index g = lo; g < hi; ++g)
            m_groupEta[g] = m_eta[m_shared->groups[static_cast<std::size_t>(g)]];
    });
    m_etaOnes = false;
}

void DisclosureRiskModel::computeS()
{
    const int last = static_cast<int>(m_shared->dims.size()) - 1;
    const KroneckerFactor& ps = *m_p[last];
    if (ps.isIdentity()) { // Pr(S -> S | QI) = 1 without randomization
        m_rhoOnes = true;
        return;
    }
    m_rhoOnes = false;
    if (ps.uniform) // computeGroupRisk does it all
        return;
    // 003 eq. 5.8 for every QI group at once: a mode product on the sensitive axis.
    m_rho = m_shared->pi;
    modeProduct(ps, m_shared->dims, last, m_rho, m_work);
    riskkernels::invertPositive(m_rho.data(), m_rho.size());
    modeProduct(m_p2t[last], m_shared->dims, last, m_rho, m_work);
    m_rho = m_rho.cwiseProduct(m_shared->pi);
    for (std::size_t g = 0; g < m_shared->groups.size(); ++g)
        for (int u = 0; u < m_shared->ds; ++u)
            m_groupRho(static_cast<Eigen::Index>(g), u) = m_rho[m_shared->groups[g] * m_shared->ds + u];
}

void DisclosureRiskModel::computeGroupRisk(bool scatter)
{
    // 003 eq. 5.6: Pr(S_r|QI_r) = pi_{QI,S}/pi_QI * Pr(QI -> QI) * Pr(S -> S | QI);
    // 0 for cells without records (their pi_{QI,S} is 0).
    // Chunks of groups small enough that their d_s columns of every input stay in cache between the
    // kernel's passes; each group's numbers come from its own row alone, so chunking and threads change
    // no bit of the result.
    constexpr Eigen::Index kChunk = 2048;
    const int last = static_cast<int>(m_shared->dims.size()) - 1;
    const KroneckerFactor& ps = *m_p[last];
    const Eigen::Index groups = m_groupRisk.rows();
    const Eigen::Index ds = m_shared->ds;
    const double* rho = m_rhoOnes ? nullptr : m_groupRho.data();
    const int threads = effectiveThreads();
    std::vector<double>& maxima = m_rangeMax; // sized by setThreads: evaluating allocates nothing
    std::fill(maxima.begin(), maxima.end(), 0.0);
    const Eigen::Index step = (groups + threads - 1) / threads;
    inRanges(groups, threads, [&](Eigen::Index from, Eigen::Index to) {
        double best = 0.0;
        for (Eigen::Index lo = from; lo < to; lo += kChunk) {
            const Eigen::Index hi = std::min(to, lo + kChunk);
            if (!m_rhoOnes && ps.uniform)
                riskkernels::sensitiveRisk(ps.diag, ps.off, m_p2t[last].diag, m_p2t[last].off,
                                           m_shared->groupPi.data() + lo, m_shared->groupCondS.data() + lo,
                                           m_groupEta.data() + lo, hi - lo, groups, ds, m_groupRisk.data() + lo,
                                           m_groupSum.data() + lo, m_groupSumInv.data() + lo);
            else
                riskkernels::groupRisk(m_shared->groupCondS.data() + lo, m_groupEta.data() + lo,
                                       rho ? rho + lo : nullptr, hi - lo, groups, ds, m_groupRisk.data() + lo);
            best = std::max(best, riskkernels::columnsMaximum(m_groupRisk.data() + lo, hi - lo, groups, ds));
            if (scatter)
                scatterChunk(lo, hi);
        }
        maxima[static_cast<std::size_t>(from / std::max<Eigen::Index>(step, 1))] = best;
    });
    m_groupMax = *std::max_element(maxima.begin(), maxima.end());
}

int DisclosureRiskModel::effectiveThreads() const
{
    return m_shared->pi.size() >= kParallelCells ? m_threads : 1;
}

void DisclosureRiskModel::scatterChunk(Eigen::Index lo, Eigen::Index hi)
{
    // Every cell of the group's row: an empty cell's risk is 0 (its pi_{QI,S} is 0); + 0.0 turns the
    // -0 that 0 x a negative factor gives into +0.
    const Eigen::Index groups = m_groupRisk.rows();
    const int ds = m_shared->ds;
    const double* risk = m_groupRisk.data();
    for (Eigen::Index g = lo; g < hi; ++g) {
        double* out = m_risk.data() + m_shared->groups[static_cast<std::size_t>(g)] * ds;
        for (int u = 0; u < ds; ++u)
            out[u] = risk[u * groups + g] + 0.0;
    }
}

const Eigen::VectorXd& DisclosureRiskModel::evaluate(const std::vector<DistortionMatrix>& qi, const DistortionMatrix& s)
{
    loadMatrices(qi, s);
    computeQi();
    computeS();
    computeGroupRisk(true);
    return m_risk;
}

double DisclosureRiskModel::maxRisk(const std::vector<DistortionMatrix>& qi, const DistortionMatrix& s)
{
    loadMatrices(qi, s);
    computeQi();
    computeS();
    computeGroupRisk(false);
    return groupMaximum();
}

const Eigen::VectorXd& DisclosureRiskModel::evaluateWarner(const std::vector<double>& p)
{
    loadWarner(p);
    computeQi();
    computeS();
    computeGroupRisk(true);
    return m_risk;
}

void DisclosureRiskModel::presentRiskWarner(const std::vector<double>& p, const std::vector<std::size_t>& which,
                                            double* out)
{
    loadWarner(p);
    computeQi();
    computeS();
    computeGroupRisk(false);
    const double* risk = m_groupRisk.data();
    const std::size_t present = m_shared->present.size();
    for (std::size_t i = 0; i < which.size(); ++i) {
        if (which[i] >= present)
            throw InputError("disclosure risk: present cell " + std::to_string(which[i]) + " of " +
                             std::to_string(present));
        out[i] = risk[m_shared->presentSlot[which[i]]];
    }
}

double DisclosureRiskModel::maxRiskWarner(const std::vector<double>& p)
{
    loadWarner(p);
    computeQi();
    computeS();
    computeGroupRisk(false);
    return groupMaximum();
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
    return m_eta;
}

Eigen::VectorXd DisclosureRiskModel::propertyOneMinimum(RandomizationMode mode) const
{
    Eigen::VectorXd out = Eigen::VectorXd::Zero(m_shared->pi.size());
    for (Eigen::Index i : m_shared->present) {
        switch (mode) {
        case RandomizationMode::S: out[i] = m_shared->condS[i] * m_shared->condS[i]; break; // (pi_{QI,S}/pi_QI)^2
        case RandomizationMode::QI: out[i] = m_shared->pi[i]; break;                        // pi_{QI,S}
        case RandomizationMode::Both: out[i] = m_shared->pi[i] * m_shared->condS[i]; break; // pi_{QI,S}^2 / pi_QI
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
