#pragma once
// What an analyst's logistic model loses in a release (issue 44, the Utility step's "What an analyst's model
// loses"): the model fitted on the original table beside the fit expected from a release at the given p. The
// expected release coefficients are the observed-data fit to the expected released counts lambda = P n (P the
// Warner matrices at p); their covariance is the inverse expected information of a release of the table's N
// records at p, at that fit's values (expectedLogitCovariance: what optimize --for sums). When the fit to P n
// refuses (it can, where a randomized predictor has a rare category), the original's values stand in (`fitted`
// false, with the fit's reason; also when it does not converge within kModelLossIterations). The original fit
// does not depend on p: it is made once (prepareModelLoss).
#include "core/contingency/ContingencyTable.h"
#include "core/models/LogitModel.h"

#include <string>
#include <vector>

namespace rr {

// The release's fit stops after this many steps (EM and Newton): a fit to P n converges in tens where it can (20 to
// 30 for 224 cells), and one that cannot would hold a slider's step for seconds (regress allows 2,000).
inline constexpr int kModelLossIterations = 200;

struct ModelLossModel {
    LogitModelSpec spec;
    std::vector<int> axes;           // the model's attributes (predictors, then the outcome) among the table's
    RandomizedLogitRequest original; // the original counts over them, nothing randomized
    RandomizedLogitResult originalFit;
};

// The model over a table (`names`, `categories` per axis, `joint` with the original counts): its attributes'
// marginal and its fit. InputError for an attribute not among `names` (or named twice), a category V or a
// reference that is not one, and as the fit refuses (a coefficient the original data do not identify).
ModelLossModel prepareModelLoss(const LogitModelSpec& spec, const std::vector<std::string>& names,
                                const std::vector<std::vector<std::string>>& categories, const ContingencyTable& joint);

struct CoefficientLoss {
    std::string term;                        // "(intercept)", "A=a2", ...
    double original = 0, originalHalf = 0;   // the estimate from the data and the half-width of its range
    double release = 0, releaseHalf = 0;     // the estimate expected from the release and its half-width
    double widthRatio = 1;                   // releaseHalf / originalHalf: how many times as wide
};

struct ModelLoss {
    std::vector<CoefficientLoss> rows; // in the model's term order
    double alpha = 0.05;               // the ranges are estimate +/- z_{1-alpha/2} se
    double n = 0;                      // the records the model counts
    int iterations = 0;                // of the release's fit
    bool converged = false;            // the release's fit converged (= fitted)
    bool fitted = true;     // false: the fit to the expected counts refused; the release's values are the data's
    std::string fitProblem; // why, when not fitted
};

// The comparison at one Warner retention per axis of the table the model was prepared from (1: in clear).
// InputError for a p that does not fit (count, range) and where a release at p has no information on a
// coefficient.
ModelLoss modelLossAt(const ModelLossModel& model, const std::vector<double>& p, double alpha = 0.05);

} // namespace rr
