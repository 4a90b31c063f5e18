#pragma once
// What recovery from a release shares between the front ends: the release's operator (its parameters with
// the original sizes it records, 004 Sec. 4.4), itemset supports with their ranges (004 Sec. 4.5, 003
// Result 1), and mining compared with the original (004 Tables 1-3).
#include "core/basketpipeline/OperatorParameters.h"
#include "core/baskets/Apriori.h"
#include "core/baskets/MiningComparison.h"
#include "core/baskets/Progress.h"
#include "core/baskets/RandomizeBaskets.h"
#include "core/baskets/SupportEstimator.h"
#include "core/estimation/Intervals.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rr {

// Baskets per original size as the release's FILE.sizes gives them (empty: none recorded).
std::vector<std::size_t> originalSizeHistogram(const BasketRelease& release);
// The operator the release was made with; `frequentItems` from FILE.frequent (frequency-aware).
BasketOperator releaseOperator(const OperatorParameters& parameters, const BasketRelease& release,
                               std::vector<std::uint8_t> frequentItems = {});

struct RecoveredItemset {
    std::vector<std::uint32_t> items;
    double trueSupport = 0; // when the original is known
    BasketSupportEstimate estimate;
    bool rangeDefined = false;
    Interval range;     // normal at 1 - alpha (004 Sec. 4.5)
    Interval chebyshev; // 003 Result 1
    std::string reason;
};
// Each itemset's recovered support and its ranges at 1 - alpha; `trueSupports` empty when not known.
std::vector<RecoveredItemset> recoverItemsets(SupportEstimator& estimator,
                                              const std::vector<std::vector<std::uint32_t>>& itemsets,
                                              const std::vector<double>& trueSupports, double alpha);

// The original mined exactly and the release by 004's modified Apriori, compared (004 Tables 1-3, 002).
struct MiningRun {
    BasketMiningResult truth, found;
    MiningComparison comparison;
};
MiningRun mineAgainstOriginal(const Transactions& original, const BasketRelease& release, const BasketOperator& op,
                              SupportEstimator& estimator, const BasketMiningOptions& options,
                              const BasketProgress& progress = {});

} // namespace rr
