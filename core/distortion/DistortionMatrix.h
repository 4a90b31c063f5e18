#pragma once
#include "core/distortion/KroneckerFactor.h"

#include <Eigen/Core>

#include <string>

namespace rr {

// A column-stochastic d x d randomization matrix: entry (u, v) = Pr(randomized = u | original = v)
// (003 eq. 2.1, 5.2). Warner k-ary matrices keep p on the diagonal, q = (1-p)/(d-1) off it; they are
// stored as (p, q) alone, so any d works (21,648 categories, say) without a d x d matrix.
class DistortionMatrix {
public:
    // Warner k-ary matrix (003 eq. 5.2). Accepts p in [0, 1]; p = 1/d is allowed here
    // (Property 1's minimum) but has no inverse. Use checkRetention for user input.
    static DistortionMatrix warner(int d, double p);
    // Any column-stochastic matrix (columns sum to 1 within 1e-9, entries >= 0).
    static DistortionMatrix fromMatrix(const Eigen::MatrixXd& m);
    static DistortionMatrix identity(int d) { return warner(d, 1.0); }

    int size() const { return m_factor.size(); }
    // Entry (u, v), for any d.
    double entry(int u, int v) const { return m_factor.entry(u, v); }
    // The matrix written out: DomainError past kMaxDenseCategories, naming `attribute` when given.
    Eigen::MatrixXd matrix(const std::string& attribute = {}) const;
    const KroneckerFactor& factor() const { return m_factor; }
    bool isWarner() const { return m_warner; }
    bool isIdentity() const { return m_factor.isIdentity(); }
    // Retention probability p (Warner matrices only).
    double retention() const { return m_factor.diag; }
    // Off-diagonal probability q = (1-p)/(d-1) (Warner matrices only).
    double q() const { return m_factor.off; }

private:
    KroneckerFactor m_factor;
    bool m_warner = false;
};

// P^-1: closed form for Warner matrices (003 Lemma 5), LU otherwise.
// Throws DomainError when P is singular (Warner at p = 1/d).
KroneckerFactor inverse(const DistortionMatrix& p);

// ||P^-1||_F^2 = (d-1)^3 / (d p - 1)^2 + 1 for Warner matrices (003 Lemma 5); d at p = 1.
double inverseFrobeniusSquared(const DistortionMatrix& p);
double warnerInverseFrobeniusSquared(int d, double p);

// epsilon of local differential privacy: ln(p (d-1) / (1-p)); +infinity at p = 1.
double warnerEpsilon(int d, double p);

// Validates a user-supplied retention probability: d >= 2 and p in (1/d, 1].
// Throws InputError naming the attribute and the allowed range.
void checkRetention(const std::string& attribute, int d, double p);

} // namespace rr
