#pragma once
#include "core/baskets/BasketOperator.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rr {

// 002 eq. 13: the probability of reconstructing an item of support s from its randomized bit kept with p,
// R(p, s) = p P(X=1 | Y=1) + (1-p) P(X=1 | Y=0).
double reconstructionProbability(double keep, double support);
// 002 eq. 16: R(p) = sum_i s_i R(p, s_i) / sum_i s_i over all items.
double reconstructionProbability(double keep, const std::vector<double>& supports);
// 002 eq. 17 as 002's Table 2 reproduces it: (sum_F s_i R(fp, s_i) + sum_F' s_i R(nfp, s_i)) / sum_i s_i
// (the printed two fractions would add up to about 2; their sum over all items is what the table shows).
double reconstructionProbability(double frequentKeep, double infrequentKeep, const std::vector<double>& supports,
                                 const std::vector<std::uint8_t>& frequent);

// Local differential privacy of an operator: ln of the largest ratio P[t' | t1] / P[t' | t2].
struct BasketEpsilon {
    double value = 0;
    bool bounded = true; // false: no finite epsilon (`note` says why); value is then 0
    std::string note;
};

// One item's bit kept with p: ln(p / (1 - p)) (FIDELITY "Local differential privacy", d = 2).
BasketEpsilon itemBitEpsilon(double keep);
// The whole basket. Per-item bits and frequency-aware distortion: the sum over the n items (two baskets
// may differ in every item). Select-a-size, cut-and-paste and uniform randomization: among baskets of the
// given size m, ln(max_a h(a) / min_a h(a)) with h(a) = P[t' | t] as a function of a = |t' n t|
// (select-a-size: p_m[a] / C(m, a) ((1 - rho) / rho)^a; uniform: (1-p)^a p^(m-a) / C(n - m, m - a)),
// assuming n >= 2m; across sizes there is no bound, as the release tells the size.
BasketEpsilon basketEpsilon(const BasketOperator& op, int m, std::uint32_t itemCount);

} // namespace rr
