// `regress`: logistic regression of the event Y = V on categorical predictors from a release whose outcome and
// predictors may be randomized (issue 44), fitted on the counts by the observed-data likelihood; with --original,
// the same model on the original data beside it.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"

#include "core/data/Errors.h"
#include "core/models/LogitModel.h"

#include <algorithm>
#include <map>

namespace rr::cli {
namespace {

LogitModelSpec modelFrom(const Options& options)
{
    LogitModelSpec spec;
    spec.outcome = options.required("outcome");
    spec.positive = options.required("positive");
    spec.predictors = splitList(options.required("predictors"), "predictors");
    if (const auto ref = options.value("reference"))
        spec.references = parseAssignments(*ref, "--reference");
    checkLogitModel(spec);
    return spec;
}

// The fitted model as JSON: the coefficients with their Wald statistics, and how the fit went.
Json fitJson(const RandomizedLogitResult& fit, double alpha)
{
    Json coefficients = Json::array();
    for (const WaldSummary& w : waldSummaries(fit, alpha))
        coefficients.push_back({{"term", w.term},
                                {"estimate", w.estimate},
                                {"se", w.se},
                                {"z", w.z},
                                {"p_value", w.pValue},
                                {"ci", Json::array({w.lo, w.hi})}});
    Json j;
    j["coefficients"] = coefficients;
    j["log_likelihood"] = fit.logLikelihood;
    j["n"] = countValue(fit.n);
    j["iterations"] = fit.iterations;
    j["converged"] = fit.converged;
    return j;
}

Json referenceJson(const RandomizedLogitRequest& r, const PreparedTable& table)
{
    Json j = Json::object();
    for (std::size_t k = 0; k < r.terms.dims.size(); ++k)
        j[table.names[k]] = table.categories[k][static_cast<std::size_t>(r.terms.reference[k])];
    return j;
}

// The same model on the original data: the release's reference categories, nothing randomized.
RandomizedLogitResult fitOriginal(const Options& options, LogitModelSpec spec, const RandomizedLogitRequest& release,
                                  const PreparedTable& released)
{
    const std::string path = *options.value("original");
    const auto source = openFileSource(options, path, "--original");
    const PreparedTable t = prepareTable(*source, modelAttributes(spec), missingPolicy(options), keepRunningProgress());
    spec.references.clear();
    for (std::size_t k = 0; k < spec.predictors.size(); ++k)
        spec.references.emplace_back(spec.predictors[k],
                                     released.categories[k][static_cast<std::size_t>(release.terms.reference[k])]);
    std::vector<DistortionMatrix> identity;
    for (int d : t.dims)
        identity.push_back(DistortionMatrix::identity(d));
    try {
        return fitRandomizedLogit(logitRequest(spec, t.categories, t.joint.counts(), std::move(identity)));
    } catch (const InputError& e) {
        throw InputError("the original data '" + path + "': " + e.what());
    }
}

// Each term before (the original) and after (the release), and how much wider the release's interval is.
Json comparisonJson(const RandomizedLogitResult& release, const RandomizedLogitResult& original, Notes& notes)
{
    std::map<std::string, Eigen::Index> at;
    for (std::size_t j = 0; j < original.terms.size(); ++j)
        at[original.terms[j]] = static_cast<Eigen::Index>(j);
    Json rows = Json::array();
    for (std::size_t j = 0; j < release.terms.size(); ++j) {
        const auto r = static_cast<Eigen::Index>(j);
        const auto it = at.find(release.terms[j]);
        if (it == at.end()) {
            notes.add("term '" + release.terms[j] + "' has no category in the original data: its original is null");
            rows.push_back({{"term", release.terms[j]}, {"original", nullptr}, {"release", release.estimate[r]},
                            {"width_ratio", nullptr}});
            continue;
        }
        const Eigen::Index o = it->second;
        rows.push_back({{"term", release.terms[j]},
                        {"original", original.estimate[o]},
                        {"release", release.estimate[r]},
                        {"width_ratio", std::sqrt(release.covariance(r, r) / original.covariance(o, o))}});
    }
    return rows;
}

Json runRegress(const Options& options)
{
    const LogitModelSpec spec = modelFrom(options);
    const double alpha = alphaFrom(options);
    const std::vector<std::string> names = modelAttributes(spec);
    checkDistortionOptions(options, names);
    const auto source = openSource(options);
    const PreparedTable table = prepareTable(*source, names, missingPolicy(options), keepRunningProgress());
    const Distortions distortions = distortionsFrom(options, table.names, table.categories);
    RandomizedLogitRequest request = logitRequest(spec, table.categories, table.joint.counts(), distortions.matrices);
    request.keepRunning = keepRunning();
    const RandomizedLogitResult fit = fitRandomizedLogit(request);

    Notes notes;
    Json j;
    j["rows"] = table.keptRows();
    j["dropped_rows"] = table.droppedRows;
    j["outcome"] = spec.outcome;
    j["positive"] = spec.positive;
    j["predictors"] = spec.predictors;
    j["reference"] = referenceJson(request, table);
    j["p"] = retentionJson(distortions, notes);
    if (distortions.anyMatrixFile())
        j["distortion"] = distortionJson(distortions, notes);
    j["alpha"] = alpha;
    j.update(fitJson(fit, alpha));
    if (!fit.converged)
        notes.add("the fit did not converge within its iterations: the estimates are its last");
    if (options.value("original")) {
        const RandomizedLogitResult original = fitOriginal(options, spec, request, table);
        j["original"] = fitJson(original, alpha);
        j["comparison"] = comparisonJson(fit, original, notes);
    }
    notes.add("log_likelihood is the observed-data log-likelihood sum n log lambda over the released cells, the "
              "predictors' shares included (with every predictor in clear: the logistic log-likelihood plus "
              "sum_x n_x log(n_x / N))");
    j["notes"] = notes.toJson();
    return j;
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
