// `optimize`: the p that minimize the utility loss under max_r Pr(S_r | QI_r) <= tau (003 Problem 1, Result 16).
// The options become one api::OptimizeRequest; core/api/Optimize.h searches and writes the JSON.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/Requests.h"
#include "app/cli/SensitiveTargets.h"

#include "core/anonymization/PrivacyModel.h"
#include "core/api/Optimize.h"
#include "core/data/Errors.h"

namespace rr::cli {
namespace {

// --matrix, --mode, --l or --tau and the re-identification bounds: read (and refused) before anything else.
void readSearch(const Options& options, api::OptimizeRequest& request)
{
    refuseMatrix(options, "optimize",
                 "the optimizer searches Warner's family only, one retention p per attribute (003 Problem 1, "
                 "Result 16); evaluate a given matrix with 'risk --matrix' instead");
    using R = api::OptimizeRequest;
    readOptions<R>(options, request, {parsedOption("mode", &R::mode, parseMode, true)});
    api::checkThresholdChoice(options.has("l"), options.has("tau"));
    readOptions<R>(options, request,
                   {parsedOption("tau", &R::tau, [](const std::string& t) { return parseTau(t); }), // as typed
                    {"l",
                     [](R& r, const std::string& text) {
                         r.l = parseNumber(text, "--l");
                         checkL(*r.l, "--l"); // before the bounds are read, as always
                     }},
                    numberOption("max-reidentification", &R::maxReidentification),
                    numberOption("mean-reidentification", &R::meanReidentification)});
    api::checkSearch(request);
}

} // namespace

// Read in the order the checks always ran: the search, --sensitive, then --qi and the data (several sensitive
// attributes) or the data and --qi (one).
api::OptimizeRequest optimizeRequestFrom(const Options& options)
{
    using R = api::OptimizeRequest;
    R request;
    readSearch(options, request);
    readOptions<R>(options, request, {listOption("sensitive", &R::sensitive, true)});
    if (wantsSeveralSensitive(options)) {
        readOptions<R>(options, request, {listOption("qi", &R::qi, true)});
        request.knows = knowsFrom(options);
        api::sensitiveTargets(request.sensitive, request.knows); // refused before the data are read
        request.data = dataRequest(options);
    } else {
        request.data = dataRequest(options);
        readOptions<R>(options, request, {listOption("qi", &R::qi, true)});
    }
    request.dropIncomplete = missingPolicy(options) == MissingPolicy::DropIncomplete;
    readOptions<R>(options, request, {textOption("for", &R::analysis)});
    request.threads = cliThreads();
    return request;
}

namespace {

Json runOptimize(const Options& options)
{
    return api::optimizeJson(api::optimizeOf(optimizeRequestFrom(options), keepRunningProgress()));
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
