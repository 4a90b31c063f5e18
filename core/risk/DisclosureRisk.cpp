#include "core/risk/DisclosureRisk.h"

#include "core/data/Errors.h"
#include "core/risk/RiskKernels.h"

#include <algorithm>
#include <cmath>

namespace rr {

std::string toString(RandomizationMode mode)
{
    switch (mode) {
    case RandomizationMode::QI: return "qi";
    case RandomizationMode::S: return "s";
    case RandomizationMode::Both: return "both";
    }
    return "?";
}

RandomizationMode parseMode(const std::string& text)
{
    std::string t = text;
    std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return std::tolower(c); });
    if (t == "qi" || t == "rr-qi")
        return RandomizationMode::QI;
    if (t == "s" || t == "rr-s")
        return RandomizationMode::S;
    if (t == "both" || t == "rr-both")
        return RandomizationMode::Both;
    throw InputError("unknown mode '" + text + "' (expected qi, s or both)");
}

namespace {

// Sets a factor to the uniform matrix (diag, off) without reallocating its storage.
void setUniform(KroneckerFactor& f, double diag, double off)
{
    f.uniform = true;
    f.diag = diag;
    f.off = off;
    f.dense.setConstant(off);
    f.dense.diagonal().setConstant(diag);
}

// (P o P)^T in place, the factor 003 eq. 5.14 applies to 1 / lambda.
void setSquaredTransposed(KroneckerFactor& out, const KroneckerFactor& p)
{
    if (p.uniform) {
        setUniform(out, p.diag * p.diag, p.off * p.off);
        return;
    }
    out.uniform = false;
    out.dense = p.dense.cwiseAbs2().transpose();
    out.diag = out.dense(0, 0);
    out.off = out.dense.rows() > 1 ? out.dense(1, 0) : 0.0;
}

void applyFactor(const KroneckerFactor& f, const std::vector<int>& dims, int axis, Eigen::VectorXd& x,
                 Eigen::VectorXd& work)
{
    if (f.uniform)
        riskkernels::uniformModeProduct(f.diag, f.off, dims, axis, x.data(), work.data());
    else
        modeProduct(f, dims, axis, x, work);
}

} // namespace

DisclosureRiskModel::DisclosureRiskModel(const ContingencyTable& joint) : m_joint(joint), m_dims(joint.dims())
{
    if (m_dims.size() < 2)
        throw InputError("disclosure risk needs at least one quasi-identifier and a sensitive attribute");
    if (joint.total() <= 0)
        throw InputError("disclosure risk needs at least one record");
    m_qiDims.assign(m_dims.begin(), m_dims.end() - 1);
    m_ds = m_dims.back();
    m_pi = joint.proportions();
    const Eigen::Index nQi = m_pi.size() / m_ds;
    m_piQi.resize(nQi);
    m_condS.resize(m_pi.size());
    for (Eigen::Index a = 0; a < nQi; ++a) {
        m_piQi[a] = m_pi.segment(a * m_ds, m_ds).sum();
        for (int u = 0; u < m_ds; ++u)
            m_condS[a * m_ds + u] = m_piQi[a] > 0 ? m_pi[a * m_ds + u] / m_piQi[a] : 0.0;
    }
    for (Eigen::Index i = 0; i < m_pi.size(); ++i)
        if (m_pi[i] > 0) {
            m_present.push_back(i);
            if (m_groups.empty() || m_groups.back() != i / m_ds)
                m_groups.push_back(i / m_ds);
        }
    const auto groups = static_cast<Eigen::Index>(m_groups.size());
    for (Eigen::Index i : m_present) // column-major slot of (group row, sensitive value)
        m_presentSlot.push_back((i % m_ds) * groups +
                                (std::lower_bound(m_groups.begin(), m_groups.end(), i / m_ds) - m_groups.begin()));
    m_groupPi.resize(groups, m_ds);
    m_groupCondS.resize(groups, m_ds);
    for (Eigen::Index g = 0; g < groups; ++g)
        for (int u = 0; u < m_ds; ++u) {
            m_groupPi(g, u) = m_pi[m_groups[g] * m_ds + u];
            m_groupCondS(g, u) = m_condS[m_groups[g] * m_ds + u];
        }
    m_groupRho.resize(groups, m_ds);
    m_groupRisk.resize(groups, m_ds);
    m_groupEta.resize(groups);
    m_groupSum.resize(groups);
    m_groupSumInv.resize(groups);

    m_risk = Eigen::VectorXd::Zero(m_pi.size());
    m_p.assign(m_dims.size(), nullptr);
    for (int d : m_dims) {
        m_warner.push_back(KroneckerFactor::identity(d));
        m_p2t.push_back(KroneckerFactor::identity(d));
    }
    m_eta.resize(nQi);
    m_lambda.resize(nQi);
    m_rho.resize(m_pi.size());
    m_work.resize(m_pi.size()); // the largest block any mode product needs
}

void DisclosureRiskModel::loadMatrices(const std::vector<DistortionMatrix>& qi, const DistortionMatrix& s)
{
    if (static_cast<int>(qi.size()) != qiCount())
        throw InputError("disclosure risk: " + std::to_string(qi.size()) + " QI matrices for " +
                         std::to_string(qiCount()) + " quasi-identifiers");
    for (std::size_t k = 0; k < qi.size(); ++k)
        if (qi[k].size() != m_qiDims[k])
            throw InputError("disclosure risk: matrix " + std::to_string(k + 1) + " has the wrong size");
    if (s.size() != m_ds)
        throw InputError("disclosure risk: the sensitive matrix has the wrong size");
    for (std::size_t k = 0; k < m_dims.size(); ++k) {
        m_p[k] = k < qi.size() ? &qi[k].factor() : &s.factor();
        setSquaredTransposed(m_p2t[k], *m_p[k]);
    }
}

void DisclosureRiskModel::loadWarner(const std::vector<double>& p)
{
    if (p.size() != m_dims.size())
        throw InputError("disclosure risk: " + std::to_string(p.size()) + " retention probabilities for " +
                         std::to_string(m_dims.size()) + " attributes");
    for (std::size_t k = 0; k < m_dims.size(); ++k) {
        const int d = m_dims[k];
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
    m_lambda = m_piQi;
    for (int k = 0; k < m; ++k)
        applyFactor(*m_p[k], m_qiDims, k, m_lambda, m_work);
    riskkernels::invertPositive(m_lambda.data(), m_lambda.size());
    for (int k = 0; k < m; ++k)
        applyFactor(m_p2t[k], m_qiDims, k, m_lambda, m_work);
    m_eta = m_piQi.cwiseProduct(m_lambda);
    for (std::size_t g = 0; g < m_groups.size(); ++g)
        m_groupEta[static_cast<Eigen::Index>(g)] = m_eta[m_groups[g]];
    m_etaOnes = false;
}

void DisclosureRiskModel::computeS()
{
    const int last = static_cast<int>(m_dims.size()) - 1;
    const KroneckerFactor& ps = *m_p[last];
    if (ps.isIdentity()) { // Pr(S -> S | QI) = 1 without randomization
        m_rhoOnes = true;
        return;
    }
    m_rhoOnes = false;
    if (ps.uniform) // computeGroupRisk does it all
        return;
    // 003 eq. 5.8 for every QI group at once: a mode product on the sensitive axis.
    m_rho = m_pi;
    modeProduct(ps, m_dims, last, m_rho, m_work);
    riskkernels::invertPositive(m_rho.data(), m_rho.size());
    modeProduct(m_p2t[last], m_dims, last, m_rho, m_work);
    m_rho = m_rho.cwiseProduct(m_pi);
    for (std::size_t g = 0; g < m_groups.size(); ++g)
        for (int u = 0; u < m_ds; ++u)
            m_groupRho(static_cast<Eigen::Index>(g), u) = m_rho[m_groups[g] * m_ds + u];
}

void DisclosureRiskModel::computeGroupRisk()
{
    // 003 eq. 5.6: Pr(S_r|QI_r) = pi_{QI,S}/pi_QI * Pr(QI -> QI) * Pr(S -> S | QI);
    // 0 for cells without records (their pi_{QI,S} is 0).
    const int last = static_cast<int>(m_dims.size()) - 1;
    const KroneckerFactor& ps = *m_p[last];
    if (!m_rhoOnes && ps.uniform) {
        riskkernels::sensitiveRisk(ps.diag, ps.off, m_p2t[last].diag, m_p2t[last].off, m_groupPi.data(),
                                   m_groupCondS.data(), m_groupEta.data(), m_groupPi.rows(), m_ds, m_groupRisk.data(),
                                   m_groupSum.data(), m_groupSumInv.data());
        return;
    }
    riskkernels::groupRisk(m_groupCondS.data(), m_groupEta.data(), m_rhoOnes ? nullptr : m_groupRho.data(),
                           m_groupRisk.rows(), m_ds, m_groupRisk.data());
}

void DisclosureRiskModel::scatterRisk()
{
    for (std::size_t c = 0; c < m_present.size(); ++c)
        m_risk[m_present[c]] = m_groupRisk.data()[m_presentSlot[c]];
}

const Eigen::VectorXd& DisclosureRiskModel::evaluate(const std::vector<DistortionMatrix>& qi, const DistortionMatrix& s)
{
    loadMatrices(qi, s);
    computeQi();
    computeS();
    computeGroupRisk();
    scatterRisk();
    return m_risk;
}

double DisclosureRiskModel::maxRisk(const std::vector<DistortionMatrix>& qi, const DistortionMatrix& s)
{
    loadMatrices(qi, s);
    computeQi();
    computeS();
    computeGroupRisk();
    return std::max(0.0, m_groupRisk.maxCoeff());
}

const Eigen::VectorXd& DisclosureRiskModel::evaluateWarner(const std::vector<double>& p)
{
    loadWarner(p);
    computeQi();
    computeS();
    computeGroupRisk();
    scatterRisk();
    return m_risk;
}

double DisclosureRiskModel::maxRiskWarner(const std::vector<double>& p)
{
    loadWarner(p);
    computeQi();
    computeS();
    computeGroupRisk();
    return std::max(0.0, m_groupRisk.maxCoeff());
}

Eigen::VectorXd DisclosureRiskModel::qiReconstruction(const std::vector<DistortionMatrix>& qi)
{
    if (static_cast<int>(qi.size()) != qiCount())
        throw InputError("disclosure risk: " + std::to_string(qi.size()) + " QI matrices for " +
                         std::to_string(qiCount()) + " quasi-identifiers");
    for (std::size_t k = 0; k < qi.size(); ++k) {
        if (qi[k].size() != m_qiDims[k])
            throw InputError("disclosure risk: matrix " + std::to_string(k + 1) + " has the wrong size");
        m_p[k] = &qi[k].factor();
        setSquaredTransposed(m_p2t[k], *m_p[k]);
    }
    computeQi();
    return m_eta;
}

Eigen::VectorXd DisclosureRiskModel::propertyOneMinimum(RandomizationMode mode) const
{
    Eigen::VectorXd out = Eigen::VectorXd::Zero(m_pi.size());
    for (Eigen::Index i : m_present) {
        switch (mode) {
        case RandomizationMode::S: out[i] = m_condS[i] * m_condS[i]; break; // (pi_{QI,S}/pi_QI)^2
        case RandomizationMode::QI: out[i] = m_pi[i]; break;                // pi_{QI,S}
        case RandomizationMode::Both: out[i] = m_pi[i] * m_condS[i]; break; // pi_{QI,S}^2 / pi_QI
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
