#pragma once
// Support of an itemset estimated from randomized binary items (003 Sec. 3.2.2): the itemset's 2^k table
// lambda-hat, pi-hat = (P_1^-1 x ... x P_k^-1) lambda-hat (eq. 3.3), the support pi-hat_1..1 with its
// variance (Result 1, eq. 5.16) and normal and Chebyshev ranges.
#include "core/distortion/DistortionMatrix.h"
#include "core/estimation/Intervals.h"
#include "core/rules/BinaryItems.h"

#include <Eigen/Core>

#include <cstdint>
#include <vector>

namespace rr {

// Randomized items and each item's 2 x 2 distortion matrix (Warner p, or p0 != p1 as in 003 eq. 3.1).
struct RandomizedItems {
    BinaryItems data;
    std::vector<DistortionMatrix> matrices; // one per item of `data`
};

// Throws InputError unless there is one invertible 2 x 2 matrix per item.
void checkRandomizedItems(const RandomizedItems& items);

struct SupportEstimate {
    double estimate = 0;        // pi-hat_1..1: unbiased, so it may fall below 0 or above 1 (003 Sec. 3.2.2)
    double variance = 0;        // 003 Result 1
    Interval normal, chebyshev; // (1 - alpha) ranges, clipped to [0, 1]; the decisions use `normal`
    double randomized = 0;      // lambda-hat_1..1: the support counted in the randomized data (no p)
};

// An itemset's randomized table and the linear estimates of its subsets' supports. For a subset X (a bit
// mask over the itemset's positions, bit j = items[j]) s-hat(X) = a_X^T pi-hat = w_X^T lambda-hat with
// w_X = P^-T a_X = (x)_j (j in X ? P_j^-T e_1 : 1) (P_j^-T 1 = 1 as P_j is column-stochastic), and
// cov(s-hat(X), s-hat(Y)) = (N-1)^-1 [sum_u w_X(u) w_Y(u) lambda-hat_u - s-hat(X) s-hat(Y)]: 003 eq. 5.16
// projected on the two indicators, without the 2^k x 2^k matrix.
class ItemsetTable {
public:
    ItemsetTable(const RandomizedItems& items, std::vector<int> itemset);

    const std::vector<int>& items() const { return m_items; }
    int size() const { return static_cast<int>(m_items.size()); }
    std::uint32_t all() const { return (std::uint32_t(1) << size()) - 1; }
    double records() const { return m_n; }
    const Eigen::VectorXd& randomized() const { return m_lambda; } // lambda-hat of the 2^k cells

    double support(std::uint32_t subset) const;           // s-hat(X)
    double randomizedSupport(std::uint32_t subset) const; // share of randomized records holding X
    double covariance(std::uint32_t a, std::uint32_t b) const;
    // Estimate, variance and ranges of s-hat(subset).
    SupportEstimate supportEstimate(std::uint32_t subset, const CriticalValues& levels) const;

private:
    const Eigen::VectorXd& weights(std::uint32_t subset) const; // w_X, cached for the last two subsets

    std::vector<int> m_items;
    double m_n = 0;
    Eigen::VectorXd m_lambda;
    std::vector<Eigen::Vector2d> m_rowOne; // P_j^-T e_1 = row "present" of P_j^-1
    mutable Eigen::VectorXd m_cache[2];
    mutable std::uint32_t m_cached[2] = {~0u, ~0u};
    mutable int m_next = 0;
};

SupportEstimate estimateSupport(const RandomizedItems& items, const std::vector<int>& itemset, double alpha);

} // namespace rr
