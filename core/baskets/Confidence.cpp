#include "core/baskets/Confidence.h"

#include "core/baskets/PartialSupports.h"
#include "core/baskets/Transition.h"
#include "core/data/Errors.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/distortion/KroneckerFactor.h"

#include <boost/math/distributions/normal.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <sstream>

namespace rr {

namespace {

constexpr int kMaxRuleItems = 12;

// Subset counts of A then B (bit i: the i-th item of A, then of B), class-major, via sorted sub-itemsets.
std::vector<std::uint64_t> ruleSubsetCounts(ItemsetCounter& counter, const std::vector<std::uint32_t>& ordered)
{
    const std::size_t S = std::size_t(1) << ordered.size(), C = counter.classCount();
    std::vector<std::uint64_t> out(C * S);
    std::vector<std::uint32_t> sub;
    for (std::size_t mask = 0; mask < S; ++mask) {
        sub.clear();
        for (std::size_t i = 0; i < ordered.size(); ++i)
            if (mask & (std::size_t(1) << i))
                sub.push_back(ordered[i]);
        std::sort(sub.begin(), sub.end());
        const auto counts = counter.count(sub);
        for (std::size_t c = 0; c < C; ++c)
            out[c * S + mask] = counts[c];
    }
    return out;
}

void perItem(SupportEstimator& est, const std::vector<std::uint32_t>& ordered, int kA, int kB,
             const std::vector<std::uint64_t>& counts, BasketConfidenceEstimate& e)
{
    const int k = kA + kB;
    const std::size_t S = std::size_t(1) << k, C = est.counter().classCount();
    const double N = static_cast<double>(est.baskets());
    std::vector<std::uint64_t> all(S, 0);
    for (std::size_t c = 0; c < C; ++c)
        for (std::size_t mask = 0; mask < S; ++mask)
            all[mask] += counts[c * S + mask];
    const std::vector<std::int64_t> pattern = patternCountsFromSubsetCounts(all, k);
    Eigen::VectorXd lambda(static_cast<Eigen::Index>(S));
    for (std::size_t mask = 0; mask < S; ++mask)
        lambda(static_cast<Eigen::Index>(mask)) = static_cast<double>(pattern[mask]) / N;
    std::vector<KroneckerFactor> q, qt; // the mask is the cell index; its top bit is the first axis
    for (int axis = 0; axis < k; ++axis) {
        q.push_back(inverse(
            DistortionMatrix::warner(2, keepProbability(est.op(), ordered[static_cast<std::size_t>(k - 1 - axis)]))));
        qt.push_back(transposed(q.back()));
    }
    const Eigen::VectorXd pi = kroneckerApply(q, lambda); // 003 eq. 3.3 by Lemma 3
    const std::size_t maskA = (std::size_t(1) << kA) - 1;
    Eigen::VectorXd u = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(S)), v = u;
    u(static_cast<Eigen::Index>(S - 1)) = 1;
    for (std::size_t mask = 0; mask < S; ++mask)
        if ((mask & maskA) == maskA)
            v(static_cast<Eigen::Index>(mask)) = 1;
    const Eigen::VectorXd a = kroneckerApply(qt, u), b = kroneckerApply(qt, v); // X = a.lambda, Y = b.lambda
    e.unionSupport = pi.dot(u);
    e.antecedentSupport = pi.dot(v);
    // (1/N)[sum_c a_c b_c lambda_c - sum_o pi_o u_o v_o], as 004 eq. 17 for the 2^k table
    e.varianceUnion = (a.cwiseProduct(a).dot(lambda) - e.unionSupport) / N;
    e.varianceAntecedent = (b.cwiseProduct(b).dot(lambda) - e.antecedentSupport) / N;
    e.covariance = (a.cwiseProduct(b).dot(lambda) - e.unionSupport) / N;
    e.randomizedTwoSetPartialSupports.assign(static_cast<std::size_t>((kA + 1) * (kB + 1)), 0.0);
    e.twoSetPartialSupports = e.randomizedTwoSetPartialSupports;
    for (std::size_t mask = 0; mask < S; ++mask) {
        const auto idx = static_cast<std::size_t>(std::popcount(mask & maskA) * (kB + 1) + std::popcount(mask >> kA));
        e.randomizedTwoSetPartialSupports[idx] += lambda(static_cast<Eigen::Index>(mask));
        e.twoSetPartialSupports[idx] += pi(static_cast<Eigen::Index>(mask));
    }
}

// A size m with no basket holding A u B (kA <= m < kA + kB): X is exactly 0 here, and Y is A's one-set
// estimate (P_II has fewer original states than randomized ones, and Remark 4.5 holds for the square case).
// False (e says why) when A's recovery at this size is undefined.
bool addAntecedentOnly(SupportEstimator& est, int m, int kA, int kB, const Eigen::VectorXd& sPrime, double Nc,
                       double w, BasketConfidenceEstimate& e)
{
    const PartialRecovery& ra = est.recovery(m, kA);
    if (!ra.defined) {
        e.defined = false;
        e.reason = "basket size " + std::to_string(m) + ": " + ra.reason;
        return false;
    }
    Eigen::VectorXd sA = Eigen::VectorXd::Zero(kA + 1);
    for (int la = 0; la <= kA; ++la)
        for (int lb = 0; lb <= kB; ++lb)
            sA(la) += sPrime(la * (kB + 1) + lb);
    const RecoveredSupport y = recoverSupport(ra, sA, Nc);
    e.antecedentSupport += w * y.estimate;
    e.varianceAntecedent += w * w * y.variance;
    return true;
}

// A size m >= kA + kB: its share of X and Y from the recovered two-set partial supports, and of their
// variances and covariance.
void addUnionAndAntecedent(const TwoSetTransition& T, const PartialRecovery& r, const Eigen::VectorXd& sHat, int kA,
                           int kB, double Nc, double w, BasketConfidenceEstimate& e)
{
    Eigen::VectorXd u = Eigen::VectorXd::Zero(sHat.size()), v = u;
    for (std::size_t s = 0; s < T.states.size(); ++s) {
        const auto [la, lb] = T.states[s];
        if (la == kA) {
            v(static_cast<Eigen::Index>(s)) = 1; // Y: |t n A| = |A|, any l_B (eq. 18)
            if (lb == kB)
                u(static_cast<Eigen::Index>(s)) = 1; // X: both whole (eq. 18)
        }
    }
    e.unionSupport += w * u.dot(sHat);
    e.antecedentSupport += w * v.dot(sHat);
    e.varianceUnion += w * w * linearCovariance(r, sHat, Nc, u, u);
    e.varianceAntecedent += w * w * linearCovariance(r, sHat, Nc, v, v);
    e.covariance += w * w * linearCovariance(r, sHat, Nc, u, v);
}

bool itemInvariantBySize(SupportEstimator& est, int kA, int kB, const std::vector<std::uint64_t>& counts,
                         BasketConfidenceEstimate& e)
{
    const int k = kA + kB;
    const std::size_t S = std::size_t(1) << k, C = est.counter().classCount();
    const double N = static_cast<double>(est.baskets());
    const auto& sizes = est.counter().classSizes();
    const std::size_t cells = static_cast<std::size_t>((kA + 1) * (kB + 1));
    e.randomizedTwoSetPartialSupports.assign(cells, 0.0);
    e.twoSetPartialSupports.assign(cells, 0.0);
    for (std::size_t c = 0; c < C; ++c) {
        if (sizes[c] == 0)
            continue;
        const int m = static_cast<int>(c);
        const double Nc = static_cast<double>(sizes[c]), w = Nc / N;
        const std::vector<std::int64_t> two =
            twoSetCountsFromSubsetCounts(std::span<const std::uint64_t>(counts.data() + c * S, S), kA, kB);
        Eigen::VectorXd sPrime(static_cast<Eigen::Index>(cells)); // Def. 13, randomized
        for (std::size_t i = 0; i < cells; ++i) {
            sPrime(static_cast<Eigen::Index>(i)) = static_cast<double>(two[i]) / Nc;
            e.randomizedTwoSetPartialSupports[i] += w * sPrime(static_cast<Eigen::Index>(i));
        }
        if (m < kA)
            continue; // no basket of this size holds A: X and Y are exactly 0 here
        const TwoSetTransition T = twoSetTransition(est.op(), m, kA, kB, est.counter().itemCount());
        const PartialRecovery r = partialRecovery(T.matrix);
        if (!r.defined) {
            e.defined = false;
            e.reason = "basket size " + std::to_string(m) + ": " + r.reason;
            return false;
        }
        const Eigen::VectorXd sHat = r.Q * sPrime; // 004 eq. 17: (s_II)_est = Q_II s'_II
        for (std::size_t s = 0; s < T.states.size(); ++s) {
            const auto [la, lb] = T.states[s];
            e.twoSetPartialSupports[static_cast<std::size_t>(la * (kB + 1) + lb)] +=
                w * sHat(static_cast<Eigen::Index>(s));
        }
        if (m < kA + kB) {
            if (!addAntecedentOnly(est, m, kA, kB, sPrime, Nc, w, e))
                return false;
            continue;
        }
        addUnionAndAntecedent(T, r, sHat, kA, kB, Nc, w, e);
    }
    return true;
}

} // namespace

BasketConfidenceEstimate estimateConfidence(SupportEstimator& est, std::span<const std::uint32_t> A,
                                            std::span<const std::uint32_t> B)
{
    BasketConfidenceEstimate e;
    e.antecedent.assign(A.begin(), A.end());
    e.consequent.assign(B.begin(), B.end());
    const int kA = static_cast<int>(A.size()), kB = static_cast<int>(B.size());
    if (kA < 1 || kB < 1 || kA + kB > kMaxRuleItems)
        throw InputError("a rule A => B needs non-empty A and B with at most " + std::to_string(kMaxRuleItems) +
                         " items together");
    std::vector<std::uint32_t> ordered(A.begin(), A.end());
    ordered.insert(ordered.end(), B.begin(), B.end());
    std::vector<std::uint32_t> sorted = ordered;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
        throw InputError("the two sides of a rule must be disjoint itemsets of distinct items");
    for (std::uint32_t a : sorted)
        if (a >= est.counter().itemCount())
            throw InputError("item " + std::to_string(a) + " is outside the universe");
    est.counter().index(sorted);
    const std::vector<std::uint64_t> counts = ruleSubsetCounts(est.counter(), ordered);
    if (isItemInvariant(est.op()) && est.op().kind != OperatorKind::ItemBits) {
        if (!itemInvariantBySize(est, kA, kB, counts, e))
            return e;
    } else {
        perItem(est, ordered, kA, kB, counts, e);
    }
    if (!(e.antecedentSupport > 0)) {
        std::ostringstream os;
        os << "the recovered support of A is " << e.antecedentSupport << ": no confidence (004 Sec. 4.6 divides by it)";
        e.defined = false;
        e.reason = os.str();
        return e;
    }
    e.confidence = e.unionSupport / e.antecedentSupport;
    return e;
}

double confidenceCoverage(double mx, double my, double vx, double vy, double cxy, double delta)
{
    if (!(vx >= 0 && vy >= 0) || !(delta >= 0) || !(my != 0))
        throw InputError("the confidence coverage needs non-negative variances, delta >= 0 and E Y != 0");
    const double ratio = mx / my, alpha = ratio - delta, beta = ratio + delta;
    const boost::math::normal_distribution<double> z;
    const double sy = std::sqrt(vy);
    if (sy == 0) // Y is known: only X varies
        return boost::math::cdf(z, (beta * my - mx) / std::max(std::sqrt(vx), 1e-300)) -
               boost::math::cdf(z, (alpha * my - mx) / std::max(std::sqrt(vx), 1e-300));
    const double slope = cxy / vy, condVar = std::max(0.0, vx - cxy * cxy / vy), sx = std::sqrt(condVar);
    // density of Y times P(X between alpha y and beta y | Y = y) (004 Sec. 4.6)
    const auto integrand = [&](double y) {
        const double mean = mx + slope * (y - my);
        const double lo = std::min(alpha * y, beta * y), hi = std::max(alpha * y, beta * y);
        double inside;
        if (sx == 0)
            inside = (mean >= lo && mean <= hi) ? 1.0 : 0.0;
        else
            inside = boost::math::cdf(z, (hi - mean) / sx) - boost::math::cdf(z, (lo - mean) / sx);
        return boost::math::pdf(z, (y - my) / sy) / sy * inside;
    };
    const double a = my - 12 * sy, b = my + 12 * sy;
    using Quadrature = boost::math::quadrature::gauss_kronrod<double, 61>;
    if (a < 0 && b > 0) // the integrand bends at y = 0
        return Quadrature::integrate(integrand, a, 0.0, 15, 1e-10) +
               Quadrature::integrate(integrand, 0.0, b, 15, 1e-10);
    return Quadrature::integrate(integrand, a, b, 15, 1e-10);
}

ConfidenceRadius confidenceRadius(const BasketConfidenceEstimate& e, double probability)
{
    ConfidenceRadius r;
    if (!e.defined) {
        r.defined = false;
        r.reason = e.reason;
        return r;
    }
    if (!(probability > 0 && probability < 1))
        throw InputError("the interval probability must lie in (0, 1)");
    if (e.varianceUnion < 0 || e.varianceAntecedent < 0) {
        r.defined = false;
        r.reason = "a variance estimate came out negative: no interval";
        return r;
    }
    const auto f = [&](double d) {
        return confidenceCoverage(e.unionSupport, e.antecedentSupport, e.varianceUnion, e.varianceAntecedent,
                                  e.covariance, d);
    };
    double hi = 1e-3;
    while (f(hi) < probability) {
        hi *= 2;
        if (hi > 1e4) {
            r.defined = false;
            r.reason = "the estimate X / Y is too uncertain: no radius reaches the probability";
            return r;
        }
    }
    double lo = 0;
    for (int it = 0; it < 60 && hi - lo > 1e-9 * hi; ++it) {
        const double mid = 0.5 * (lo + hi);
        (f(mid) < probability ? lo : hi) = mid;
    }
    r.delta = hi;
    return r;
}

} // namespace rr
