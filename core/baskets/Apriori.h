#pragma once
#include "core/baskets/BasketOperator.h"
#include "core/baskets/Progress.h"
#include "core/baskets/RandomizeBaskets.h"
#include "core/baskets/Transactions.h"
#include "core/itemsets/Levelwise.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rr {

// A frequent itemset of baskets (004): its support exact or recovered, with a sigma (the rules' is
// EstimatedItemset).
struct BasketItemset {
    std::vector<std::uint32_t> items; // ascending item ids of the universe
    double support = 0;               // exact (original data) or recovered (a release)
    double sigma = 0;                 // predicted sigma of a recovered support; 0 for exact supports
    bool sigmaDefined = true;         // false when the variance estimate came out negative
};

// The loop's counts of a level (kept: at or above the candidate limit) and the baskets' own.
struct MiningLevel : LevelCount {
    std::size_t frequent = 0;          // at or above minSupport: output
    std::size_t undefinedSigma = 0;    // candidates whose variance estimate was negative (limit taken at s_min)
    std::size_t undefinedEstimate = 0; // candidates with no recovery (singular p[l -> l'])
};

struct BasketMiningResult {
    std::vector<BasketItemset> frequent; // by size, then lexicographic
    std::vector<MiningLevel> levels;
    std::string stopReason;
};

struct BasketMiningOptions {
    double minSupport = 0.005;             // s_min as a fraction of the baskets
    double candidateSigmas = 1;            // candidate limit s_min - c sigma (004 Sec. 4.5 found c = 1 better than 2)
    int maxItemsetSize = 6;                // "until k is too large for support recovery" (004 Sec. 4.5)
    std::size_t maxCandidates = 2'000'000; // per size; a level above it is refused (DomainError)
    double maxIndexBytes = 2.0 * (1u << 30);
};

// Apriori on the original baskets (004 Sec. 4.5, the simplified version): exact supports.
BasketMiningResult mineOriginal(const Transactions& baskets, const BasketMiningOptions& options,
                                const BasketProgress& progress = {});

// 004's modified Apriori on a release: supports and sigmas recovered per original basket size
// (Statement 3; Kronecker route for per-item operators); candidates below s_min - c sigma are dropped,
// those at or above s_min are output.
BasketMiningResult mineRelease(const BasketRelease& release, const BasketOperator& op,
                               const BasketMiningOptions& options, const BasketProgress& progress = {});

} // namespace rr
