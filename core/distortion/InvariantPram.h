#pragma once
#include <Eigen/Core>

namespace rr {

// The invariant PRAM matrix (Gouweleeuw, Kooiman, Willenborg, de Wolf 1998; as sdcMicro's pram
// builds it): it leaves the expected marginal of the attribute unchanged, P t = t.
// Construction, in sdcMicro's row-stochastic terms (row = original k, column = released j):
//   base A: A_kk = theta_k, A_kj = (1 - theta_k) / (d - 1) for j != k;
//   reverse Q_kj = A_jk t_j / sum_i t_i A_ik  (the chance the original was j when k was released);
//   R = A Q satisfies t' R = t';  R_alpha = alpha R + (1 - alpha) I.
// Returned in this library's column-stochastic convention, entry (u, v) = P(u | v), i.e. R_alpha'.
// `marginal`: category counts or proportions (>= 0, not all zero); `diagonal`: theta_k in [0, 1];
// `alpha` in [0, 1]. A released value that no record can reach (t_i A_ik = 0 for all i) gets
// Q_kk = 1. Throws InputError on bad arguments or more than kMaxMatrixCategories categories.
Eigen::MatrixXd invariantPramMatrix(const Eigen::VectorXd& marginal, const Eigen::VectorXd& diagonal, double alpha);

// Checks d (2..kMaxMatrixCategories) and pd (in [0, 1]) for drawPramDiagonal; throws InputError.
void checkPramDiagonalArguments(int d, double pd);

// theta_k drawn uniformly in [pd, 1] for k = 1..d, as sdcMicro draws them (pd = its minimum
// diagonal). `rng` is an rr::RandomSource (anything with uniform01()); a template so that the
// distortion library does not depend on the randomization library.
template <typename Rng>
Eigen::VectorXd drawPramDiagonal(int d, double pd, Rng& rng)
{
    checkPramDiagonalArguments(d, pd);
    Eigen::VectorXd theta(d);
    for (int k = 0; k < d; ++k)
        theta[k] = pd + (1.0 - pd) * rng.uniform01();
    return theta;
}

} // namespace rr
