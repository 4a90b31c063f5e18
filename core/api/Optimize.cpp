#include "core/api/Optimize.h"
#include "core/analysis/PreparedAnalysis.h"
#include "core/analysis/SeveralSensitiveOptimum.h"
#include "core/anonymization/PrivacyModel.h"
#include "core/api/Names.h"
#include "core/api/RequestSupport.h"
#include "core/api/Risk.h"
#include "core/data/Errors.h"
#include "core/models/AnalysisObjective.h"
#include "core/models/AnalysisOptima.h"
#include "core/risk/TargetMeaning.h"

#include <algorithm>

namespace rr::api {
namespace {

OptimizationOptions optimizationOptionsOf(const OptimizeRequest& request)
{
    checkSearch(request);
    OptimizationOptions opt;
    opt.mode = request.mode;
    opt.tau = request.tau ? *request.tau : 1.0 / *request.l;
    opt.reidentification.max = request.maxReidentification.value_or(0.0);
    opt.reidentification.mean = request.meanReidentification.value_or(0.0);
    opt.threads = request.threads;
    return opt;
}

// l above the number of sensitive values cannot mean what the owner reads (issue 46): refused, per attribute.
void refuseLBeyondValues(const std::optional<double>& l, const std::vector<const PreparedTable*>& tables)
{
    if (!l)
        return;
    std::string reasons;
    for (const PreparedTable* t : tables)
        if (*l > t->dims.back())
            reasons += (reasons.empty() ? "" : "; ") + lBeyondValuesReason(t->names.back(), t->dims.back());
    if (!reasons.empty())
        throw InputError(reasons);
}

// The sensitive attributes an optimum leaves at p = 1 while it randomizes something else (issue 46).
std::vector<std::string> inClearWarnings(const OptimizationResult& r, const std::vector<std::string>& names,
                                         const std::vector<std::string>& sensitive)
{
    std::vector<std::string> out;
    if (!r.feasible || std::none_of(r.p.begin(), r.p.end(), [](double x) { return x < 1; }))
        return out;
    for (const std::string& s : sensitive) {
        const auto at = std::find(names.begin(), names.end(), s);
        if (at != names.end() && r.p[static_cast<std::size_t>(at - names.begin())] >= 1)
            out.push_back(sensitiveInClearWarning(s));
    }
    return out;
}

Infeasibility infeasibilityOf(const DisclosureRiskModel& model, const PreparedTable& table,
                              const OptimizationOptions& opt)
{
    Infeasibility out;
    const std::size_t ds = static_cast<std::size_t>(table.dims.back());
    for (const BlockingGroup& b : blockingGroups(model, opt.mode, opt.tau)) {
        GroupValue g = groupValueOf(table, b.cell / ds, static_cast<int>(b.cell % ds), b.records, b.share);
        g.groupRecords = b.groupRecords;
        out.blockingGroups.push_back(std::move(g));
    }
    out.bestL = bestWholeLPerMode(model, opt);
    out.explanation = infeasibleExplanation(model, table.names, table.categories, opt, out.bestL);
    return out;
}

// Runs the search for `opt` and, with an analysis, the analysis' too (core's one path for both front ends): the
// answer is the analysis optimum then, 003's otherwise.
template <typename Search>
void searchBoth(const OptimizeRequest& request, const PreparedTable& table, const OptimizationOptions& opt,
                OptimizeResult& out, Search search)
{
    if (!request.analysis) {
        out.result = search(opt);
        return;
    }
    const AnalysisObjective analysis =
        analysisObjective(parseAnalysisTarget(*request.analysis), table.names, table.categories, table.joint);
    const AnalysisOptima optima = optimizeForAnalysis(analysis, opt, search);
    out.result = optima.forAnalysis;
    out.analysis = AnalysisAnswer{*request.analysis, analysis.description, analysis.terms,
                                  optima.forAnalysis.analysisObjective, optima.classic,
                                  optima.classicAnalysisObjective};
}

// The fields every answer has.
OptimizeResult resultBase(const OptimizeRequest& request, const OptimizationOptions& opt, const PreparedTable& table)
{
    OptimizeResult out;
    out.mode = opt.mode;
    out.l = request.l;
    out.names = table.names;
    out.rows = table.keptRows();
    out.droppedRows = table.droppedRows;
    out.bound = opt.reidentification;
    return out;
}

// Several sensitive attributes (issue 22): one constraint each, over its own table.
OptimizeResult severalOptimum(const OptimizeRequest& request, const OptimizationOptions& opt,
                              const SeveralSensitiveAnalysis& a, const ProgressFunction& progress)
{
    std::vector<const PreparedTable*> tables;
    for (const auto& t : a.perTarget)
        tables.push_back(t.get());
    refuseLBeyondValues(request.l, tables);
    OptimizeResult out = resultBase(request, opt, a.all);
    SeveralSensitiveOptimum o;
    searchBoth(request, a.all, opt, out, [&](const OptimizationOptions& o2) {
        o = optimizeSeveralSensitive(a, o2, keepRunningOf(progress));
        return o.result;
    });
    out.result = o.result; // the last search's (the analysis' when there is one)
    for (int axis : o.randomized)
        out.randomized.push_back(a.all.names[static_cast<std::size_t>(axis)]);
    std::vector<std::string> sensitive;
    for (std::size_t k = 0; k < o.targets.size(); ++k) {
        const SensitiveTargetOptimum& t = o.targets[k];
        out.targets.push_back({t.attribute, a.spec.targets[k].knows, t.maxRisk, t.lowestMaxRisk, t.blockingRecords,
                               t.blockingCells, t.reason, inferenceOf(*a.perTarget[k], opt.tau)});
        sensitive.push_back(a.spec.targets[k].attribute);
    }
    out.warnings = inClearWarnings(o.result, a.all.names, sensitive);
    return out;
}

OptimizeResult oneOptimum(const OptimizeRequest& request, const OptimizationOptions& opt, const PreparedAnalysis& a,
                          const ProgressFunction& progress)
{
    refuseLBeyondValues(request.l, {&a});
    DisclosureRiskModel model(a.model, keepRunningOf(progress)); // its own scratch, faulted in stoppably
    model.setThreads(request.threads); // bitwise the same numbers on any count
    model.setKeepRunning(keepRunningOf(progress));
    OptimizeResult out = resultBase(request, opt, a);
    searchBoth(request, a, opt, out, [&](const OptimizationOptions& o) { return optimizeParameters(model, o); });
    if (!out.result.feasible)
        out.infeasibility = infeasibilityOf(model, a, opt);
    out.inference = inferenceOf(a, opt.tau);
    out.warnings = inClearWarnings(out.result, a.names, {a.names.back()});
    return out;
}

std::shared_ptr<const PreparedAnalysis> preparedOne(const OptimizeRequest& request, const ProgressFunction& progress)
{
    const auto source = openData(request.data);
    AnalysisSpec spec;
    spec.quasiIdentifiers = request.qi;
    if (request.sensitive.size() != 1)
        throw InputError("--sensitive takes exactly one attribute, got " + std::to_string(request.sensitive.size()) +
                         " (" + joinNames(request.sensitive) + ")");
    spec.sensitive = request.sensitive.front();
    spec.policy = missingPolicyOf(request.dropIncomplete);
    checkRoles(spec);
    return prepareAnalysis(*source, spec, progress);
}

} // namespace

void checkThresholdChoice(bool l, bool tau)
{
    if (l == tau)
        throw InputError("'optimize' needs exactly one of --l L (l-diversity, tau = 1/l) and --tau T");
}

// In the CLI's order: l or tau, then the re-identification bound.
void checkSearch(const OptimizeRequest& request)
{
    checkThresholdChoice(request.l.has_value(), request.tau.has_value());
    if (request.tau)
        checkUnitThreshold(*request.tau, "--tau");
    else
        checkL(*request.l, "--l"); // the one rule for l (core/anonymization/PrivacyModel.h)
    const auto& max = request.maxReidentification;
    const auto& mean = request.meanReidentification;
    if (!max && !mean)
        return;
    checkReidentificationBound({max.value_or(0.0), mean.value_or(0.0)});
    if ((max && !(*max > 0)) || (mean && !(*mean > 0)))
        throw InputError("a re-identification bound must lie in (0, 1]");
}

OptimizeResult optimizeOf(const OptimizeRequest& request, const ProgressFunction& progress)
{
    const OptimizationOptions opt = optimizationOptionsOf(request);
    if (request.sensitive.size() > 1 || !request.knows.empty()) {
        const SeveralSensitiveSpec spec{request.qi, sensitiveTargets(request.sensitive, request.knows),
                                        missingPolicyOf(request.dropIncomplete)};
        const auto source = openData(request.data);
        return severalOptimum(request, opt, prepareSeveralSensitive(*source, spec, progress), progress);
    }
    return oneOptimum(request, opt, *preparedOne(request, progress), progress);
}

OptimizeResult optimizeOver(const OptimizeRequest& request, const PreparedAnalysis& analysis,
                            const ProgressFunction& progress)
{
    return oneOptimum(request, optimizationOptionsOf(request), analysis, progress);
}

OptimizeResult optimizeOver(const OptimizeRequest& request, const SeveralSensitiveAnalysis& analysis,
                            const ProgressFunction& progress)
{
    return severalOptimum(request, optimizationOptionsOf(request), analysis, progress);
}

} // namespace rr::api
