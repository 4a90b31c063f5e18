// `regress`: logistic regression of the event Y = V on categorical predictors from a release whose outcome and
// predictors may be randomized (issue 44), fitted on the counts by the observed-data likelihood; with --original,
// the same model on the original data beside it. The options become one api::RegressRequest; core/api/Regress.h
// fits and writes the JSON.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/Requests.h"

#include "core/api/Regress.h"

namespace rr::cli {
namespace {

LogitModelSpec modelFrom(const Options& options)
{
    using S = LogitModelSpec;
    S spec;
    readOptions<S>(options, spec,
                   {textOption("outcome", &S::outcome, true), textOption("positive", &S::positive, true),
                    listOption("predictors", &S::predictors, true),
                    parsedOption("reference", &S::references,
                                 [](const std::string& text) { return parseAssignments(text, "--reference"); })});
    checkLogitModel(spec);
    return spec;
}

} // namespace

// Read in the order the checks always ran: the model, --alpha, --p/--matrix, the data, --original.
api::RegressRequest regressRequestFrom(const Options& options)
{
    using R = api::RegressRequest;
    R request;
    request.model = modelFrom(options);
    request.alpha = alphaFrom(options);
    request.distortions = distortionChoiceFrom(options);
    request.data = dataRequest(options);
    request.dropIncomplete = missingPolicy(options) == MissingPolicy::DropIncomplete;
    readOptions<R>(options, request, {{"original", [&options](R& r, const std::string& path) {
                                           r.original = api::OriginalData{
                                               path.empty() ? api::DataRequest{} : fileDataRequest(options, path), path};
                                       }}});
    return request;
}

namespace {

Json runRegress(const Options& options)
{
    return api::regressJson(api::regressOf(regressRequestFrom(options), keepRunningProgress()));
}

} // namespace

Command regressCommand()
{
    Command c;
    c.name = "regress";
    c.summary = "logistic regression of Y = V on categorical predictors, any of them randomized";
    c.description =
        "Fits the logistic regression of the event Y = V (--outcome Y --positive V) on dummy-coded categorical "
        "predictors from the data's counts, where the outcome and any predictor may be randomized with a known "
        "retention p (--p, Warner) or matrix (--matrix); attributes without either are in clear. It maximizes the "
        "observed-data likelihood of the released cells lambda = (P_x (x) P_y) pi with pi(x, y) = w(x) Pr(y | x; "
        "beta), w the predictors' joint shares (saturated; with Y of more than two categories, a saturated split of "
        "the others), by EM then Newton's method (van den Hout, van der Heijden & Gilchrist 2007; the model of "
        "RRreg's RRlog, Heck & Moshagen 2018). Standard errors come from the observed information of (w, beta) with "
        "the shares profiled out; z, p-values and ranges at level 1 - alpha are Wald's. Each predictor's reference "
        "is its first category in the data's order (as 'describe' lists them) unless --reference names another. "
        "Designs that do not identify a coefficient (no records where it acts, complete separation) are refused, "
        "naming it. --original FILE fits the same model on the original data and gives each coefficient before and "
        "after, with how many times wider the release's interval is.";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    c.options.push_back({"outcome", "Y", "the outcome attribute"});
    c.options.push_back({"positive", "V", "the outcome's category whose probability is modelled (the event Y = V)"});
    c.options.push_back({"predictors", "A,B,...", "the categorical predictors (dummy coded)"});
    c.options.push_back({"reference", "A=a,...", "reference categories (default: each predictor's first)"});
    c.options.push_back(retentionOption());
    c.options.push_back(matrixOption());
    c.options.push_back({"original", "FILE",
                         "the original data (read with the same options): the same model fitted on them beside "
                         "the release's"});
    c.options.push_back(alphaOption("level 1 - alpha of the coefficients' ranges, alpha in (0, 1) (default 0.05)"));
    c.run = runRegress;
    return c;
}

} // namespace rr::cli
