#pragma once
#include <Eigen/Core>

#include <string>

namespace rr {

// An unbiased linear recovery s_est = Q s' of original partial supports s from randomized ones s'
// (004 eq. 10), for a transition P with entries (l', l) = p[l -> l'] (004 Def. 10). Q is P's inverse
// (004 Sec. 4.3) or, when P has fewer columns than rows (states impossible in small baskets), its
// least-squares left inverse, still with Q P = I, so that E(Q s') = s.
struct PartialRecovery {
    Eigen::MatrixXd P;
    Eigen::MatrixXd Q;
    bool defined = true;
    std::string reason; // why no recovery exists (singular or nearly singular P)
};

// Refuses (defined = false) a P whose smallest singular value is below 1e-12 of its largest.
PartialRecovery partialRecovery(const Eigen::MatrixXd& P);

// Plug-in covariance of u^T s_est and v^T s_est for N baskets (004 eq. 6, 11 and 17):
// (1/N) sum_l s_l [ sum_l' P(l', l) (Q^T u)_l' (Q^T v)_l' - u_l v_l ], with s the original (or the
// estimated) partial supports; unbiased with s_est since it is linear in s.
double linearCovariance(const PartialRecovery& r, const Eigen::VectorXd& s, double N, const Eigen::VectorXd& u,
                        const Eigen::VectorXd& v);

// The support s~ = s_est[k] and its variance estimated from randomized data only (004 Statement 3,
// third formula: (1/N) sum_l' s'_l' (q[k <- l']^2 - q[k <- l'])); requires a square P.
struct RecoveredSupport {
    double estimate = 0;
    double variance = 0;     // may come out negative (then it is no variance; the caller reports it)
    Eigen::VectorXd partial; // s_est
};
RecoveredSupport recoverSupport(const PartialRecovery& r, const Eigen::VectorXd& randomizedPartial, double N);

// Var s~ from the original partial supports (004 Statement 3, second formula); square P.
double supportVariance(const PartialRecovery& r, const Eigen::VectorXd& originalPartial, double N);

} // namespace rr
