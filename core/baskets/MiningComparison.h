#pragma once
#include "core/baskets/Apriori.h"
#include "core/baskets/SupportEstimator.h"

#include <string>
#include <vector>

namespace rr {

// A ratio that may be undefined (no itemsets to divide by).
struct MiningRatio {
    double value = 0;
    bool defined = true;
    std::string reason;
};

// One itemset size in 004 Tables 1-3's layout. Bins of a support: [0, e_0), [e_0, e_1), ..., [e_last, inf)
// with the edges of MiningComparison::binEdges (004: 0.1, 0.15, 0.2% at s_min = 0.2%).
struct SizeComparison {
    int k = 0;
    std::size_t trueItemsets = 0, truePositives = 0, falseDrops = 0, falsePositives = 0;
    std::vector<std::size_t> trueByPredicted; // Table 2: true itemsets by their predicted support
    std::size_t trueUnpredictable = 0;        // true itemsets whose support has no estimate
    std::vector<std::size_t> foundByTrue;     // Table 3: output itemsets by their true support
};

struct MiningComparison {
    std::size_t trueItemsets = 0, found = 0, truePositives = 0, falsePositives = 0, falseDrops = 0;
    MiningRatio precision, recall;
    MiningRatio accuracy; // 002 Algorithm 7: 100 |F n F'| / |F| (its count starts at 1, one too many; here 0)
    std::vector<double> binEdges;
    std::vector<SizeComparison> bySize;
};

// Compares itemsets mined from a release with those of the original at the same minimum support and up
// to the same itemset size (the mining's BasketMiningOptions::maxItemsetSize; larger itemsets are ignored). Predicted supports of dropped true itemsets come from
// `estimator` (the release's), true supports of output itemsets from `original`. binEdges default to
// (0.5, 0.75, 1) x minSupport.
MiningComparison compareMining(const BasketMiningResult& truth, const BasketMiningResult& found, double minSupport,
                               int maxItemsetSize, SupportEstimator& estimator, const Transactions& original,
                               std::vector<double> binEdges = {});

} // namespace rr
