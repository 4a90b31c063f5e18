#pragma once
// E[1 / (1 + M)] for M a sum of independent Bernoulli variables given in groups (issue 22): the factor
// of the re-identification risk R_id(r) = a_r * E[1 / (1 + M)] that counts the released records an
// attacker must choose among.
#include <vector>

namespace rr {

// M = sum over groups j of Binomial(n_j, a_j): n_j records, each matching with probability a_j. The groups
// are the cells of a QI table (or the agreement patterns of Warner matrices), never single records.
// Groups with a tiny a (<= kSmallMatch) are kept only as the power sums sum_j n_j a_j^k, k = 1..kSmallPowers:
// log1p(-a s) = -sum_k (a s)^k / k, and the rest of the series is below n a^7 / 7 (1e-21 n), so any number of
// far-away cells costs nothing per quadrature point.
class MatchCountTerms {
public:
    static constexpr double kSmallMatch = 1e-3;
    static constexpr int kSmallPowers = 6;

    // n records matching with probability a each; a in [0, 1], n >= 0 (a count: possibly weighted).
    void add(double a, double n);
    // E[M] = sum_j n_j a_j.
    double expectedMatches() const { return m_mean; }
    // log prod_j (1 - a_j s)^(n_j) = sum_j n_j log1p(-a_j s), s in [0, 1].
    double logGenerating(double s) const;
    void clear();

private:
    std::vector<double> m_a, m_n;             // groups with a > kSmallMatch
    double m_power[kSmallPowers + 1] = {};    // sum n a^k of the small groups, k = 1..kSmallPowers
    double m_mean = 0;
};

// E[1 / (1 + M)] = integral_0^1 prod_j (1 - a_j + a_j t)^(n_j) dt (issue 22; E[x^M] is M's probability
// generating function, and integral_0^1 t^M dt = 1 / (1 + M)). With s = 1 - t the integrand
// exp(sum_j n_j log1p(-a_j s)) is 1 at s = 0, decreasing, and falls off on the scale 1 / E[M]; [0, 1] is split
// at 1/E[M] * (1, 2, 4, ...) and each piece integrated by adaptive Gauss-Legendre (20 points, bisected until a
// piece and its halves agree), to 1e-13 of the lower bound 1 / (1 + E[M]) (Jensen) in all: well inside the
// issue's 1e-10 relative. Pieces past where the integrand has fallen below that are skipped.
double expectedInverseOnePlus(const MatchCountTerms& terms);

} // namespace rr
