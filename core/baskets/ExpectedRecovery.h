#pragma once
#include "core/baskets/BasketOperator.h"
#include "core/baskets/Transactions.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rr {

// The truth side of a recovery, for ranges "against the truth": an itemset's true support and the variance
// of its recovered support under `op` (004 Statement 3, second formula, from the original partial supports
// per basket size; (1/N)[((Q o Q) P pi)_1..1 - pi_1..1] for per-item operators).
struct ExpectedRecovery {
    std::vector<std::uint32_t> items;
    double support = 0;
    double variance = 0;
    bool defined = true;
    std::string reason;
};
std::vector<ExpectedRecovery> expectedRecovery(const Transactions& original, const BasketOperator& op,
                                               const std::vector<std::vector<std::uint32_t>>& itemsets);

// Exact supports (fraction of baskets) of itemsets in original data.
std::vector<double> trueSupports(const Transactions& original, const std::vector<std::vector<std::uint32_t>>& itemsets);

} // namespace rr
