#include "core/models/RandomizedLogit.h"

#include "core/data/Errors.h"
#include "core/estimation/Intervals.h"
#include "core/models/LogitLikelihood.h"

#include <boost/math/distributions/normal.hpp>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace rr {
namespace {

constexpr double kRunsOff = 50;         // |beta| past this (an odds ratio of e^50): the estimate runs off
constexpr double kSingular = 1e-10;     // an eigenvalue of beta's information this small relative to the largest
constexpr int kEmSteps = 5;             // EM steps before Newton, and whenever Newton's step fails
constexpr double kReleaseSlope = 1e-9;  // an r cell at 0 whose gradient exceeds this is put back
constexpr double kSmallStep = 1e-6;     // Newton's last step on beta: a separated estimate moves ~1 a step for ever

// Newton's step along the projected arc: r cells it takes below 0 are set to 0 (there they stay until the
// likelihood wants them back), the step halved until L does not fall (Bertsekas 1982, projected Newton methods):
// many cells reach the face in one step, not one a step.
bool lineSearch(const LogitProblem& p, LogitState& s, double& ll, const LogitNewton& nt)
{
    Eigen::VectorXd lambda;
    double t = 1.0;
    for (int halving = 0; halving < 50; ++halving, t *= 0.5) {
        LogitState c = s;
        c.beta += t * nt.dbeta;
        for (Eigen::Index i = 0; i < c.mu.size(); ++i)
            if (nt.dmu[i] != 0) {
                const double next = s.mu[i] + t * nt.dmu[i];
                c.mu[i] = next > 1e-12 * s.mu[i] ? next : 0.0;
            }
        completeState(p, c);
        const double lc = poissonLogLikelihood(p, c, p.counts, lambda);
        if (lc >= ll - 1e-13 * std::abs(ll)) {
            s = std::move(c);
            ll = lc;
            return true;
        }
    }
    return false;
}

// r cells at 0 that the likelihood wants back (KKT): given a little mass. Whether any were.
bool releaseCells(const LogitProblem& p, LogitState& s)
{
    const Eigen::VectorXd grad = shareGradient(p, s);
    const double seed = 1e-6 * p.counts.sum() / double(s.mu.size());
    bool any = false;
    for (Eigen::Index c = 0; c < grad.size(); ++c)
        if (c % p.outcomeCategories != p.positive && s.mu[c] == 0 && grad[c] > kReleaseSlope) {
            s.mu[c] = seed;
            any = true;
        }
    if (any)
        completeState(p, s);
    return any;
}

void goOn(const RandomizedLogitRequest& r)
{
    stopIfAsked(r.keepRunning, "the logistic fit was cancelled");
}

void emSteps(const LogitProblem& p, const RandomizedLogitRequest& r, LogitState& s, int steps, int& iterations)
{
    for (int i = 0; i < steps; ++i, ++iterations) {
        goOn(r);
        emStep(p, s);
    }
}

// InputError naming the coefficient whose information vanishes (the eigenvector of the smallest eigenvalue).
void requireIdentified(const Eigen::MatrixXd& info, const LogitTerms& terms)
{
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(info);
    const Eigen::VectorXd& ev = es.eigenvalues();
    if (es.info() == Eigen::Success && ev.allFinite() && ev[0] > kSingular * ev.maxCoeff())
        return;
    Eigen::Index worst = 0;
    es.eigenvectors().col(0).cwiseAbs().maxCoeff(&worst);
    throw InputError("the model is not identified: the coefficient '" + terms.names[static_cast<std::size_t>(worst)] +
                     "' cannot be estimated from these data (its information is zero: no records where it acts, or "
                     "complete separation, every record there having Y = V or none)");
}

Eigen::MatrixXd inverseOf(const Eigen::MatrixXd& info)
{
    const Eigen::LDLT<Eigen::MatrixXd> ldlt(info);
    Eigen::MatrixXd cov = ldlt.solve(Eigen::MatrixXd::Identity(info.rows(), info.cols()));
    return 0.5 * (cov + cov.transpose());
}

// With a randomized outcome an estimate also runs off where the released share of Y = V lies outside what the
// outcome's matrix can produce (below 1 - p or above p for Warner): the data is then no release at that p.
void requireBounded(const Eigen::VectorXd& beta, const LogitTerms& terms, bool outcomeRandomized)
{
    Eigen::Index worst = 0;
    if (beta.cwiseAbs().maxCoeff(&worst) <= kRunsOff)
        return;
    std::ostringstream os;
    os << "the model is not identified: the estimate of '" << terms.names[static_cast<std::size_t>(worst)]
       << "' runs off past " << kRunsOff << " (complete separation: every record where it acts has Y = V, or none";
    if (outcomeRandomized)
        os << "; or the released share of Y = V where it acts lies outside what the outcome's randomization can "
              "produce, so these records are not a release at the stated p";
    os << ")";
    throw InputError(os.str());
}

// Newton's method on (r, beta) from a few EM steps, with EM steps wherever Newton's step fails.
LogitState maximize(const LogitProblem& p, const RandomizedLogitRequest& r, int& iterations, bool& converged)
{
    LogitState s = completeDataFit(p, p.counts, Eigen::VectorXd::Zero(r.terms.count()));
    iterations = 0;
    if (std::any_of(r.matrices.begin(), r.matrices.end(), [](const auto& m) { return !m.isIdentity(); }))
        emSteps(p, r, s, kEmSteps, iterations);
    Eigen::VectorXd lambda;
    double ll = poissonLogLikelihood(p, s, p.counts, lambda);
    const double enough = 2.0 * r.tolerance * p.counts.sum();
    converged = false;
    while (iterations < r.maxIterations && !converged) {
        goOn(r);
        const LogitNewton nt = logitNewton(p, s, p.counts, true);
        ++iterations;
        const bool last =
            nt.ok && !nt.damped && nt.decrement <= enough && nt.dbeta.cwiseAbs().maxCoeff() <= kSmallStep;
        if (!nt.ok || (!lineSearch(p, s, ll, nt) && !last)) {
            emSteps(p, r, s, kEmSteps, iterations);
            ll = poissonLogLikelihood(p, s, p.counts, lambda);
            continue;
        }
        if (s.beta.cwiseAbs().maxCoeff() > kRunsOff)
            break;
        if (last)
            converged = !releaseCells(p, s);
        if (!converged)
            ll = poissonLogLikelihood(p, s, p.counts, lambda);
    }
    return s;
}

} // namespace

RandomizedLogitResult fitRandomizedLogit(const RandomizedLogitRequest& request)
{
    if (!(request.tolerance > 0) || request.maxIterations < 1)
        throw InputError("logistic fit: the tolerance must be positive and the iterations at least 1");
    const LogitProblem p = logitProblem(request.matrices, request.counts, request.terms, request.positive);
    RandomizedLogitResult out;
    const LogitState s = maximize(p, request, out.iterations, out.converged);
    requireBounded(s.beta, request.terms, !request.matrices.back().isIdentity());
    const LogitNewton at = logitNewton(p, s, p.counts, false);
    if (!at.ok)
        throw InputError("the model is not identified: the shares of the predictors' cells cannot be told apart "
                         "(their observed information is singular)");
    requireIdentified(at.betaInfo, request.terms);
    out.terms = request.terms.names;
    out.estimate = s.beta;
    out.covariance = inverseOf(at.betaInfo);
    out.n = p.counts.sum();
    Eigen::VectorXd lambda;
    poissonLogLikelihood(p, s, p.counts, lambda);
    const double total = lambda.sum();
    for (Eigen::Index v = 0; v < lambda.size(); ++v)
        if (p.counts[v] > 0)
            out.logLikelihood += p.counts[v] * std::log(lambda[v] / total);
    out.shares = fromProblemLayout(p, s.mu / s.mu.sum());
    return out;
}

Eigen::MatrixXd expectedLogitCovariance(const RandomizedLogitRequest& request, const Eigen::VectorXd& beta,
                                        const Eigen::VectorXd& shares, double n)
{
    if (!(n > 0) || beta.size() != request.terms.count())
        throw InputError("expected covariance: a positive number of records and one estimate per term are needed");
    const LogitProblem p = logitProblem(request.matrices, shares * n, request.terms, request.positive);
    LogitState s;
    s.beta = beta;
    s.mu = p.counts; // the model's complete table in counts; its V cells follow from beta
    completeState(p, s);
    Eigen::VectorXd lambda;
    poissonLogLikelihood(p, s, p.counts, lambda);
    // at data equal to their expectation the gradient vanishes and A is the expected information J^T W J
    const LogitNewton at = logitNewton(p, s, lambda, false);
    if (!at.ok)
        throw InputError("expected covariance: the shares of the predictors' cells are not identified");
    requireIdentified(at.betaInfo, request.terms);
    return inverseOf(at.betaInfo);
}

std::vector<WaldSummary> waldSummaries(const RandomizedLogitResult& fit, double alpha)
{
    const double crit = normalCriticalValue(alpha);
    const boost::math::normal standard;
    std::vector<WaldSummary> out;
    for (Eigen::Index j = 0; j < fit.estimate.size(); ++j) {
        WaldSummary w;
        w.term = fit.terms[static_cast<std::size_t>(j)];
        w.estimate = fit.estimate[j];
        w.se = std::sqrt(std::max(0.0, fit.covariance(j, j)));
        w.z = w.estimate / w.se;
        w.pValue = 2.0 * boost::math::cdf(boost::math::complement(standard, std::abs(w.z)));
        w.lo = w.estimate - crit * w.se;
        w.hi = w.estimate + crit * w.se;
        out.push_back(w);
    }
    return out;
}

} // namespace rr
