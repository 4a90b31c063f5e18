#include "core/models/SimplexMle.h"

#include "core/data/Errors.h"
#include "core/estimation/Distances.h"
#include "core/estimation/Reconstruction.h"

#include <Eigen/Cholesky>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace rr {
namespace {

// The EM map of randomized response over a Kronecker product, with its scratch vectors.
class EmMap {
public:
    EmMap(const std::vector<DistortionMatrix>& matrices, const Eigen::VectorXd& counts)
        : m_n(counts), m_total(counts.sum())
    {
        for (const auto& m : matrices) {
            m_forward.push_back(m.factor());
            m_backward.push_back(transposed(m.factor()));
        }
    }

    struct Value {
        double logLikelihood = -std::numeric_limits<double>::infinity(); // at the input
        double gap = std::numeric_limits<double>::infinity();            // at the input
    };

    // next = pi o g with g = P^T (n / P pi) / N; `g` is kept (gradient() reads it).
    Value step(const Eigen::VectorXd& pi, Eigen::VectorXd& next)
    {
        Value v;
        m_g = pi;
        kroneckerApplyInPlace(m_forward, m_g, m_work); // lambda = P pi (003 eq. 5.1)
        double ll = 0;
        for (Eigen::Index i = 0; i < m_g.size(); ++i) {
            const double n = m_n[i], lambda = m_g[i];
            if (n <= 0) {
                m_g[i] = 0;
                continue;
            }
            if (!(lambda > 0))
                return v; // a record where the shares give no probability: -infinity
            ll += n * std::log(lambda);
            m_g[i] = n / lambda;
        }
        kroneckerApplyInPlace(m_backward, m_g, m_work);
        m_g /= m_total;
        next = pi.cwiseProduct(m_g);
        v.logLikelihood = ll;
        v.gap = std::max(0.0, m_total * (m_g.maxCoeff() - next.sum())); // next.sum() = pi . g
        return v;
    }

    const Eigen::VectorXd& gradient() const { return m_g; }
    double total() const { return m_total; }

private:
    const Eigen::VectorXd& m_n;
    double m_total;
    std::vector<KroneckerFactor> m_forward, m_backward;
    Eigen::VectorXd m_g, m_work;
};

void checkRequest(const SimplexMleRequest& r)
{
    Eigen::Index cells = 1;
    for (const auto& m : r.matrices)
        cells *= m.size();
    if (r.matrices.empty() || r.counts.size() != cells)
        throw InputError("maximum likelihood: the table has " + std::to_string(r.counts.size()) +
                         " cells, the distortion matrices span " + std::to_string(r.matrices.empty() ? 0 : cells));
    if (!r.counts.allFinite() || (r.counts.array() < 0).any())
        throw InputError("maximum likelihood: the counts must be finite and not negative");
    if (!(r.counts.sum() > 0))
        throw InputError("maximum likelihood: the table has no records");
    if (!(r.tolerance > 0) || r.maxIterations < 1)
        throw InputError("maximum likelihood: the tolerance must be positive and the iterations at least 1");
}

// The projected moment estimate, kept inside the simplex so that EM can move every cell.
Eigen::VectorXd startingShares(const SimplexMleRequest& r)
{
    Eigen::VectorXd start;
    try {
        start = reconstruct(r.matrices, r.counts / r.counts.sum()); // 003 eq. 5.15
    } catch (const InputError&) {
        start = r.counts / r.counts.sum(); // a singular matrix: no moment estimate, EM needs none
    }
    if ((start.array() > 0).all())
        return start / start.sum(); // inside the simplex: already the maximum
    start = projectToSimplex(start);
    start = 0.99 * start + Eigen::VectorXd::Constant(start.size(), 0.01 / double(start.size()));
    return start;
}

// SQUAREM's step (scheme S3) from x0 and two EM steps x1, x2: x0 - 2 a r + a^2 v with r = x1 - x0,
// v = x2 - 2 x1 + x0 and a = -|r| / |v|, negative shares cut to 0 and the rest rescaled to 1. Written over x1
// cell by cell (r and v are never stored: the EM of a large table holds few vectors of its size); x2 where
// there is no step to take.
void extrapolateInto(const Eigen::VectorXd& x0, Eigen::VectorXd& x1, const Eigen::VectorXd& x2)
{
    const double vn = (x2 - 2.0 * x1 + x0).norm();
    if (!(vn > 0)) {
        x1 = x2;
        return;
    }
    const double a = std::min(-1.0, -(x1 - x0).norm() / vn);
    x1 = (x0 - 2.0 * a * (x1 - x0) + a * a * (x2 - 2.0 * x1 + x0)).cwiseMax(0.0); // coefficient-wise: no alias
    const double sum = x1.sum();
    if (sum > 0)
        x1 /= sum;
    else
        x1 = x2;
}

// Cells cut to zero whose gradient asks for mass (g_u above pi . g = 1) get a little back.
bool revive(Eigen::VectorXd& pi, const Eigen::VectorXd& g, double slack)
{
    bool any = false;
    for (Eigen::Index u = 0; u < pi.size(); ++u)
        if (pi[u] == 0 && g[u] > 1.0 + slack) {
            pi[u] = 1e-6 / double(pi.size());
            any = true;
        }
    if (any)
        pi /= pi.sum();
    return any;
}

// Cells EM still holds a trace of although their gradient sends them to 0 (g_u < 1), within the tolerance's
// budget pi_u (1 - g_u) <= tolerance: set to 0 exactly, the rest rescaled. Whether any were.
bool snapToFace(Eigen::VectorXd& pi, const Eigen::VectorXd& g, double tolerance)
{
    bool any = false;
    for (Eigen::Index u = 0; u < pi.size(); ++u)
        if (pi[u] > 0 && g[u] < 1.0 - 1e-6 && pi[u] * (1.0 - g[u]) <= tolerance) {
            pi[u] = 0;
            any = true;
        }
    if (any)
        pi /= pi.sum();
    return any;
}

SimplexMleResult finished(const SimplexMleRequest& r, Eigen::VectorXd pi, const EmMap::Value& v, int steps)
{
    SimplexMleResult out;
    out.shares = std::move(pi);
    out.atZero.resize(static_cast<std::size_t>(out.shares.size()));
    for (Eigen::Index u = 0; u < out.shares.size(); ++u)
        out.atZero[static_cast<std::size_t>(u)] = out.shares[u] == 0;
    out.logLikelihood = v.logLikelihood;
    out.gap = v.gap;
    out.tolerance = r.tolerance;
    out.iterations = steps;
    out.converged = v.gap <= r.tolerance * r.counts.sum();
    return out;
}

SimplexMleResult observedShares(const SimplexMleRequest& r)
{
    const double n = r.counts.sum();
    EmMap::Value v;
    v.logLikelihood = 0;
    for (Eigen::Index i = 0; i < r.counts.size(); ++i)
        if (r.counts[i] > 0)
            v.logLikelihood += r.counts[i] * std::log(r.counts[i] / n);
    v.gap = 0;
    return finished(r, r.counts / n, v, 0);
}

// EM accelerated by SQUAREM, a round (three EM steps) at a time. Three vectors of the table's size besides the
// counts and the map's two: x0 and its EM steps x1, x2; SQUAREM's point is written over x1 and its EM step
// over x0.
class Squarem {
public:
    Squarem(const SimplexMleRequest& request, EmMap& em)
        : m_request(request), m_em(em), m_enough(request.tolerance * em.total()), m_x0(startingShares(request)),
          m_x1(m_x0.size()), m_x2(m_x0.size())
    {}

    int steps() const { return m_steps; }

    // One round: the answer once a point converged (and no cell of it is to be set to 0), else none.
    std::optional<SimplexMleResult> round()
    {
        goOn();
        const EmMap::Value v0 = m_em.step(m_x0, m_x1);
        ++m_steps;
        if (!std::isfinite(v0.logLikelihood))
            throw InputError("maximum likelihood: the table has records in a cell that the matrices give "
                             "probability 0 whatever the original shares");
        if (v0.gap <= m_enough) {
            if (snapped(m_x0))
                return std::nullopt;
            return finished(m_request, std::move(m_x0), v0, m_steps);
        }
        if (revive(m_x0, m_em.gradient(), m_request.tolerance))
            return std::nullopt; // start again from there
        goOn();
        const EmMap::Value v1 = m_em.step(m_x1, m_x2);
        ++m_steps;
        if (v1.gap <= m_enough) {
            if (snapped(m_x1))
                return std::nullopt;
            return finished(m_request, std::move(m_x1), v1, m_steps);
        }
        extrapolateInto(m_x0, m_x1, m_x2);
        goOn();
        const EmMap::Value vx = m_em.step(m_x1, m_x0);
        ++m_steps;
        if (vx.logLikelihood >= v1.logLikelihood) { // SQUAREM's safeguard: never worse than plain EM
            if (vx.gap <= m_enough) {
                if (snapped(m_x1))
                    return std::nullopt;
                return finished(m_request, std::move(m_x1), vx, m_steps);
            }
            // x0 holds the EM step from SQUAREM's point: go on from there
        } else {
            m_x0.swap(m_x2);
        }
        return std::nullopt;
    }

    // Out of iterations: the last point, one EM step on.
    SimplexMleResult last()
    {
        const EmMap::Value last = m_em.step(m_x0, m_x1);
        return finished(m_request, std::move(m_x0), last, m_steps + 1);
    }

private:
    // At a converged point x: its cells bound for 0 are set there (at most 3 times; then EM goes on from
    // x, now in x0), else x is the answer.
    bool snapped(Eigen::VectorXd& x)
    {
        if (m_snaps >= 3 || !snapToFace(x, m_em.gradient(), m_request.tolerance))
            return false;
        ++m_snaps;
        if (&x != &m_x0)
            m_x0.swap(x);
        return true;
    }

    void goOn() const { stopIfAsked(m_request.keepRunning, "the maximum-likelihood fit was cancelled"); }

    const SimplexMleRequest& m_request;
    EmMap& m_em;
    const double m_enough;
    Eigen::VectorXd m_x0, m_x1, m_x2;
    int m_steps = 0, m_snaps = 0;
};

} // namespace

SimplexMleResult simplexMle(const SimplexMleRequest& request)
{
    checkRequest(request);
    if (std::all_of(request.matrices.begin(), request.matrices.end(), [](const auto& m) { return m.isIdentity(); }))
        return observedShares(request);
    EmMap em(request.matrices, request.counts);
    Squarem run(request, em);
    while (run.steps() < request.maxIterations)
        if (std::optional<SimplexMleResult> done = run.round())
            return std::move(*done);
    return run.last();
}

namespace {

// J_FF = [P^T diag(n / lambda^2) P]_FF, column by column through the mode products.
Eigen::MatrixXd faceInformation(const SimplexMleRequest& r, const Eigen::VectorXd& pi,
                                const std::vector<Eigen::Index>& free)
{
    std::vector<KroneckerFactor> forward, backward;
    for (const auto& m : r.matrices) {
        forward.push_back(m.factor());
        backward.push_back(transposed(m.factor()));
    }
    const Eigen::VectorXd lambda = kroneckerApply(forward, pi);
    Eigen::VectorXd weight = Eigen::VectorXd::Zero(pi.size());
    for (Eigen::Index v = 0; v < pi.size(); ++v)
        if (r.counts[v] > 0)
            weight[v] = r.counts[v] / (lambda[v] * lambda[v]);
    const auto f = static_cast<Eigen::Index>(free.size());
    Eigen::MatrixXd info(f, f);
    Eigen::VectorXd col, work;
    for (Eigen::Index j = 0; j < f; ++j) {
        col = Eigen::VectorXd::Unit(pi.size(), free[static_cast<std::size_t>(j)]);
        kroneckerApplyInPlace(forward, col, work);
        col.array() *= weight.array();
        kroneckerApplyInPlace(backward, col, work);
        for (Eigen::Index i = 0; i < f; ++i)
            info(i, j) = col[free[static_cast<std::size_t>(i)]];
    }
    return 0.5 * (info + info.transpose());
}

// The covariance of the free cells under sum pi = 1: J^-1 - J^-1 1 1^T J^-1 / (1^T J^-1 1).
bool constrainedCovariance(const Eigen::MatrixXd& info, Eigen::MatrixXd& cov)
{
    const Eigen::LLT<Eigen::MatrixXd> llt(info);
    if (llt.info() != Eigen::Success)
        return false;
    cov = llt.solve(Eigen::MatrixXd::Identity(info.rows(), info.cols()));
    const Eigen::VectorXd u = cov.rowwise().sum();
    const double s = u.sum();
    if (!(s > 0) || !cov.allFinite())
        return false;
    cov -= u * u.transpose() / s;
    return true;
}

} // namespace

SimplexMleVariance simplexMleVariance(const SimplexMleRequest& request, const SimplexMleResult& fit,
                                      bool withCovariance, Eigen::Index maxFreeCells)
{
    checkRequest(request);
    SimplexMleVariance out;
    out.variance = Eigen::VectorXd::Zero(fit.shares.size());
    for (Eigen::Index u = 0; u < fit.shares.size(); ++u)
        if (!fit.atZero[static_cast<std::size_t>(u)])
            out.freeCells.push_back(u);
    const auto f = static_cast<Eigen::Index>(out.freeCells.size());
    const double n = request.counts.sum();
    if (f == fit.shares.size() && f > maxFreeCells && !withCovariance) {
        // inside the simplex the maximum is the moment estimate: 003 eq. 5.16 with N, by mode products
        out.variance = varianceDiagonal(request.matrices, request.counts / n, n) * ((n - 1.0) / n);
        out.available = true;
        return out;
    }
    if (f > maxFreeCells) {
        out.note = "the maximum-likelihood estimate lies on a face of the simplex with " + std::to_string(f) +
                   " free cells; its standard errors need their information matrix in full, at most " +
                   std::to_string(maxFreeCells) + " cells";
        return out;
    }
    Eigen::MatrixXd cov;
    if (!constrainedCovariance(faceInformation(request, fit.shares, out.freeCells), cov)) {
        out.note = "the observed information of the free cells is singular: their standard errors are undefined";
        return out;
    }
    for (Eigen::Index i = 0; i < f; ++i)
        out.variance[out.freeCells[static_cast<std::size_t>(i)]] = std::max(0.0, cov(i, i));
    out.available = true;
    if (withCovariance)
        out.covariance = std::move(cov);
    return out;
}

} // namespace rr
