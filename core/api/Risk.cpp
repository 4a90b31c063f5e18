#include "core/api/Risk.h"
#include "core/analysis/PreparedAnalysis.h"
#include "core/analysis/RiskProfile.h"
#include "core/analysis/SeveralSensitive.h"
#include "core/api/Names.h"
#include "core/api/RequestSupport.h"
#include "core/data/Errors.h"
#include "core/risk/TargetMeaning.h"

#include <algorithm>
#include <sstream>

namespace rr::api {
namespace {

std::vector<std::pair<std::string, std::string>> cellNamed(const PreparedTable& table, Eigen::Index cell)
{
    std::vector<std::pair<std::string, std::string>> out;
    const std::vector<std::string> values = table.cellValues(static_cast<std::size_t>(cell));
    for (std::size_t k = 0; k < values.size(); ++k)
        out.emplace_back(table.names[k], values[k]);
    return out;
}

void checkRequest(const RiskRequest& request)
{
    if (request.tau)
        checkUnitThreshold(*request.tau, "--tau");
    checkUnitThreshold(request.threshold, "--threshold");
}

// Sensitive attributes left at p = 1 while some other attribute is randomized (issue 46).
std::vector<std::string> sensitiveInClear(const std::vector<std::string>& names, const std::vector<double>& p,
                                          const std::vector<SensitiveTarget>& targets)
{
    std::vector<std::string> out;
    const bool anyRandomized = std::any_of(p.begin(), p.end(), [](double x) { return x < 1; });
    for (const SensitiveTarget& t : targets) {
        const auto at = std::find(names.begin(), names.end(), t.attribute);
        if (anyRandomized && at != names.end() && p[static_cast<std::size_t>(at - names.begin())] >= 1)
            out.push_back(sensitiveInClearWarning(t.attribute));
    }
    return out;
}

// Several sensitive attributes (issue 22): each one's risk over the table of its known attributes and itself, and
// each record's largest.
RiskResult severalRisk(const RiskRequest& request, const SeveralSensitiveSpec& spec, const DataSource& source,
                       const ProgressFunction& progress)
{
    const SeveralSensitiveAnalysis a = prepareSeveralSensitive(source, spec, progress);
    RiskResult out;
    out.distortions = distortionsOf(request.distortions, a.all.names, a.all.categories);
    std::vector<double> p;
    for (const DistortionMatrix& m : out.distortions.matrices)
        p.push_back(m.retention());
    const SeveralSensitiveRisk r = severalSensitiveRisk(a, p, request.tau.value_or(0.0), request.threads);
    out.rows = a.all.keptRows();
    out.droppedRows = a.all.droppedRows;
    out.tau = request.tau;
    for (std::size_t k = 0; k < a.perTarget.size(); ++k) {
        const PreparedTable& t = *a.perTarget[k];
        out.targets.push_back({spec.targets[k].attribute, spec.targets[k].knows,
                               {r.perTarget[k], cellNamed(t, r.perTarget[k].worstCell)}, r.recordsSetBy[k],
                               inferenceOf(t, request.tau)});
    }
    out.figures = {r.overall, cellNamed(a.all, r.overall.worstCell)};
    out.warnings = sensitiveInClear(a.all.names, p, spec.targets);
    return out;
}

// Re-identification risk under randomization (issue 22); empty with the reason when the direct sum (a matrix
// QI) is refused for its size, so `risk` keeps working on any table.
ReidentificationStep reidentificationOf(const PreparedAnalysis& a, const std::vector<DistortionMatrix>& qi,
                                        const RiskRequest& request, const ProgressFunction& progress)
{
    ReidentificationRequest r;
    r.threshold = request.threshold;
    r.threads = request.threads;
    r.progress = progress;
    return reidentificationStep(a, qi, r);
}

RiskResult oneRisk(const RiskRequest& request, const DataSource& source, const ProgressFunction& progress)
{
    AnalysisSpec spec;
    spec.quasiIdentifiers = request.qi;
    if (request.sensitive.size() != 1)
        throw InputError("--sensitive takes exactly one attribute, got " + std::to_string(request.sensitive.size()) +
                         " (" + joinNames(request.sensitive) + ")");
    spec.sensitive = request.sensitive.front();
    spec.policy = missingPolicyOf(request.dropIncomplete);
    checkRoles(spec);
    const auto a = prepareAnalysis(source, spec, progress);
    RiskResult out;
    out.distortions = distortionsOf(request.distortions, a->names, a->categories);
    DisclosureRiskModel model(a->model, keepRunningOf(progress)); // its own scratch, faulted in stoppably
    model.setThreads(request.threads); // bitwise the same numbers on any count
    model.setKeepRunning(keepRunningOf(progress));
    std::vector<DistortionMatrix> qi = out.distortions.matrices;
    const DistortionMatrix s = qi.back();
    qi.pop_back();
    const Eigen::VectorXd& risk = model.evaluate(qi, s); // 003 eq. 5.6-5.8, any matrices
    RiskProfileRequest profile;
    profile.tau = request.tau.value_or(0.0);
    const RiskSummary summary = riskProfile(*a, risk, profile).summary;
    out.rows = a->keptRows();
    out.droppedRows = a->droppedRows;
    out.tau = request.tau;
    out.figures = {summary, cellNamed(*a, summary.worstCell)};
    for (const DistortionMatrix& m : out.distortions.matrices)
        out.epsilon.push_back(epsilon(m));
    out.reidentification = reidentificationOf(*a, qi, request, progress);
    out.inference = inferenceOf(*a, request.tau);
    const bool qiRandomized =
        std::any_of(qi.begin(), qi.end(), [](const DistortionMatrix& m) { return !m.isIdentity(); });
    if (s.isIdentity() && qiRandomized)
        out.warnings.push_back(sensitiveInClearWarning(a->names.back()));
    return out;
}

} // namespace

void checkUnitThreshold(double value, const std::string& what)
{
    if (value > 0.0 && value <= 1.0)
        return;
    std::ostringstream text;
    text << value;
    throw InputError(what + " must lie in (0, 1], got " + text.str());
}

RiskResult riskOf(const RiskRequest& request, const ProgressFunction& progress)
{
    checkRequest(request);
    if (request.sensitive.size() > 1 || !request.knows.empty()) {
        if (!request.distortions.matrixFiles.empty())
            throw InputError("several sensitive attributes take --p (Warner matrices), not --matrix");
        const SeveralSensitiveSpec spec{request.qi, sensitiveTargets(request.sensitive, request.knows),
                                        missingPolicyOf(request.dropIncomplete)};
        const auto source = openData(request.data);
        return severalRisk(request, spec, *source, progress);
    }
    const auto source = openData(request.data);
    return oneRisk(request, *source, progress);
}

} // namespace rr::api
