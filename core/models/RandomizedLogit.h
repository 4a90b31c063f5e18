#pragma once
// Logistic regression of the event Y = V on dummy-coded categorical predictors from a released table, where
// the outcome and any predictor may be randomized with known matrices (issue 44). The fit maximizes the
// observed-data likelihood over the counts (never the records): lambda = (P_x (x) P_y) pi with
// pi(x, y) = w(x) Pr(y | x; beta), w the predictors' joint shares (saturated) and, when Y has more than two
// categories, a saturated split of the others (core/models/LogitLikelihood.h).
#include "core/distortion/DistortionMatrix.h"
#include "core/models/LogitTerms.h"

#include <Eigen/Core>

#include <functional>
#include <string>
#include <vector>

namespace rr {

struct RandomizedLogitRequest {
    std::vector<DistortionMatrix> matrices; // each predictor's, then the outcome's (the identity: in clear)
    Eigen::VectorXd counts;                 // the released table over the predictors then the outcome, row-major
    int positive = 0;                       // the outcome's category V of the event Y = V
    LogitTerms terms;                       // the predictors' dummy coding (dummyTerms)
    double tolerance = 1e-10; // stop when the log-likelihood is within N * tolerance of its maximum
    int maxIterations = 2000; // EM and Newton steps
    // Asked before every step; false stops the fit with Cancelled (the Python module's Ctrl+C). Empty: never.
    std::function<bool()> keepRunning;
};

struct RandomizedLogitResult {
    std::vector<std::string> terms;
    Eigen::VectorXd estimate;
    // The covariance of the estimates: beta's block of the inverse observed information of (w, split, beta), the
    // shares profiled out.
    Eigen::MatrixXd covariance;
    double logLikelihood = 0; // sum_v n_v log lambda_v (lambda as proportions): includes the shares' part
    double n = 0;             // records (weighted)
    int iterations = 0;       // EM steps plus Newton steps
    bool converged = false;
    Eigen::VectorXd shares; // pi-hat over the complete table (predictors, then the outcome), row-major
};

// Throws InputError for a request that does not fit together, and for a model that is not identified, naming
// the coefficient (its information is 0: no records where it acts, or complete separation).
RandomizedLogitResult fitRandomizedLogit(const RandomizedLogitRequest& request);

// The covariance of beta-hat expected from a release of `n` records with these matrices at the model's values
// (beta and the complete table's shares, e.g. a fit to the original data): beta's block of the inverse expected
// information. request.counts is not used. Throws InputError as the fit does.
Eigen::MatrixXd expectedLogitCovariance(const RandomizedLogitRequest& request, const Eigen::VectorXd& beta,
                                        const Eigen::VectorXd& shares, double n);

// Wald summaries of one coefficient at level 1 - alpha.
struct WaldSummary {
    std::string term;
    double estimate = 0, se = 0, z = 0, pValue = 1, lo = 0, hi = 0;
};
std::vector<WaldSummary> waldSummaries(const RandomizedLogitResult& fit, double alpha);

} // namespace rr
