// `compare`: l-diversity, t-closeness, anatomy and RR-QI at the same privacy requirement tau = 1/l
// (003 Sec. 5.3.3; t-closeness from issue 22). The options become one api::CompareRequest; core/api/Compare.h
// runs the four methods and writes the JSON.
#include "app/cli/BaselineInputs.h"
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"

#include "core/api/Compare.h"

namespace rr::cli {
namespace {

// The request in the order the checks always ran: l, the models' options (--model, --c, --metric,
// --suppression, --t), the seed, the roles, the data.
api::CompareRequest compareRequest(const Options& options)
{
    api::CompareRequest request;
    ComparisonRequest& c = request.comparison;
    const ModelOptionTexts model = modelOptionTexts(options);
    c.lMin = c.lMax = wholeLOption(model);
    ComparisonOptions& o = c.options;
    o.model = lDiversityOption(model, "entropy");
    o.c = cOption(model, o.model);
    o.metric = metricOption(model);
    o.suppressionLimit = suppressionOption(model);
    o.tCloseness = true;
    o.tMeasure = tMeasureOption(model);
    if (model.t)
        o.t = tOption(model);
    readOptions<api::CompareRequest>(
        options, request, {parsedOption("seed", &api::CompareRequest::seed, [](const std::string& text) {
            return parseUnsigned(text, "--seed");
        })});
    c.hierarchyFolder = model.hierarchies.value_or("");
    c.spec = rolesFrom(options);
    request.data = dataRequest(options);
    return request;
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
    c.run = [](const Options& options) {
        return api::compareJson(api::compareOf(compareRequest(options), keepRunningProgress()));
    };
    return c;
}

} // namespace rr::cli
