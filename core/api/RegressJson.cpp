// The one place a `regress` result becomes JSON: the CLI prints it (its keys, their order and the notes as the
// command has always written them).
#include "core/api/Regress.h"

#include <cmath>
#include <map>

namespace rr::api {
namespace {

// The fitted model: the coefficients with their Wald statistics, and how the fit went.
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

} // namespace

Json regressJson(const RegressResult& r)
{
    Notes notes;
    Json j;
    j["rows"] = r.rows;
    j["dropped_rows"] = r.droppedRows;
    j["outcome"] = r.model.outcome;
    j["positive"] = r.model.positive;
    j["predictors"] = r.model.predictors;
    Json reference = Json::object();
    for (const auto& [predictor, category] : r.references)
        reference[predictor] = category;
    j["reference"] = reference;
    j["p"] = retentionJson(r.distortions, notes);
    if (r.distortions.anyMatrixFile())
        j["distortion"] = distortionJson(r.distortions, notes);
    j["alpha"] = r.alpha;
    j.update(fitJson(r.fit, r.alpha));
    if (!r.fit.converged)
        notes.add("the fit did not converge within its iterations: the estimates are its last");
    if (r.original) {
        j["original"] = fitJson(*r.original, r.alpha);
        j["comparison"] = comparisonJson(r.fit, *r.original, notes);
    }
    notes.add("log_likelihood is the observed-data log-likelihood sum n log lambda over the released cells, the "
              "predictors' shares included (with every predictor in clear: the logistic log-likelihood plus "
              "sum_x n_x log(n_x / N))");
    j["notes"] = notes.toJson();
    return j;
}

} // namespace rr::api
