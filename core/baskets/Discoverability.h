#pragma once
#include "core/baskets/BasketOperator.h"

#include <Eigen/Core>

#include <string>
#include <vector>

namespace rr {

struct DiscoverabilityValue {
    double support = 0;
    bool defined = true;
    std::string reason; // e.g. "not discoverable at any support"
};

// 004 Sec. 5.1: the lowest discoverable support, where the predicted support is `sigmas` (4) standard
// deviations from zero, for a k-itemset whose items occur independently with one frequency
// (s_l = C(k, l) f^l (1-f)^(k-l), s = f^k), among N baskets randomized by P ((k+1) x (k+1)).
// The standard deviation is Statement 3's, from the true partial supports.
DiscoverabilityValue lowestDiscoverableSupport(const Eigen::MatrixXd& P, double N, double sigmas = 4);

// The same over a whole data set: baskets of every size (sizeHistogram[m]), the itemset having one support
// in every size m >= k (none can hold it below), recovered per size and combined (004 Remark 4.4).
// The support returned is over all baskets. Item-invariant operators only.
DiscoverabilityValue lowestDiscoverableSupport(const BasketOperator& op, const std::vector<std::size_t>& sizeHistogram,
                                               int k, std::uint32_t itemCount, double sigmas = 4);

} // namespace rr
