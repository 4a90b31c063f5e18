#include "core/analysis/SeveralSensitiveOptimum.h"

#include "core/optimization/ModeLimit.h"

#include <algorithm>
#include <numeric>
#include <optional>
#include <sstream>

namespace rr {
namespace {

// Every target's constraint at once: p runs over the attributes of the analysis' table, each target's model reads
// the p of its own axes. The cells are the targets' present cells one after the other.
class TargetsConstraint final : public RiskConstraint {
public:
    TargetsConstraint(const SeveralSensitiveAnalysis& a, int threads, std::function<bool()> keepRunning) : m_a(a)
    {
        for (const auto& t : a.perTarget) {
            m_models.push_back(t->model);
            m_models.back().setThreads(threads);
            m_models.back().setKeepRunning(keepRunning);
            m_offsets.push_back(m_cells);
            m_cells += t->model.presentCells().size();
            m_p.emplace_back(t->model.dims().size(), 1.0);
        }
        m_local.resize(m_models.size());
        m_at.resize(m_models.size());
    }

    const std::vector<int>& dims() const override { return m_a.all.dims; }
    std::string attributeName(int axis) const override { return m_a.all.names[static_cast<std::size_t>(axis)]; }
    std::size_t cellCount() const override { return m_cells; }

    double maxRisk(const std::vector<double>& p) override
    {
        double worst = 0;
        for (std::size_t j = 0; j < m_models.size(); ++j)
            worst = std::max(worst, m_models[j].maxRiskWarner(load(j, p))); // 003 eq. 5.6-5.8 per target
        return worst;
    }

    void cellRisks(const std::vector<double>& p, const std::vector<std::size_t>& which, double* out) override
    {
        for (std::size_t j = 0; j < m_models.size(); ++j)
            m_local[j].clear(), m_at[j].clear();
        for (std::size_t k = 0; k < which.size(); ++k) {
            const std::size_t j = targetOf(which[k]);
            m_local[j].push_back(which[k] - m_offsets[j]);
            m_at[j].push_back(k);
        }
        for (std::size_t j = 0; j < m_models.size(); ++j) {
            if (m_local[j].empty())
                continue;
            m_buffer.resize(m_local[j].size());
            m_models[j].presentRiskWarner(load(j, p), m_local[j], m_buffer.data());
            for (std::size_t k = 0; k < m_at[j].size(); ++k)
                out[m_at[j][k]] = m_buffer[k];
        }
    }

    DisclosureRiskModel& model(std::size_t j) { return m_models[j]; }
    const std::vector<double>& load(std::size_t j, const std::vector<double>& p)
    {
        const std::vector<int>& axes = m_a.axesOf[j];
        for (std::size_t k = 0; k < axes.size(); ++k)
            m_p[j][k] = p[static_cast<std::size_t>(axes[k])];
        return m_p[j];
    }

private:
    std::size_t targetOf(std::size_t cell) const
    {
        return static_cast<std::size_t>(std::upper_bound(m_offsets.begin(), m_offsets.end(), cell) -
                                        m_offsets.begin()) -
               1;
    }

    const SeveralSensitiveAnalysis& m_a;
    std::vector<DisclosureRiskModel> m_models;
    std::vector<std::size_t> m_offsets;
    std::size_t m_cells = 0;
    std::vector<std::vector<double>> m_p;
    std::vector<std::vector<std::size_t>> m_local, m_at;
    std::vector<double> m_buffer;
};

std::string namesOf(const SeveralSensitiveAnalysis& a, const std::vector<int>& axes)
{
    std::string out;
    for (int axis : axes)
        out.append(out.empty() ? "'" : ", '").append(a.all.names[static_cast<std::size_t>(axis)]).append("'");
    return out;
}

// What the most randomization reaches for target j. When its table is randomized as one of the three modes,
// 003 Property 1 (ModeLimit) with its wording; otherwise the risk at p = 1/d for its randomized attributes, where
// each record's risk is lowest (it falls as any p falls, 003 Result 16).
void limitOf(const SeveralSensitiveAnalysis& a, std::size_t j, const std::vector<char>& randomized,
             DisclosureRiskModel& model, double tau, SensitiveTargetOptimum& out)
{
    const std::vector<int>& axes = a.axesOf[j];
    std::vector<int> on, off;
    for (std::size_t k = 0; k + 1 < axes.size(); ++k)
        (randomized[static_cast<std::size_t>(axes[k])] ? on : off).push_back(axes[k]);
    const bool sRandomized = randomized[static_cast<std::size_t>(axes.back())] != 0;
    std::optional<RandomizationMode> mode;
    if (off.empty())
        mode = sRandomized ? RandomizationMode::Both : RandomizationMode::QI;
    else if (on.empty() && sRandomized)
        mode = RandomizationMode::S;
    if (mode) {
        const ModeLimit limit = modeLimit(model, *mode, tau); // 003 Property 1
        out.lowestMaxRisk = limit.lowestMaxRisk;
        out.blockingRecords = limit.blockingRecords;
        out.blockingCells = limit.blockingCells;
        if (reachesTau(limit.lowestMaxRisk, tau))
            out.reason = infeasibleReason(limit, *mode, tau);
        return;
    }
    std::vector<double> p(axes.size(), 1.0);
    for (std::size_t k = 0; k < axes.size(); ++k)
        if (randomized[static_cast<std::size_t>(axes[k])])
            p[k] = 1.0 / model.dims()[k];
    const Eigen::VectorXd& risk = model.evaluateWarner(p);
    const Eigen::VectorXd& counts = model.joint().counts();
    out.lowestMaxRisk = 0, out.blockingRecords = 0, out.blockingCells = 0;
    for (Eigen::Index c : model.presentCells()) {
        out.lowestMaxRisk = std::max(out.lowestMaxRisk, risk[c]);
        if (reachesTau(risk[c], tau))
            out.blockingRecords += counts[c], ++out.blockingCells;
    }
    if (out.blockingCells == 0)
        return;
    (sRandomized ? on : off).push_back(axes.back());
    std::ostringstream os;
    os << "with " << (on.empty() ? std::string("no attribute") : namesOf(a, on)) << " randomized and "
       << namesOf(a, off) << " kept as they are, " << out.blockingRecords << " records in " << out.blockingCells
       << " cells stay at or above the target " << tau << " for every allowed p. The lowest reachable maximum risk is "
       << out.lowestMaxRisk << "."; // 003 Property 1's bound, for this mix
    out.reason = os.str();
}

} // namespace

SeveralSensitiveOptimum optimizeSeveralSensitive(const SeveralSensitiveAnalysis& a, const OptimizationOptions& options,
                                                 std::function<bool()> keepRunning)
{
    SeveralSensitiveOptimum out;
    const std::size_t n = a.all.names.size();
    const std::vector<char> randomized = randomizedInMode(a, options.mode);
    for (std::size_t k = 0; k < n; ++k)
        if (randomized[k])
            out.randomized.push_back(static_cast<int>(k));
    for (const SensitiveTarget& t : a.spec.targets)
        out.targets.push_back(SensitiveTargetOptimum{t.attribute, 0, 0, 0, 0, {}});

    TargetsConstraint risk(a, options.threads, std::move(keepRunning));
    OptimizationProblem problem{risk, out.randomized, {}, {}, {}};
    bool limitsKnown = false;
    problem.outOfReach = [&](OptimizationResult& result, double tau) {
        std::string reasons;
        limitsKnown = true;
        for (std::size_t j = 0; j < out.targets.size(); ++j) {
            SensitiveTargetOptimum& t = out.targets[j];
            limitOf(a, j, randomized, risk.model(j), tau, t);
            result.lowestMaxRisk = std::max(result.lowestMaxRisk, t.lowestMaxRisk);
            if (t.reason.empty())
                continue;
            reasons.append(reasons.empty() ? "" : " ").append("For '").append(t.attribute).append("': ").append(t.reason);
            if (t.blockingRecords > result.blockingRecords)
                result.blockingRecords = t.blockingRecords, result.blockingCells = t.blockingCells;
        }
        result.reason = reasons;
        return !reasons.empty();
    };
    problem.atEdge = [&](OptimizationResult& result, double tau) {
        std::ostringstream os;
        os << "tau = " << tau << " lies at the edge of what " << modeLabel(options.mode)
           << " can reach: the lowest max risk " << result.lowestMaxRisk
           << " needs p = 1/d exactly, where nothing can be reconstructed.";
        result.reason = os.str();
    };
    problem.quasiIdentifierTable = [&a] {
        std::vector<int> axes(a.spec.quasiIdentifiers.size());
        std::iota(axes.begin(), axes.end(), 0); // the QIs come first in analysis.all
        return a.all.joint.marginal(axes);
    };
    out.result = optimizeUnder(problem, options);
    for (std::size_t j = 0; j < out.targets.size() && !limitsKnown; ++j) // p = 1 met tau: say what p -> 1/d reaches
        limitOf(a, j, randomized, risk.model(j), options.tau, out.targets[j]);
    for (std::size_t j = 0; j < out.targets.size(); ++j)
        out.targets[j].maxRisk = risk.model(j).maxRiskWarner(risk.load(j, out.result.p));
    return out;
}

} // namespace rr
