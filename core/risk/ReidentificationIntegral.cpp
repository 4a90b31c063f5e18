#include "core/risk/ReidentificationIntegral.h"

#include <array>
#include <cmath>
#include <numbers>

namespace rr {

void MatchCountTerms::add(double a, double n)
{
    if (!(a > 0) || !(n > 0))
        return;
    m_mean += n * a;
    if (a > kSmallMatch) {
        m_a.push_back(a);
        m_n.push_back(n);
        return;
    }
    double power = 1;
    for (int k = 1; k <= kSmallPowers; ++k) {
        power *= a;
        m_power[k] += n * power;
    }
}

double MatchCountTerms::logGenerating(double s) const
{
    double sum = 0;
    for (std::size_t j = 0; j < m_a.size(); ++j)
        sum += m_n[j] * std::log1p(-m_a[j] * s);
    // -sum_k s^k / k * sum_j n_j a_j^k: the series of log1p for the small groups
    double sk = 1;
    for (int k = 1; k <= kSmallPowers; ++k) {
        sk *= s;
        sum -= sk * m_power[k] / k;
    }
    return sum;
}

void MatchCountTerms::clear()
{
    m_a.clear();
    m_n.clear();
    for (double& p : m_power)
        p = 0;
    m_mean = 0;
}

namespace {

constexpr int kNodes = 20;

// Gauss-Legendre nodes and weights on [-1, 1], by Newton's method on P_n (Golub-Welsch would do as well).
struct GaussLegendre {
    std::array<double, kNodes> x{}, w{};
    GaussLegendre()
    {
        for (int i = 0; i < kNodes; ++i) {
            double z = std::cos(std::numbers::pi * (i + 0.75) / (kNodes + 0.5));
            double dp = 0;
            for (int it = 0; it < 100; ++it) {
                double p0 = 1, p1 = z;
                for (int k = 2; k <= kNodes; ++k) {
                    const double p2 = ((2 * k - 1) * z * p1 - (k - 1) * p0) / k;
                    p0 = p1;
                    p1 = p2;
                }
                dp = kNodes * (z * p1 - p0) / (z * z - 1);
                const double step = p1 / dp;
                z -= step;
                if (std::abs(step) < 1e-16)
                    break;
            }
            x[static_cast<std::size_t>(i)] = z;
            w[static_cast<std::size_t>(i)] = 2 / ((1 - z * z) * dp * dp);
        }
    }
};

const GaussLegendre& gaussLegendre()
{
    static const GaussLegendre rule; // constant once built (thread-safe initialization)
    return rule;
}

double piece(const MatchCountTerms& terms, double lo, double hi)
{
    const GaussLegendre& g = gaussLegendre();
    const double half = (hi - lo) / 2, mid = (hi + lo) / 2;
    double sum = 0;
    for (int i = 0; i < kNodes; ++i)
        sum += g.w[static_cast<std::size_t>(i)] * std::exp(terms.logGenerating(mid + half * g.x[static_cast<std::size_t>(i)]));
    return sum * half;
}

double adaptive(const MatchCountTerms& terms, double lo, double hi, double whole, double tolerance, int depth)
{
    const double mid = (lo + hi) / 2;
    const double left = piece(terms, lo, mid), right = piece(terms, mid, hi);
    // Done when the halves agree with the whole to the tolerance, or to the rounding of the integrand itself
    // (its log is a sum of many terms: about 1e-14 relative), which no bisection can improve.
    const double diff = std::abs(left + right - whole);
    if (diff <= tolerance || diff <= 1e-14 * std::abs(left + right) || depth >= 30)
        return left + right;
    return adaptive(terms, lo, mid, left, tolerance / 2, depth + 1) +
           adaptive(terms, mid, hi, right, tolerance / 2, depth + 1);
}

} // namespace

double expectedInverseOnePlus(const MatchCountTerms& terms)
{
    const double mean = terms.expectedMatches();
    if (!(mean > 0))
        return 1.0; // M = 0 surely
    const double tolerance = 1e-13 / (1 + mean); // of the lower bound 1 / (1 + E[M])
    double lo = 0, hi = std::min(1.0, 1 / mean), total = 0;
    int pieces = 0;
    while (lo < 1) {
        // The integrand decreases in s: past lo it is at most its value at lo.
        if (pieces > 0 && std::exp(terms.logGenerating(lo)) * (1 - lo) < tolerance * 1e-3)
            break;
        total += adaptive(terms, lo, hi, piece(terms, lo, hi), tolerance / 64, 0);
        ++pieces;
        lo = hi;
        hi = std::min(1.0, 2 * hi);
    }
    return total;
}

} // namespace rr
