#pragma once
#include "core/baskets/BasketOperator.h"
#include "core/baskets/ItemsetCounter.h"
#include "core/baskets/Progress.h"
#include "core/baskets/RandomizeBaskets.h"
#include "core/baskets/SupportRecovery.h"
#include "core/estimation/Intervals.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace rr {

// A recovered itemset support with its estimated variance and partial supports.
struct BasketSupportEstimate {
    std::vector<std::uint32_t> items; // item ids of the universe (Transactions::label gives the file's ids)
    double estimate = 0;              // s~, unbiased (it may fall outside [0, 1])
    double variance = 0;              // (Var s~)_est from the randomized data only (004 Statement 3)
    bool defined = true;              // false: no estimate exists; `reason` says why
    bool varianceDefined = true;      // false: the variance estimate came out negative (`reason`)
    std::string reason;
    std::vector<double> randomizedPartialSupports; // s'_l, l = 0..k, over all baskets (004 Def. 9)
    std::vector<double> partialSupports;           // estimated original s_l, l = 0..k
    std::vector<double> cumulativeSupports;        // estimated Sigma_l (sums of l-subset supports, Statement 4)
};

// Estimate and variance only (the Apriori hot path).
struct SupportValue {
    double estimate = 0;
    double variance = 0;
    bool defined = true;
    bool varianceDefined = true;
};

// Recovers itemset supports from a release (004 Sec. 4.3 for item-invariant operators, per original
// basket size and combined with the size weights N_m / N, Remark 4.4; the 2^k table and the inverse
// per-item matrices through Kronecker products for per-item bits and frequency-aware distortion,
// 003 eq. 3.3 and Lemma 3). Keeps references to `release`.
class SupportEstimator {
public:
    SupportEstimator(const BasketRelease& release, const BasketOperator& op, double maxIndexBytes = 2.0 * (1u << 30));

    // `itemset`: ascending distinct item ids, 1..16 items.
    BasketSupportEstimate estimate(std::span<const std::uint32_t> itemset);
    SupportValue value(std::span<const std::uint32_t> itemset);
    // Many itemsets at once (their items are indexed together first).
    std::vector<BasketSupportEstimate> estimateAll(const std::vector<std::vector<std::uint32_t>>& itemsets,
                                                   const BasketProgress& progress = {});

    ItemsetCounter& counter() { return m_counter; }
    const BasketOperator& op() const { return m_op; }
    std::size_t baskets() const { return m_counter.baskets(); }
    // p[l -> l'] recovery of k-itemsets in baskets of size m (cached).
    const PartialRecovery& recovery(int m, int k);

private:
    SupportValue itemInvariantValue(int k, BasketSupportEstimate* full);
    SupportValue perItemValue(std::span<const std::uint32_t> itemset, BasketSupportEstimate* full);

    const BasketRelease& m_release;
    BasketOperator m_op;
    BasketClasses m_classes;
    ItemsetCounter m_counter;
    std::map<std::pair<int, int>, PartialRecovery> m_recoveries;
    std::vector<std::vector<const PartialRecovery*>> m_byK; // [k][m], filled on first use
    std::vector<std::uint64_t> m_subsets;
    std::vector<std::uint8_t> m_maskSize; // items in each subset mask
};

// The (1 - alpha) range of an estimate: normal (004 Sec. 4.5 sigmas, 003 Result 1) or Chebyshev.
// InputError when the estimate or its variance is undefined.
Interval supportRange(const BasketSupportEstimate& estimate, double alpha = 0.05,
                      IntervalKind kind = IntervalKind::Normal);

} // namespace rr
