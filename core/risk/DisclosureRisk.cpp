#include "core/risk/DisclosureRisk.h"

#include "core/data/Errors.h"

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
    if (t == "qi" || t == "rr-qi") return RandomizationMode::QI;
    if (t == "s" || t == "rr-s") return RandomizationMode::S;
    if (t == "both" || t == "rr-both") return RandomizationMode::Both;
    throw InputError("unknown mode '" + text + "' (expected qi, s or both)");
}

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
        if (m_pi[i] > 0)
            m_present.push_back(i);
    m_risk = Eigen::VectorXd::Zero(m_pi.size());
}

void DisclosureRiskModel::computeQi(const std::vector<DistortionMatrix>& qi)
{
    if (static_cast<int>(qi.size()) != qiCount())
        throw InputError("disclosure risk: " + std::to_string(qi.size()) + " QI matrices for " +
                         std::to_string(qiCount()) + " quasi-identifiers");
    bool allIdentity = true;
    for (std::size_t k = 0; k < qi.size(); ++k) {
        if (qi[k].size() != m_qiDims[k])
            throw InputError("disclosure risk: matrix " + std::to_string(k + 1) + " has the wrong size");
        allIdentity = allIdentity && qi[k].isIdentity();
    }
    if (allIdentity) { // Pr(QI -> QI) = 1 without randomization
        m_eta.setOnes(m_piQi.size());
        return;
    }
    // 003 eq. 5.14: eta = pi_QI o [ (x P_i^2)^T (1 / ((x P_i) pi_QI)) ]
    m_f.clear();
    m_f2.clear();
    for (const auto& p : qi) {
        m_f.push_back(p.factor());
        m_f2.push_back(transposed(squaredElements(p.factor())));
    }
    m_lambda = m_piQi;
    kroneckerApplyInPlace(m_f, m_lambda, m_work);
    // An output cell no original cell reaches contributes nothing (its numerators are 0 too).
    m_lambda = m_lambda.unaryExpr([](double l) { return l > 0 ? 1.0 / l : 0.0; });
    kroneckerApplyInPlace(m_f2, m_lambda, m_work);
    m_eta = m_piQi.cwiseProduct(m_lambda);
}

void DisclosureRiskModel::computeS(const DistortionMatrix& s)
{
    if (s.size() != m_ds)
        throw InputError("disclosure risk: the sensitive matrix has the wrong size");
    if (s.isIdentity()) {
        m_rho.setOnes(m_pi.size());
        return;
    }
    // 003 eq. 5.8 for every QI group at once: a mode product on the sensitive axis.
    std::vector<KroneckerFactor> f(m_dims.size()), f2(m_dims.size());
    for (std::size_t k = 0; k + 1 < m_dims.size(); ++k)
        f[k] = f2[k] = KroneckerFactor::identity(m_dims[k]);
    f.back() = s.factor();
    f2.back() = transposed(squaredElements(s.factor()));
    m_rho = m_pi;
    modeProduct(f.back(), m_dims, static_cast<int>(m_dims.size()) - 1, m_rho, m_work);
    m_rho = m_rho.unaryExpr([](double l) { return l > 0 ? 1.0 / l : 0.0; });
    modeProduct(f2.back(), m_dims, static_cast<int>(m_dims.size()) - 1, m_rho, m_work);
    m_rho = m_rho.cwiseProduct(m_pi);
}

const Eigen::VectorXd& DisclosureRiskModel::evaluate(const std::vector<DistortionMatrix>& qi, const DistortionMatrix& s)
{
    computeQi(qi);
    computeS(s);
    // 003 eq. 5.6: Pr(S_r|QI_r) = pi_{QI,S}/pi_QI * Pr(QI -> QI) * Pr(S -> S | QI)
    for (Eigen::Index i : m_present)
        m_risk[i] = m_condS[i] * m_eta[i / m_ds] * m_rho[i];
    return m_risk;
}

double DisclosureRiskModel::maxRisk(const std::vector<DistortionMatrix>& qi, const DistortionMatrix& s)
{
    computeQi(qi);
    computeS(s);
    double best = 0;
    for (Eigen::Index i : m_present)
        best = std::max(best, m_condS[i] * m_eta[i / m_ds] * m_rho[i]);
    return best;
}

Eigen::VectorXd DisclosureRiskModel::qiReconstruction(const std::vector<DistortionMatrix>& qi)
{
    computeQi(qi);
    return m_eta;
}

Eigen::VectorXd DisclosureRiskModel::propertyOneMinimum(RandomizationMode mode) const
{
    Eigen::VectorXd out = Eigen::VectorXd::Zero(m_pi.size());
    for (Eigen::Index i : m_present) {
        switch (mode) {
        case RandomizationMode::S: out[i] = m_condS[i] * m_condS[i]; break;       // (pi_{QI,S}/pi_QI)^2
        case RandomizationMode::QI: out[i] = m_pi[i]; break;                      // pi_{QI,S}
        case RandomizationMode::Both: out[i] = m_pi[i] * m_condS[i]; break;       // pi_{QI,S}^2 / pi_QI
        }
    }
    return out;
}

double weightedQuantile(std::vector<std::pair<double, double>> rw, double q)
{
    if (rw.empty())
        return 0.0;
    std::sort(rw.begin(), rw.end());
    double total = 0;
    for (const auto& [r, w] : rw)
        total += w;
    const double target = q * total;
    double acc = 0;
    for (const auto& [r, w] : rw) {
        acc += w;
        if (acc >= target - 1e-9 * total)
            return r;
    }
    return rw.back().first;
}

RiskSummary summarizeRisk(const Eigen::VectorXd& risk, const ContingencyTable& joint, double tau)
{
    RiskSummary s;
    const auto& counts = joint.counts();
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
    s.p50 = weightedQuantile(rw, 0.50);
    s.p90 = weightedQuantile(rw, 0.90);
    s.p99 = weightedQuantile(rw, 0.99);
    return s;
}

} // namespace rr
