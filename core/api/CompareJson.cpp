#include "core/api/Compare.h"

#include "core/analysis/ReidentificationStep.h"
#include "core/api/GeneralizationJson.h"

#include <algorithm>
#include <cmath>

namespace rr::api {
namespace {

Json distanceJson(const DistanceSet& d, const std::string& method, Notes& notes)
{
    Json j;
    auto put = [&](const char* key, const DistanceValue& v) {
        if (v.defined && std::isfinite(v.value)) {
            j[key] = v.value;
        } else {
            j[key] = nullptr;
            notes.add(method + " " + key + " is null: " + v.note);
        }
    };
    put("dV", d.dV);
    put("L2", d.L2);
    put("KL", d.KL);
    put("chi2", d.chi2);
    return j;
}

Json uncertaintyJson(const std::map<std::string, double>& u)
{
    Json j = Json::object();
    for (const auto& [pair, value] : u)
        j[pair] = value;
    return j;
}

// The measures every method shares; null-free, with the reason when the method gave no release.
Json methodJson(const MethodUtility& m, const std::string& method, Notes& notes)
{
    Json j;
    j["available"] = m.available;
    if (!m.available) {
        j["reason"] = m.note;
        return j;
    }
    j["max_risk"] = m.maxRisk;
    j["distances"] = distanceJson(m.distances, method, notes);
    j["base_query_error"] = m.baseQueries.averageRelativeError;
    j["cube_query_error"] = m.cubeQueries.averageRelativeError;
    j["uncertainty"] = uncertaintyJson(m.uncertainty);
    j["estimate"] = m.note;
    j["reidentification"] = reidentificationSummaryJson(m.reidentification);
    // What reading the published shares reveals, over the groups this method publishes (issue 46).
    if (m.inference)
        j["inference"] = {{"groups",
                           {{"max", m.inference->groupsMax},
                            {"mean", m.inference->groupsMean},
                            {"records_over_tau", countValue(m.inference->recordsOverTau)}}},
                          {"prior_share", m.inference->priorShare}};
    j["seconds"] = m.seconds;
    return j;
}

// The node a generalization released: its levels, information loss, suppressed records and released classes.
void addReleasedNode(Json& j, const std::vector<AttributeGeneralization>& hierarchies, const LatticeSearchResult& s)
{
    j["node"] = nodeJson(hierarchies, s.node);
    j["metric"] = {{"name", s.metric}, {"value", s.metricValue}};
    j["suppressed"] = countValue(s.assessment.suppressedRecords);
    std::size_t released = 0;
    for (char c : s.assessment.suppressed)
        released += c ? 0 : 1;
    j["equivalence_classes"] = released;
}

// Randomization: its measures, its seed and optimal p, and what it gives in expectation and unbiased.
Json randomizationJson(const ComparisonResult& r, const ComparisonOptions& o, const std::vector<std::string>& names,
                       Notes& notes)
{
    Json rr = methodJson(r.randomization, "randomization", notes);
    rr["seed"] = o.seed;
    rr["random_source"] = r.rngDescription;
    if (r.rr.parameters.feasible) {
        rr["parameters"] = attributeValues(names, r.rr.parameters.p);
        rr["objective"] = finiteOrNull(r.rr.parameters.objective, "randomization objective is null: infinite", notes);
        Json expected;
        expected["distances"] = distanceJson(r.randomizationExpected.distances, "randomization (expected)", notes);
        expected["base_query_error"] = r.randomizationExpected.baseQueries.averageRelativeError;
        expected["cube_query_error"] = r.randomizationExpected.cubeQueries.averageRelativeError;
        expected["expected_l2_error"] = std::sqrt(std::max(0.0, r.rr.expectedSquaredError));
        expected["estimate"] = r.randomizationExpected.note + "; expected_l2_error = sqrt(trace Sigma) (003 Lemma 4) "
                                                              "is the L2 error a randomized table of this size "
                                                              "gives on average";
        rr["expected"] = expected;
        rr["unbiased_estimate"] = {
            {"base_query_error", r.randomizationUnbiasedBase.averageRelativeError},
            {"cube_query_error", r.randomizationUnbiasedCube.averageRelativeError},
            {"estimate", "the same queries answered with the unbiased pi-hat itself, negative cells kept"}};
        rr["optimizer_seconds"] = r.secondsOptimizer;
    }
    return rr;
}

// l-diversity: its measures, the node released and the search.
Json lDiversityJson(const ComparisonResult& r, const std::vector<AttributeGeneralization>& hierarchies, Notes& notes)
{
    Json ld = methodJson(r.lDiversity, "l_diversity", notes);
    ld["model"] = r.privacyModel;
    if (r.search.found)
        addReleasedNode(ld, hierarchies, r.search);
    ld["nodes_checked"] = r.search.nodesChecked;
    ld["lattice_size"] = r.search.latticeSize;
    ld["search_seconds"] = r.secondsSearch;
    ld["hierarchies"] = hierarchySources(hierarchies);
    return ld;
}

// t-closeness: its measures, where t came from, and the node released at that t.
Json tClosenessMethodJson(const ComparisonResult& r, const ComparisonOptions& o,
                          const std::vector<AttributeGeneralization>& hierarchies, Notes& notes)
{
    Json tc = methodJson(r.tCloseness, "t_closeness", notes);
    tc["t_measure"] = toString(o.tMeasure);
    tc["searches"] = r.tSearch.searches;
    tc["t_from"] = o.t ? "given (--t)" : "the largest t whose optimum keeps the risk within tau";
    if (r.tSearch.found) {
        tc["model"] = r.tSearch.model;
        tc["t"] = r.tSearch.t;
        addReleasedNode(tc, hierarchies, r.tSearch.search);
    }
    return tc;
}

} // namespace

Json compareJson(const CompareResult& result)
{
    const ComparisonRequest& request = result.comparison;
    const ComparisonOptions& o = request.options;
    const ComparisonRun& run = result.run;
    const std::vector<AttributeGeneralization>& hierarchies = run.hierarchies;
    const ComparisonResult& r = run.sweep.results.front();
    const std::vector<std::string> names = request.spec.analysed();

    Notes notes;
    Json j;
    j["rows"] = run.rows;
    j["dropped_rows"] = run.droppedRows;
    j["qi"] = request.spec.quasiIdentifiers;
    j["sensitive"] = request.spec.sensitive;
    j["l"] = request.lMin;
    j["tau"] = r.tau;
    j["original"] = {{"uncertainty", uncertaintyJson(r.originalUncertainty)}};

    const Json rr = randomizationJson(r, o, names, notes);
    const Json ld = lDiversityJson(r, hierarchies, notes);
    const Json tc = tClosenessMethodJson(r, o, hierarchies, notes);
    Json an = methodJson(r.anatomy, "anatomy", notes);
    if (r.anatomy.available) {
        an["groups"] = r.anatomyGroups;
        an["residue_records"] = r.anatomyResidueRecords;
    }

    j["methods"] = {{"randomization", rr}, {"l_diversity", ld}, {"t_closeness", tc}, {"anatomy", an}};
    j["seconds"] = r.secondsTotal;
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace rr::api
