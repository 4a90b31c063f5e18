// `optimize`: the p that minimize the utility loss under max_r Pr(S_r | QI_r) <= tau (003 Problem 1, Result 16).
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/InferenceJson.h"
#include "app/cli/SensitiveTargets.h"

#include "core/analysis/PreparedAnalysis.h"
#include "core/analysis/SeveralSensitiveOptimum.h"
#include "core/anonymization/PrivacyModel.h"
#include "core/data/Errors.h"
#include "core/models/AnalysisObjective.h"
#include "core/models/AnalysisOptima.h"
#include "core/optimization/Infeasibility.h"
#include "core/optimization/OptimalParameters.h"
#include "core/risk/TargetMeaning.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace rr::cli {
namespace {

// tau from exactly one of --l (tau = 1/l, l > 1) and --tau.
double thresholdFrom(const Options& options)
{
    const auto l = options.value("l");
    const auto tau = options.value("tau");
    if (l.has_value() == tau.has_value())
        throw InputError("'optimize' needs exactly one of --l L (l-diversity, tau = 1/l) and --tau T");
    if (tau)
        return parseTau(*tau);
    // The one rule for l (core/anonymization/PrivacyModel.h); --tau gives any bound in (0, 1].
    return 1.0 / checkL(parseNumber(*l, "--l"), "--l");
}

OptimizationOptions optimizationOptionsFrom(const Options& options)
{
    refuseMatrix(options, "optimize",
                 "the optimizer searches Warner's family only, one retention p per attribute (003 Problem 1, "
                 "Result 16); evaluate a given matrix with 'risk --matrix' instead");
    OptimizationOptions opt;
    opt.mode = parseMode(options.required("mode"));
    opt.tau = thresholdFrom(options);
    if (const auto m = options.value("max-reidentification"))
        opt.reidentification.max = parseNumber(*m, "--max-reidentification");
    if (const auto m = options.value("mean-reidentification"))
        opt.reidentification.mean = parseNumber(*m, "--mean-reidentification");
    if (options.has("max-reidentification") || options.has("mean-reidentification")) {
        checkReidentificationBound(opt.reidentification);
        if ((options.has("max-reidentification") && !(opt.reidentification.max > 0)) ||
            (options.has("mean-reidentification") && !(opt.reidentification.mean > 0)))
            throw InputError("a re-identification bound must lie in (0, 1]");
    }
    opt.threads = cliThreads();
    return opt;
}

// l above the number of sensitive values cannot mean what the owner reads (issue 46): refused, per attribute.
void refuseLBeyondValues(const Options& options, const std::vector<const PreparedTable*>& tables)
{
    const auto l = options.value("l");
    if (!l)
        return;
    const double value = parseNumber(*l, "--l");
    std::string reasons;
    for (const PreparedTable* t : tables)
        if (value > t->dims.back())
            reasons += (reasons.empty() ? "" : "; ") + lBeyondValuesReason(t->names.back(), t->dims.back());
    if (!reasons.empty())
        throw InputError(reasons);
}

// The sensitive attributes an optimum leaves at p = 1 while it randomizes something else (issue 46).
Json inClearWarnings(const OptimizationResult& r, const std::vector<std::string>& names,
                     const std::vector<std::string>& sensitive)
{
    Json out = Json::array();
    if (!r.feasible || std::none_of(r.p.begin(), r.p.end(), [](double x) { return x < 1; }))
        return out;
    for (const std::string& s : sensitive) {
        const auto at = std::find(names.begin(), names.end(), s);
        if (at != names.end() && r.p[static_cast<std::size_t>(at - names.begin())] >= 1)
            out.push_back(sensitiveInClearWarning(s));
    }
    return out;
}

// An infeasible target in the owner's words (issue 46): the cells that block it and the largest l each mode meets.
void addInfeasibility(Json& j, const DisclosureRiskModel& model, const PreparedTable& table,
                      const OptimizationOptions& opt, Notes& notes)
{
    const std::size_t ds = static_cast<std::size_t>(table.dims.back());
    Json blocking = Json::array();
    for (const BlockingGroup& b : blockingGroups(model, opt.mode, opt.tau)) {
        Json g = groupValueJson(table, b.cell / ds, static_cast<int>(b.cell % ds), b.records, b.share);
        g["group_records"] = countValue(b.groupRecords);
        blocking.push_back(std::move(g));
    }
    j["blocking_groups"] = std::move(blocking);
    const std::vector<ReachableL> reach = bestWholeLPerMode(model, opt);
    Json perMode = Json::object();
    for (const ReachableL& r : reach) {
        perMode[toString(r.mode)] = r.l;
        if (r.mode == opt.mode)
            j["best_l"] = r.l;
    }
    j["best_l_per_mode"] = std::move(perMode);
    notes.add("best_l is the largest whole l this mode meets on these data (1: none from 2 up); best_l_per_mode "
              "gives it for every mode. " + infeasibleExplanation(model, table.names, table.categories, opt, reach));
}

// The keys every answer has: p and its cost, or why tau is out of reach; tau, rows, the re-identification bound.
Json resultJson(const OptimizationResult& r, const OptimizationOptions& opt, const PreparedTable& table,
                const Options& options, Notes& notes)
{
    Json j;
    j["feasible"] = r.feasible;
    j["mode"] = toString(opt.mode);
    if (r.feasible) {
        j["p"] = attributeValues(table.names, r.p);
        j["objective"] = finiteOrNull(r.objective, "objective is null: it is infinite at the returned p", notes);
        j["max_risk"] = r.maxRisk;
    } else {
        j["reason"] = r.reason;
        j["lowest_max_risk"] = r.lowestMaxRisk;
        j["blocking_records"] = countValue(r.blockingRecords);
        j["blocking_cells"] = r.blockingCells;
    }
    j["tau"] = r.tau;
    if (options.value("l"))
        j["l"] = parseNumber(*options.value("l"), "--l");
    j["rows"] = table.keptRows();
    j["dropped_rows"] = table.droppedRows;
    if (r.reidentification) { // the second constraint (issue 22)
        Json bound;
        if (opt.reidentification.max > 0)
            bound["max"] = opt.reidentification.max;
        if (opt.reidentification.mean > 0)
            bound["mean"] = opt.reidentification.mean;
        Json rid;
        rid["bound"] = bound;
        rid["max"] = r.reidentification->max;
        rid["mean"] = r.reidentification->mean;
        rid["binding"] = r.reidentificationBinding;
        j["reidentification"] = rid;
    }
    j["evaluations"] = r.evaluations;
    return j;
}

// --for ANALYSIS: the analysis' expected variance over the optimizer's table (its original counts), or nothing.
std::optional<AnalysisObjective> analysisFrom(const Options& options, const PreparedTable& table)
{
    const auto text = options.value("for");
    if (!text)
        return std::nullopt;
    return analysisObjective(parseAnalysisTarget(*text), table.names, table.categories, table.joint);
}

// With --for, the answer is the optimum for the analysis; today's optimum (003's objective) is beside it, each with
// both objectives.
void addAnalysis(Json& j, const Options& options, const AnalysisObjective& analysis, const AnalysisOptima& optima,
                 const PreparedTable& table, Notes& notes)
{
    const OptimizationResult& classic = optima.classic;
    j["analysis_objective"] =
        finiteOrNull(optima.forAnalysis.analysisObjective, "analysis_objective is null: infinite", notes);
    j["for"] = {{"analysis", *options.value("for")}, {"objective", analysis.description}, {"terms", analysis.terms}};
    Json c;
    c["feasible"] = classic.feasible;
    c["p"] = attributeValues(table.names, classic.p);
    c["objective"] = finiteOrNull(classic.objective, "objective is null: it is infinite at the returned p", notes);
    c["analysis_objective"] =
        finiteOrNull(optima.classicAnalysisObjective, "analysis_objective is null: infinite", notes);
    c["max_risk"] = classic.maxRisk;
    j["classic_optimum"] = c;
    notes.add("--for: p minimizes the analysis' expected variance (analysis_objective) under the same constraints; "
              "classic_optimum is the p that minimizes prod ||P_i^-1||_F^2 (objective), with both objectives at both");
}

// Runs the search for `opt` and, with --for, the analysis' too (core's one path for both front ends): the answer is
// the analysis optimum then, today's otherwise.
template <typename Search>
std::optional<AnalysisOptima> searchBoth(const std::optional<AnalysisObjective>& analysis,
                                         const OptimizationOptions& opt, OptimizationResult& answer, Search search)
{
    if (!analysis) {
        answer = search(opt);
        return std::nullopt;
    }
    AnalysisOptima optima = optimizeForAnalysis(*analysis, opt, search);
    answer = optima.forAnalysis;
    return optima;
}

// Several sensitive attributes (issue 22): one constraint each, over its own table.
Json runSeveralSensitive(const Options& options, const OptimizationOptions& opt)
{
    const SeveralSensitiveSpec spec = severalSensitiveFrom(options);
    const auto source = openSource(options);
    const SeveralSensitiveAnalysis a = prepareSeveralSensitive(*source, spec);
    std::vector<const PreparedTable*> tables;
    for (const auto& t : a.perTarget)
        tables.push_back(t.get());
    refuseLBeyondValues(options, tables);
    const std::optional<AnalysisObjective> analysis = analysisFrom(options, a.all);
    SeveralSensitiveOptimum o;
    OptimizationResult answer;
    const auto optima = searchBoth(analysis, opt, answer, [&](const OptimizationOptions& o2) {
        o = optimizeSeveralSensitive(a, o2, keepRunning());
        return o.result;
    });
    Notes notes;
    Json j = resultJson(o.result, opt, a.all, options, notes);
    if (optima)
        addAnalysis(j, options, *analysis, *optima, a.all, notes);
    Json randomized = Json::array();
    for (int axis : o.randomized)
        randomized.push_back(a.all.names[static_cast<std::size_t>(axis)]);
    j["randomized"] = std::move(randomized);
    Json targets = Json::array();
    for (std::size_t k = 0; k < o.targets.size(); ++k) {
        const SensitiveTargetOptimum& t = o.targets[k];
        Json tj;
        tj["attribute"] = t.attribute;
        tj["knows"] = spec.targets[k].knows;
        tj["max_risk"] = t.maxRisk;
        tj["lowest_max_risk"] = t.lowestMaxRisk;
        tj["blocking_records"] = countValue(t.blockingRecords);
        tj["blocking_cells"] = t.blockingCells;
        tj["reason"] = t.reason.empty() ? Json(nullptr) : Json(t.reason);
        tj["inference"] = inferenceJson(*a.perTarget[k], opt.tau);
        targets.push_back(std::move(tj));
    }
    j["sensitive"] = std::move(targets);
    std::vector<std::string> sensitive;
    for (const SensitiveTarget& t : spec.targets)
        sensitive.push_back(t.attribute);
    j["warnings"] = inClearWarnings(o.result, a.all.names, sensitive);
    notes.add("one constraint per sensitive attribute, each over the table of the QIs, what an attacker targeting it "
              "knows, and itself; max_risk is the largest of theirs");
    j["notes"] = notes.toJson();
    return j;
}

Json runOptimize(const Options& options)
{
    const OptimizationOptions opt = optimizationOptionsFrom(options);
    if (wantsSeveralSensitive(options))
        return runSeveralSensitive(options, opt);
    const auto source = openSource(options);
    const auto a = prepareAnalysis(*source, rolesFrom(options), keepRunningProgress());
    refuseLBeyondValues(options, {a.get()});
    DisclosureRiskModel model(a->model, keepRunning()); // its own scratch, faulted in stoppably
    model.setThreads(cliThreads()); // bitwise the same numbers on any count
    model.setKeepRunning(keepRunning());
    const std::optional<AnalysisObjective> analysis = analysisFrom(options, *a);
    OptimizationResult r;
    const auto optima =
        searchBoth(analysis, opt, r, [&](const OptimizationOptions& o) { return optimizeParameters(model, o); });

    Notes notes;
    Json j = resultJson(r, opt, *a, options, notes);
    if (optima)
        addAnalysis(j, options, *analysis, *optima, *a, notes);
    if (!r.feasible && opt.mode == RandomizationMode::S) {
        // records whose risk is 1 for every p_s: they block every tau < 1 (003 eq. 5.8)
        j["certain_groups"] = r.certainGroups;
        j["certain_records"] = countValue(r.certainRecords);
    }
    if (!r.feasible)
        addInfeasibility(j, model, *a, opt, notes);
    j["inference"] = inferenceJson(*a, opt.tau);
    j["warnings"] = inClearWarnings(r, a->names, {a->names.back()});
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace

Command optimizeCommand()
{
    Command c;
    c.name = "optimize";
    c.summary = "optimal p under a disclosure-risk bound tau = 1/l (RR-QI, RR-S or RR-Both)";
    c.description =
        "Finds the retention probabilities that minimize the utility loss prod_i ||P_i^-1||_F^2 over all QI and S "
        "attributes subject to max_r Pr(S_r | QI_r) <= tau (003 Problem 1, Result 16). --mode says which "
        "attributes are randomized: qi (the quasi-identifiers), s (the sensitive attribute) or both; the others "
        "keep p = 1. When no p reaches tau, the answer says so, why, and how many records block it. "
        "--max-reidentification and --mean-reidentification add a second constraint on the records' "
        "re-identification risk: when the tau optimum breaks it, each starting direction is followed until both "
        "hold and the cheapest point is returned (\"binding\": true). With several sensitive attributes "
        "(--sensitive S1,S2 and --knows S2=A,...) each one's max risk is kept under tau over the table of the QIs, "
        "what the attacker targeting it knows, and itself; --mode s randomizes the sensitive attributes, qi every "
        "other, both all; \"sensitive\" gives each one's max risk and, when tau is out of reach, why. --for "
        "ANALYSIS minimizes instead, under the same constraints, the expected variance of that analysis' estimates "
        "from the release (the trace of their covariance, the inverse expected information, at the data's own "
        "estimates): regress:Y=V~A,B for a logistic model's coefficients (issue 44; its attributes must be among the "
        "QIs and sensitive attributes), cells:A,B for a table's shares (003 Lemma 4); the answer gives both objectives "
        "at its p and at today's optimum (classic_optimum).";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    for (auto& o : roleOptions())
        c.options.push_back(o);
    c.options.push_back({"mode", "qi|s|both", "which attributes are randomized"});
    c.options.push_back({"l", "L", "2 <= l <= 1000000: bound the risk by tau = 1/l"});
    c.options.push_back({"tau", "T", "the risk bound tau in (0, 1] (instead of --l)"});
    c.options.push_back({"max-reidentification", "R",
                         "also keep the largest re-identification risk of a record at most R, in (0, 1] (see "
                         "'reidentification')"});
    c.options.push_back({"mean-reidentification", "R",
                         "also keep the mean re-identification risk (the expected share of records re-identified) at "
                         "most R, in (0, 1]"});
    c.options.push_back(knowsOption());
    c.options.push_back({"for", "ANALYSIS",
                         "minimize instead the expected variance of one analysis' estimates at the data's values: "
                         "regress:Y=V~A,B (the coefficients of that logistic model but the intercept) or cells:A,B "
                         "(the shares of that table); today's optimum is reported beside it (classic_optimum)"});
    c.options.push_back({"matrix", "NAME=FILE",
                         "refused: the optimizer searches Warner's family only (use 'risk --matrix' to evaluate a "
                         "matrix)",
                         true});
    c.run = runOptimize;
    return c;
}

} // namespace rr::cli
