#include "core/models/LogitLikelihood.h"

#include "core/data/Errors.h"

#include <Eigen/Cholesky>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rr {
namespace {

// A block of at most this many cells keeps its matrix written out: P J is then a sum of P's columns.
constexpr Eigen::Index kDenseBlockCells = 64;

double expClamped(double eta)
{
    return std::exp(std::clamp(eta, -700.0, 700.0));
}

// Index maps between the original row-major table over `dims` and the one with axes in `perm` order.
std::vector<Eigen::Index> permutationIndex(const std::vector<int>& dims, const std::vector<int>& perm)
{
    const std::size_t k = dims.size();
    std::vector<Eigen::Index> stride(k, 1);
    for (std::size_t a = k - 1; a > 0; --a)
        stride[a - 1] = stride[a] * dims[a];
    Eigen::Index cells = stride[0] * dims[0];
    std::vector<Eigen::Index> index(static_cast<std::size_t>(cells)); // new position -> original position
    std::vector<int> code(k, 0);
    for (Eigen::Index c = 0; c < cells; ++c) {
        Eigen::Index original = 0;
        for (std::size_t j = 0; j < k; ++j)
            original += code[j] * stride[static_cast<std::size_t>(perm[j])];
        index[static_cast<std::size_t>(c)] = original;
        for (std::size_t j = k; j-- > 0;) {
            if (++code[j] < dims[static_cast<std::size_t>(perm[j])])
                break;
            code[j] = 0;
        }
    }
    return index;
}

std::vector<int> tableAxes(const LogitProblem& p)
{
    std::vector<int> perm = p.order;
    perm.push_back(static_cast<int>(p.order.size())); // the outcome stays last
    return perm;
}

std::vector<int> tableDims(const LogitProblem& p)
{
    std::vector<int> dims(p.factors.size());
    const std::vector<int> perm = tableAxes(p);
    for (std::size_t j = 0; j < perm.size(); ++j)
        dims[static_cast<std::size_t>(perm[j])] = p.factors[j].size();
    return dims;
}

} // namespace

LogitProblem logitProblem(const std::vector<DistortionMatrix>& matrices, const Eigen::VectorXd& counts,
                          const LogitTerms& terms, int positive)
{
    const std::size_t m = terms.dims.size();
    if (matrices.size() != m + 1)
        throw InputError("logistic fit: one matrix per predictor and one for the outcome are needed");
    Eigen::Index cells = 1;
    for (std::size_t k = 0; k <= m; ++k) {
        if (k < m && matrices[k].size() != terms.dims[k])
            throw InputError("logistic fit: a predictor's matrix does not match its categories");
        cells *= matrices[k].size();
    }
    if (counts.size() != cells || !counts.allFinite() || (counts.array() < 0).any() || !(counts.sum() > 0))
        throw InputError("logistic fit: the counts must cover every cell, be finite and not negative, and not all 0");
    LogitProblem p;
    p.outcomeCategories = matrices[m].size();
    if (positive < 0 || positive >= p.outcomeCategories || p.outcomeCategories < 2)
        throw InputError("logistic fit: the outcome needs at least two categories and V among them");
    p.positive = positive;
    for (int pass = 0; pass < 2; ++pass) // in clear first, then randomized
        for (std::size_t k = 0; k < m; ++k)
            if (matrices[k].isIdentity() == (pass == 0))
                p.order.push_back(static_cast<int>(k));
    p.blockPredictorCells = 1;
    p.blocks = 1;
    for (int k : p.order) {
        const auto& mk = matrices[static_cast<std::size_t>(k)];
        p.factors.push_back(mk.factor());
        if (mk.isIdentity()) {
            p.blocks *= mk.size();
        } else {
            p.blockPredictorCells *= mk.size();
            p.local.push_back(mk.factor());
        }
    }
    p.factors.push_back(matrices[m].factor());
    p.local.push_back(matrices[m].factor());
    for (const auto& f : p.factors)
        p.transposes.push_back(transposed(f));
    for (const auto& f : p.local)
        p.localTransposes.push_back(transposed(f));
    p.blockCells = p.blockPredictorCells * p.outcomeCategories;
    if (p.blockCells <= kDenseBlockCells)
        p.localDense = explicitKronecker(p.local);
    if (p.blockCells > kMaxLogitBlockCells)
        throw InputError("the randomized predictors and the outcome span " + std::to_string(p.blockCells) +
                         " cells that the randomization mixes; the fit holds their information in full, at most " +
                         std::to_string(kMaxLogitBlockCells) + " (randomize fewer predictors, or coarser ones)");
    if (terms.count() > kMaxLogitTerms || p.blocks * p.blockPredictorCells > kMaxLogitPredictorCells)
        throw InputError("the model has " + std::to_string(terms.count()) + " coefficients over " +
                         std::to_string(p.blocks * p.blockPredictorCells) + " cells of the predictors; the fit takes "
                         "at most " + std::to_string(kMaxLogitTerms) + " coefficients and " +
                         std::to_string(kMaxLogitPredictorCells) + " cells (fewer or coarser predictors)");
    p.design = std::make_shared<const LogitDesign>(terms, p.order);
    p.counts = toProblemLayout(p, counts);
    return p;
}

Eigen::VectorXd toProblemLayout(const LogitProblem& p, const Eigen::VectorXd& table)
{
    const std::vector<Eigen::Index> index = permutationIndex(tableDims(p), tableAxes(p));
    Eigen::VectorXd out(table.size());
    for (std::size_t c = 0; c < index.size(); ++c)
        out[static_cast<Eigen::Index>(c)] = table[index[c]];
    return out;
}

Eigen::VectorXd fromProblemLayout(const LogitProblem& p, const Eigen::VectorXd& table)
{
    const std::vector<Eigen::Index> index = permutationIndex(tableDims(p), tableAxes(p));
    Eigen::VectorXd out(table.size());
    for (std::size_t c = 0; c < index.size(); ++c)
        out[index[c]] = table[static_cast<Eigen::Index>(c)];
    return out;
}

void completeState(const LogitProblem& p, LogitState& s)
{
    s.eta = p.design->linear(s.beta);
    const int dy = p.outcomeCategories;
    for (Eigen::Index x = 0; x < s.eta.size(); ++x) {
        double r = 0;
        for (int y = 0; y < dy; ++y)
            if (y != p.positive)
                r += s.mu[x * dy + y];
        s.mu[x * dy + p.positive] = expClamped(s.eta[x]) * r;
    }
}

double poissonLogLikelihood(const LogitProblem& p, const LogitState& s, const Eigen::VectorXd& counts,
                            Eigen::VectorXd& lambda)
{
    Eigen::VectorXd work;
    lambda = s.mu;
    kroneckerApplyInPlace(p.factors, lambda, work);
    double ll = -s.mu.sum();
    for (Eigen::Index v = 0; v < counts.size(); ++v) {
        if (counts[v] <= 0)
            continue;
        if (!(lambda[v] > 0))
            return -std::numeric_limits<double>::infinity();
        ll += counts[v] * std::log(lambda[v]);
    }
    return ll;
}

namespace {

// beta maximizing sum_x s_x eta_x - t_x log(1 + e^eta_x): the logistic regression of s successes in t trials
// per predictor cell, by Newton's method with step halving.
Eigen::VectorXd logisticCounts(const LogitDesign& z, const Eigen::VectorXd& s, const Eigen::VectorXd& t,
                               Eigen::VectorXd beta)
{
    const auto objective = [&](const Eigen::VectorXd& b) {
        const Eigen::VectorXd eta = z.linear(b);
        double f = 0;
        for (Eigen::Index x = 0; x < eta.size(); ++x)
            if (t[x] > 0)
                f += s[x] * eta[x] - t[x] * (std::max(eta[x], 0.0) + std::log1p(std::exp(-std::abs(eta[x]))));
        return f;
    };
    double f = objective(beta);
    for (int it = 0; it < 100; ++it) {
        const Eigen::VectorXd eta = z.linear(beta);
        Eigen::VectorXd resid(eta.size()), weight(eta.size());
        for (Eigen::Index x = 0; x < eta.size(); ++x) {
            const double pr = 1.0 / (1.0 + expClamped(-eta[x]));
            resid[x] = s[x] - t[x] * pr;
            weight[x] = t[x] * pr * (1.0 - pr);
        }
        Eigen::MatrixXd h = Eigen::MatrixXd::Zero(z.termCount(), z.termCount());
        z.addDiagonalQuadratic(weight, h);
        const Eigen::VectorXd grad = z.transposeTimes(resid);
        const Eigen::LDLT<Eigen::MatrixXd> ldlt(h);
        const Eigen::VectorXd step = ldlt.solve(grad);
        const double decrement = grad.dot(step);
        if (ldlt.info() != Eigen::Success || !step.allFinite() || !(decrement > 1e-24 * (1.0 + t.sum())))
            break;
        double a = 1.0;
        for (int h2 = 0; h2 < 40; ++h2, a *= 0.5) {
            const Eigen::VectorXd next = beta + a * step;
            if (const double fn = objective(next); fn >= f) {
                beta = next, f = fn;
                break;
            }
        }
        if (decrement < 1e-20 * (1.0 + t.sum()) || beta.cwiseAbs().maxCoeff() > 60)
            break;
    }
    return beta;
}

} // namespace

LogitState completeDataFit(const LogitProblem& p, const Eigen::VectorXd& complete, const Eigen::VectorXd& beta0)
{
    const int dy = p.outcomeCategories, v = p.positive;
    const Eigen::Index cells = p.design->cells();
    Eigen::VectorXd successes(cells), trials(cells);
    for (Eigen::Index x = 0; x < cells; ++x) {
        successes[x] = complete[x * dy + v];
        trials[x] = complete.segment(x * dy, dy).sum();
    }
    LogitState s;
    s.beta = logisticCounts(*p.design, successes, trials, beta0); // M step for beta
    s.eta = p.design->linear(s.beta);
    s.mu = Eigen::VectorXd::Zero(complete.size());
    for (Eigen::Index x = 0; x < cells; ++x) { // M step for the shares: R_x = t_x / (1 + e^eta), the split as seen
        const double r = trials[x] / (1.0 + expClamped(s.eta[x]));
        const double others = trials[x] - successes[x];
        for (int y = 0; y < dy; ++y)
            if (y != v)
                s.mu[x * dy + y] = others > 0 ? r * complete[x * dy + y] / others : r / (dy - 1);
    }
    completeState(p, s);
    return s;
}

void emStep(const LogitProblem& p, LogitState& s)
{
    Eigen::VectorXd lambda, work;
    poissonLogLikelihood(p, s, p.counts, lambda);
    for (Eigen::Index c = 0; c < lambda.size(); ++c)
        lambda[c] = p.counts[c] > 0 ? p.counts[c] / lambda[c] : 0.0;
    kroneckerApplyInPlace(p.transposes, lambda, work);
    s = completeDataFit(p, s.mu.cwiseProduct(lambda), s.beta); // E step: mu o P^T (n / lambda)
}

namespace {

// The Cholesky factor of m, or where m is not positive definite (away from the maximum the likelihood need not be
// concave) of m + tau I for the smallest tau in mean(diag m) x 10^-8, ..., 10^2 that is (Levenberg-Marquardt):
// still an ascent direction. `damped` says whether tau > 0 was needed; false return: none worked.
bool dampedLlt(const Eigen::MatrixXd& m, bool allowDamping, Eigen::LLT<Eigen::MatrixXd>& llt, bool& damped)
{
    llt.compute(m);
    damped = false;
    if (llt.info() == Eigen::Success || !allowDamping)
        return llt.info() == Eigen::Success;
    const double scale = std::max(m.diagonal().cwiseAbs().mean(), 1e-300);
    for (double tau = 1e-8; tau <= 1e2; tau *= 10) {
        llt.compute(m + tau * scale * Eigen::MatrixXd::Identity(m.rows(), m.cols()));
        if (llt.info() == Eigen::Success)
            return damped = true;
    }
    return false;
}

// One block's share of Newton's system in its local coordinates (its free r cells, then its eta_x).
struct BlockSolve {
    std::vector<Eigen::Index> free; // local cells of the free r
    Eigen::VectorXd u;              // A_rr^-1 g_r
    Eigen::MatrixXd y;              // A_rr^-1 A_r,eta
    Eigen::VectorXd gr;             // g_r
};

struct Residuals {
    Eigen::VectorXd g;      // P^T (n / lambda) - 1: the gradient of L in mu
    Eigen::VectorXd weight; // n / lambda^2
};

Residuals residuals(const LogitProblem& p, const LogitState& s, const Eigen::VectorXd& counts)
{
    Residuals r;
    Eigen::VectorXd lambda, work;
    poissonLogLikelihood(p, s, counts, lambda);
    r.g = Eigen::VectorXd::Zero(lambda.size());
    r.weight = Eigen::VectorXd::Zero(lambda.size());
    for (Eigen::Index v = 0; v < lambda.size(); ++v)
        if (counts[v] > 0 && lambda[v] > 0) {
            r.g[v] = counts[v] / lambda[v];
            r.weight[v] = r.g[v] / lambda[v];
        }
    kroneckerApplyInPlace(p.transposes, r.g, work);
    r.g.array() -= 1.0;
    return r;
}

// J's column j of a block as at most two (cell, value) entries: an r cell moves itself and mu(x, V) by e^eta;
// eta_x moves mu(x, V) by mu(x, V). Returns how many.
int jacobianEntries(const LogitProblem& p, const LogitState& s, Eigen::Index b, const std::vector<Eigen::Index>& free,
                    Eigen::Index j, Eigen::Index c[2], double val[2])
{
    const int dy = p.outcomeCategories, v = p.positive;
    const auto l = static_cast<Eigen::Index>(free.size());
    if (j < l) {
        const Eigen::Index x = free[static_cast<std::size_t>(j)] / dy;
        c[0] = free[static_cast<std::size_t>(j)], val[0] = 1.0;
        c[1] = x * dy + v, val[1] = expClamped(s.eta[b * p.blockPredictorCells + x]);
        return 2;
    }
    const Eigen::Index x = j - l;
    c[0] = x * dy + v, val[0] = s.mu[b * p.blockCells + x * dy + v];
    return 1;
}

// J^T W J of a block, W = P_b^T diag(n / lambda^2) P_b: from P's columns for a small block, else W J column by
// column through the mode products.
Eigen::MatrixXd blockGram(const LogitProblem& p, const LogitState& s, const Residuals& res, Eigen::Index b,
                          const std::vector<Eigen::Index>& free)
{
    const Eigen::Index t = p.blockCells, o = b * t;
    const Eigen::Index nv = static_cast<Eigen::Index>(free.size()) + p.blockPredictorCells;
    Eigen::Index c[2];
    double val[2];
    Eigen::MatrixXd a(nv, nv);
    if (p.localDense.size() > 0) {
        Eigen::MatrixXd pj(t, nv);
        for (Eigen::Index j = 0; j < nv; ++j) {
            const int ne = jacobianEntries(p, s, b, free, j, c, val);
            pj.col(j) = val[0] * p.localDense.col(c[0]);
            if (ne > 1)
                pj.col(j) += val[1] * p.localDense.col(c[1]);
        }
        a.noalias() = pj.transpose() * (res.weight.segment(o, t).asDiagonal() * pj);
        return a;
    }
    Eigen::MatrixXd wj(t, nv);
    Eigen::VectorXd col, work;
    for (Eigen::Index j = 0; j < nv; ++j) {
        col = Eigen::VectorXd::Zero(t);
        for (int e = 0, ne = jacobianEntries(p, s, b, free, j, c, val); e < ne; ++e)
            col[c[e]] += val[e];
        kroneckerApplyInPlace(p.local, col, work);
        col.array() *= res.weight.segment(o, t).array();
        kroneckerApplyInPlace(p.localTransposes, col, work);
        wj.col(j) = col;
    }
    for (Eigen::Index i = 0; i < nv; ++i) {
        const int ne = jacobianEntries(p, s, b, free, i, c, val);
        for (Eigen::Index j = 0; j < nv; ++j)
            a(i, j) = val[0] * wj(c[0], j) + (ne > 1 ? val[1] * wj(c[1], j) : 0.0);
    }
    return a;
}

// The information A = J^T W J - S of a block over its variables (its free r cells, then its eta_x), S the second
// derivatives of mu weighted by the gradient: mu(x, V) = e^eta R_x is curved in eta and in (r, eta).
Eigen::MatrixXd blockInformation(const LogitProblem& p, const LogitState& s, const Residuals& res, Eigen::Index b,
                                 const std::vector<Eigen::Index>& free)
{
    const int dy = p.outcomeCategories, v = p.positive;
    const Eigen::Index o = b * p.blockCells, ox = b * p.blockPredictorCells;
    const auto l = static_cast<Eigen::Index>(free.size());
    Eigen::MatrixXd a = blockGram(p, s, res, b, free);
    for (Eigen::Index x = 0; x < p.blockPredictorCells; ++x)
        a(l + x, l + x) -= res.g[o + x * dy + v] * s.mu[o + x * dy + v];
    for (Eigen::Index j = 0; j < l; ++j) {
        const Eigen::Index x = free[static_cast<std::size_t>(j)] / dy;
        const double sv = res.g[o + x * dy + v] * expClamped(s.eta[ox + x]);
        a(j, l + x) -= sv;
        a(l + x, j) -= sv;
    }
    return 0.5 * (a + a.transpose());
}

// Block b's Schur complement onto eta added into betaInfo, its reduced gradient into h (per predictor cell) and
// its gradient in eta into gEta. False when its A_rr is not positive definite.
bool addBlock(const LogitProblem& p, const LogitState& s, const Residuals& res, Eigen::Index b, Eigen::MatrixXd& info,
              Eigen::VectorXd& h, Eigen::VectorXd& gEta, BlockSolve& solve, bool allowDamping, bool& damped)
{
    const int dy = p.outcomeCategories, v = p.positive;
    const Eigen::Index t = p.blockCells, xb = p.blockPredictorCells, o = b * t, ox = b * xb;
    solve.free.clear();
    for (Eigen::Index c = 0; c < t; ++c)
        if (c % dy != v && s.mu[o + c] > 0)
            solve.free.push_back(c);
    const auto l = static_cast<Eigen::Index>(solve.free.size());
    const Eigen::MatrixXd a = blockInformation(p, s, res, b, solve.free);
    solve.gr.resize(l);
    for (Eigen::Index j = 0; j < l; ++j) {
        const Eigen::Index c = solve.free[static_cast<std::size_t>(j)], x = c / dy;
        solve.gr[j] = res.g[o + c] + res.g[o + x * dy + v] * expClamped(s.eta[ox + x]);
    }
    Eigen::VectorXd ge(xb);
    for (Eigen::Index x = 0; x < xb; ++x)
        ge[x] = res.g[o + x * dy + v] * s.mu[o + x * dy + v];
    Eigen::MatrixXd cblock = a.bottomRightCorner(xb, xb);
    Eigen::VectorXd hb = ge;
    if (l > 0) {
        Eigen::LLT<Eigen::MatrixXd> llt;
        bool d = false;
        if (!dampedLlt(a.topLeftCorner(l, l), allowDamping, llt, d))
            return false;
        damped = damped || d;
        solve.y = llt.solve(a.topRightCorner(l, xb));
        solve.u = llt.solve(solve.gr);
        cblock.noalias() -= a.topRightCorner(l, xb).transpose() * solve.y;
        hb.noalias() -= solve.y.transpose() * solve.gr;
    }
    p.design->addQuadratic(ox, cblock, info);
    h.segment(ox, xb) = hb;
    gEta.segment(ox, xb) = ge;
    return true;
}

} // namespace

Eigen::VectorXd shareGradient(const LogitProblem& p, const LogitState& s)
{
    const Residuals res = residuals(p, s, p.counts);
    const int dy = p.outcomeCategories, v = p.positive;
    Eigen::VectorXd grad = Eigen::VectorXd::Zero(s.mu.size());
    for (Eigen::Index c = 0; c < grad.size(); ++c) {
        const Eigen::Index x = c / dy;
        if (c % dy != v)
            grad[c] = res.g[c] + res.g[x * dy + v] * expClamped(s.eta[x]);
    }
    return grad;
}

LogitNewton logitNewton(const LogitProblem& p, const LogitState& s, const Eigen::VectorXd& counts, bool withStep)
{
    const Residuals res = residuals(p, s, counts);
    const int k = p.design->termCount();
    const Eigen::Index xs = p.design->cells();
    LogitNewton out;
    out.betaInfo = Eigen::MatrixXd::Zero(k, k);
    Eigen::VectorXd h(xs), gEta(xs);
    std::vector<BlockSolve> solves(withStep ? static_cast<std::size_t>(p.blocks) : 1);
    for (Eigen::Index b = 0; b < p.blocks; ++b)
        if (!addBlock(p, s, res, b, out.betaInfo, h, gEta, solves[withStep ? static_cast<std::size_t>(b) : 0],
                      withStep, out.damped))
            return out;
    out.betaInfo = 0.5 * (out.betaInfo + out.betaInfo.transpose());
    if (!withStep) {
        out.ok = true;
        return out;
    }
    Eigen::LLT<Eigen::MatrixXd> llt;
    bool damped = false;
    if (!dampedLlt(out.betaInfo, true, llt, damped))
        return out;
    out.damped = out.damped || damped;
    out.dbeta = llt.solve(p.design->transposeTimes(h));
    const Eigen::VectorXd zd = p.design->linear(out.dbeta);
    out.dmu = Eigen::VectorXd::Zero(s.mu.size());
    out.decrement = p.design->transposeTimes(gEta).dot(out.dbeta);
    const Eigen::Index t = p.blockCells, xb = p.blockPredictorCells;
    for (Eigen::Index b = 0; b < p.blocks; ++b) {
        const BlockSolve& bs = solves[static_cast<std::size_t>(b)];
        if (bs.free.empty())
            continue;
        const Eigen::VectorXd dr = bs.u - bs.y * zd.segment(b * xb, xb);
        for (std::size_t j = 0; j < bs.free.size(); ++j)
            out.dmu[b * t + bs.free[j]] = dr[static_cast<Eigen::Index>(j)];
        out.decrement += bs.gr.dot(dr);
    }
    out.ok = out.dbeta.allFinite() && out.dmu.allFinite() && out.decrement >= 0;
    return out;
}

} // namespace rr
