// `compare`: l-diversity, t-closeness, anatomy and RR-QI at the same privacy requirement tau = 1/l
// (003 Sec. 5.3.3; t-closeness from issue 22).
#include "app/cli/BaselineInputs.h"
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"

#include "core/release/ComparisonRun.h"
#include "core/analysis/ReidentificationStep.h"
#include "core/data/Errors.h"
#include "core/randomization/RandomSource.h"

#include <cmath>

namespace rr::cli {
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

std::uint64_t seedFrom(const Options& options)
{
    if (const auto s = options.value("seed"))
        return parseUnsigned(*s, "--seed");
    RandomSource os = RandomSource::secure(); // a fresh seed, reported so the run can be repeated
    return os();
}

// The request: l, the models' options (--model, --c, --metric, --suppression, --t), the seed, the roles.
ComparisonRequest comparisonRequest(const Options& options)
{
    ComparisonRequest request;
    const ModelOptionTexts model = modelOptionTexts(options);
    const int l = wholeLOption(model);
    request.lMin = request.lMax = l;
    ComparisonOptions& o = request.options;
    o.model = lDiversityOption(model, "entropy");
    o.c = cOption(model, o.model);
    o.metric = metricOption(model);
    o.suppressionLimit = suppressionOption(model);
    o.tCloseness = true;
    o.tMeasure = tMeasureOption(model);
    if (model.t)
        o.t = tOption(model);
    o.seed = seedFrom(options);
    request.hierarchyFolder = model.hierarchies.value_or("");
    request.spec = rolesFrom(options);
    return request;
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

Json runCompare(const Options& options)
{
    ComparisonRequest request = comparisonRequest(options);
    const int l = request.lMin;
    const ComparisonOptions& o = request.options;
    // Counts, and for anatomy one streaming pass: a source of any size.
    const std::shared_ptr<const DataSource> source = openSource(options);
    std::function<bool(int, int)> stages;
    if (const auto& keep = keepRunning())
        stages = [keep](int, int) { return keep(); };
    const ComparisonRun run = runComparison(*source, request, stages);
    const std::vector<AttributeGeneralization>& hierarchies = run.hierarchies;
    const ComparisonResult& r = run.sweep.results.front();
    const std::vector<std::string> names = request.spec.analysed();

    Notes notes;
    Json j;
    j["rows"] = run.rows;
    j["dropped_rows"] = run.droppedRows;
    j["qi"] = request.spec.quasiIdentifiers;
    j["sensitive"] = request.spec.sensitive;
    j["l"] = l;
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

} // namespace

Command compareCommand()
{
    Command c;
    c.name = "compare";
    c.summary = "l-diversity, t-closeness, anatomy and RR-QI at the same tau = 1/l: disclosure, re-identification, "
                "distances, queries, correlation";
    c.description =
        "Releases the records four ways under the same privacy requirement tau = 1/l (003 Sec. 5.3.3): an optimal "
        "full-domain generalization satisfying l-diversity (--model, --metric, --hierarchies, --suppression), one "
        "satisfying t-closeness (below), "
        "anatomy (Xiao and Tao), and RR-QI with the optimizer's retention probabilities. Estimates the original "
        "table from each release and reports for each method the attribute-disclosure risk max_r Pr(S_r | QI_r) "
        "(003 Definition 7), the distances dV, L2, KL and chi2 to the original distribution, the average relative "
        "error of base and cube queries, and the uncertainty coefficient (003 eq. 5.19) of every ordered attribute "
        "pair \"A|B\" (B the response). RR-QI is estimated from one simulated randomized table drawn with --seed "
        "(a fresh seed is drawn and reported when none is given) and, under \"expected\", from the expected one. "
        "t-closeness (Li, Li and Venkatasubramanian 2007; --t-measure) is released at the largest t whose optimal "
        "t-close generalization has max_r Pr(S_r | QI_r) <= tau: t is scanned down from 1 through the points where "
        "the current optimum stops being t-close (exact without suppression); with --t T, at that t instead, its risk "
        "reported whether or not it meets tau. Every method reports its "
        "re-identification risk (1 / class size for the generalizations, the original QI cells' for anatomy, "
        "whose QIs are in clear, R_id at p for RR-QI; threshold 0.2).";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    for (auto& o : roleOptions())
        c.options.push_back(o);
    c.options.push_back({"l", "L", "the privacy requirement: l >= 2, tau = 1/l"});
    c.options.push_back(hierarchiesOption());
    c.options.push_back({"model", "entropy|distinct|recursive", "the l-diversity variant (default entropy)"});
    c.options.push_back({"c", "C", "c of recursive (c,l)-diversity"});
    c.options.push_back({"metric", "height|aecs|discernibility",
                         "information loss the generalization minimizes (default discernibility)"});
    c.options.push_back(
        {"suppression", "FRACTION", "records l-diversity and t-closeness may suppress, in [0, 1) (default 0)"});
    c.options.push_back({"t-measure", "equal|hierarchical",
                         "t-closeness's ground distance (default equal); hierarchical needs the sensitive "
                         "attribute's hierarchy in --hierarchies"});
    c.options.push_back({"t", "T",
                         "t-closeness at this t in (0, 1] (the largest earth mover's distance of a class to the whole "
                         "table) instead of the largest t that meets tau"});
    c.options.push_back({"seed", "N", "seed of the simulated randomization (reproducible exploration)"});
    c.run = runCompare;
    return c;
}

} // namespace rr::cli
