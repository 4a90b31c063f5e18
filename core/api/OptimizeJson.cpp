// optimizeJson: the one place an optimize result becomes the CLI's JSON (key order and notes are the contract).
#include "core/api/Optimize.h"

namespace rr::api {
namespace {

const char* const kInfiniteObjective = "objective is null: it is infinite at the returned p";
const char* const kInfiniteAnalysis = "analysis_objective is null: infinite";

Json reidentificationJson(const OptimizationResult& r, const ReidentificationBound& b)
{
    Json bound;
    if (b.max > 0)
        bound["max"] = b.max;
    if (b.mean > 0)
        bound["mean"] = b.mean;
    Json rid;
    rid["bound"] = bound;
    rid["max"] = r.reidentification->max;
    rid["mean"] = r.reidentification->mean;
    rid["binding"] = r.reidentificationBinding;
    return rid;
}

// The keys every answer has: p and its cost, or why tau is out of reach; tau, rows, the re-identification bound.
Json resultJson(const OptimizeResult& o, Notes& notes)
{
    const OptimizationResult& r = o.result;
    Json j;
    j["feasible"] = r.feasible;
    j["mode"] = toString(o.mode);
    if (r.feasible) {
        j["p"] = attributeValues(o.names, r.p);
        j["objective"] = finiteOrNull(r.objective, kInfiniteObjective, notes);
        j["max_risk"] = r.maxRisk;
    } else {
        j["reason"] = r.reason;
        j["lowest_max_risk"] = r.lowestMaxRisk;
        j["blocking_records"] = countValue(r.blockingRecords);
        j["blocking_cells"] = r.blockingCells;
    }
    j["tau"] = r.tau;
    if (o.l)
        j["l"] = *o.l;
    j["rows"] = o.rows;
    j["dropped_rows"] = o.droppedRows;
    if (r.reidentification) // the second constraint (issue 22)
        j["reidentification"] = reidentificationJson(r, o.bound);
    j["evaluations"] = r.evaluations;
    return j;
}

// With an analysis, the answer is its optimum; 003's is beside it, each with both objectives.
void addAnalysis(Json& j, const OptimizeResult& o, Notes& notes)
{
    const AnalysisAnswer& a = *o.analysis;
    j["analysis_objective"] = finiteOrNull(a.analysisObjective, kInfiniteAnalysis, notes);
    j["for"] = {{"analysis", a.text}, {"objective", a.description}, {"terms", a.terms}};
    Json c;
    c["feasible"] = a.classic.feasible;
    c["p"] = attributeValues(o.names, a.classic.p);
    c["objective"] = finiteOrNull(a.classic.objective, kInfiniteObjective, notes);
    c["analysis_objective"] = finiteOrNull(a.classicAnalysisObjective, kInfiniteAnalysis, notes);
    c["max_risk"] = a.classic.maxRisk;
    j["classic_optimum"] = c;
    notes.add("--for: p minimizes the analysis' expected variance (analysis_objective) under the same constraints; "
              "classic_optimum is the p that minimizes prod ||P_i^-1||_F^2 (objective), with both objectives at both");
}

// An infeasible target in the owner's words (issue 46): the cells that block it and the largest l each mode meets.
void addInfeasibility(Json& j, const OptimizeResult& o, Notes& notes)
{
    const Infeasibility& inf = *o.infeasibility;
    Json blocking = Json::array();
    for (const GroupValue& b : inf.blockingGroups) {
        Json g = groupValueJson(b);
        g["group_records"] = countValue(b.groupRecords);
        blocking.push_back(std::move(g));
    }
    j["blocking_groups"] = std::move(blocking);
    Json perMode = Json::object();
    for (const ReachableL& r : inf.bestL) {
        perMode[toString(r.mode)] = r.l;
        if (r.mode == o.mode)
            j["best_l"] = r.l;
    }
    j["best_l_per_mode"] = std::move(perMode);
    notes.add("best_l is the largest whole l this mode meets on these data (1: none from 2 up); best_l_per_mode "
              "gives it for every mode. " + inf.explanation);
}

Json severalJson(const OptimizeResult& o)
{
    Notes notes;
    Json j = resultJson(o, notes);
    if (o.analysis)
        addAnalysis(j, o, notes);
    j["randomized"] = o.randomized;
    Json targets = Json::array();
    for (const TargetOptimum& t : o.targets) {
        Json tj;
        tj["attribute"] = t.attribute;
        tj["knows"] = t.knows;
        tj["max_risk"] = t.maxRisk;
        tj["lowest_max_risk"] = t.lowestMaxRisk;
        tj["blocking_records"] = countValue(t.blockingRecords);
        tj["blocking_cells"] = t.blockingCells;
        tj["reason"] = t.reason.empty() ? Json(nullptr) : Json(t.reason);
        tj["inference"] = inferenceJson(t.inference);
        targets.push_back(std::move(tj));
    }
    j["sensitive"] = std::move(targets);
    j["warnings"] = o.warnings;
    notes.add("one constraint per sensitive attribute, each over the table of the QIs, what an attacker targeting it "
              "knows, and itself; max_risk is the largest of theirs");
    j["notes"] = notes.toJson();
    return j;
}

} // namespace

Json optimizeJson(const OptimizeResult& o)
{
    if (o.several())
        return severalJson(o);
    Notes notes;
    Json j = resultJson(o, notes);
    if (o.analysis)
        addAnalysis(j, o, notes);
    const OptimizationResult& r = o.result;
    if (!r.feasible && o.mode == RandomizationMode::S) {
        // records whose risk is 1 for every p_s: they block every tau < 1 (003 eq. 5.8)
        j["certain_groups"] = r.certainGroups;
        j["certain_records"] = countValue(r.certainRecords);
    }
    if (o.infeasibility)
        addInfeasibility(j, o, notes);
    j["inference"] = inferenceJson(o.inference);
    j["warnings"] = o.warnings;
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace rr::api
