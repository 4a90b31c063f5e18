#pragma once
#include "core/baskets/BasketOperator.h"

#include <Eigen/Core>

#include <cstdint>
#include <utility>
#include <vector>

namespace rr {

// Cut-and-paste as select-a-size: p_m[j] = P(j items of the basket survive), j = 0..m (004, formula after
// Remark 4.2). m >= 0, K >= 1, rho in [0, 1].
Eigen::VectorXd cutAndPasteSizeProbabilities(int m, int cutoff, double rho);

// p[l -> l'] = P(|t' n A| = l' given |t n A| = l) for a basket of size m and a k-itemset A (004 Def. 10).
// Matrix entry (l', l); rows l' = 0..k, columns l = 0..min(k, m) (a basket of size m holds at most m
// items of A, so larger l are impossible and have no column). Each column sums to 1.
Eigen::MatrixXd selectASizeTransition(int m, int k, double rho,
                                      const Eigen::VectorXd& sizeProbabilities); // 004 Statement 2
// Uniform randomization (004 Sec. 2): each item kept with 1 - replace, else replaced by one of the n - m
// items not in the basket, drawn without replacement (the size stays m).
Eigen::MatrixXd uniformTransition(int m, int k, double replace, std::uint32_t itemCount);
// Per-item bits (003 eq. 3.1 with p_0 = p_1 = keep): l' = Bin(l, keep) + Bin(k - l, 1 - keep); any m.
Eigen::MatrixXd itemBitTransition(int k, double keep);

// The operator's p[l -> l'] for baskets of size m (InputError for frequency-aware distortion, which is
// not item-invariant, and for parameters missing at size m).
Eigen::MatrixXd transitionMatrix(const BasketOperator& op, int m, int k, std::uint32_t itemCount);

// Row k of p[l -> l']: p[l -> k], l = 0..min(k, m), the chance that all of A ends up in t' (what a
// breach of Def. 4 needs), in closed form (O(k m) instead of the whole matrix).
Eigen::VectorXd toWholeItemset(const BasketOperator& op, int m, int k, std::uint32_t itemCount);

// Two-set version for disjoint A, B (004 Sec. 4.6): states (l_A, l_B), index l_A * (kB + 1) + l_B.
// Rows: every randomized state; columns: the original states possible in a basket of size m
// (l_A + l_B <= m), listed in `states`.
struct TwoSetTransition {
    Eigen::MatrixXd matrix;
    std::vector<std::pair<int, int>> states; // (l_A, l_B) of each column
};
TwoSetTransition twoSetTransition(const BasketOperator& op, int m, int kA, int kB, std::uint32_t itemCount);

} // namespace rr
