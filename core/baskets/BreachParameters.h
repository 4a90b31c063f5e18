#pragma once
#include "core/baskets/BasketOperator.h"
#include "core/baskets/Discoverability.h"
#include "core/baskets/MaxSupports.h"
#include "core/baskets/Progress.h"
#include "core/baskets/Transactions.h"

#include <string>
#include <vector>

namespace rr {

// A breach level to stay under (Def. 4: P[a in t | A in t'] < level for the worst-case itemsets of
// eq. 15-16, k = 1..maxItemsetSize).
struct BreachTarget {
    double level = 0.5;
    int maxItemsetSize = 7;
};

// One parameter found by search: the weakest randomization meeting the level.
struct ParameterChoice {
    bool feasible = false;
    double value = 0;       // rho, keep p or replacement p
    double worstBreach = 0; // at `value`
    int worstK = 0;
    std::string reason; // why infeasible (and the lowest breach reachable)
};

// Cut-and-paste for baskets of size m and cutoff K: the smallest rho_m meeting the level (004 Sec. 4.4).
// sMaxRow = s_max(1.., m) up to min(maxItemsetSize, m). Infeasible when an item's prior already reaches the
// level (s_max(1, m) >= level: as rho -> 1 the posterior falls only to the prior).
ParameterChoice smallestRho(int m, int cutoff, const std::vector<double>& sMaxRow, const BreachTarget& target);
// Any select-a-size with fixed size probabilities p_m[0..m] (004 Def. 7): the smallest rho_m meeting the level.
ParameterChoice smallestRho(int m, const std::vector<double>& sizeProbabilities, const std::vector<double>& sMaxRow,
                            const BreachTarget& target);
// Uniform randomization (004 Sec. 2): the smallest replacement probability meeting the level.
ParameterChoice smallestReplacement(int m, const std::vector<double>& sMaxRow, const BreachTarget& target,
                                    std::uint32_t itemCount);
// Per-item bits over all baskets (and each class of frequency-aware distortion): the largest keep
// probability p in (1/2, 1) meeting the level.
ParameterChoice largestKeep(const std::vector<double>& sMaxAll, const BreachTarget& target);

struct CutoffChoice {
    int cutoff = 0;
    ParameterChoice rho;
    std::vector<DiscoverabilityValue> lowestDiscoverable; // per itemset size 1..discoverableSizes
};

// The per-size choice of 004 Sec. 4.4: for every cutoff the smallest rho_m, then the cutoff whose
// lowest discoverable supports (Sec. 5.1, among the N_m baskets of the size) are best: fewest sizes
// undiscoverable, then the smallest worst lowest discoverable support over itemset sizes 1..discoverableSizes.
struct SizeChoice {
    int m = 0;
    std::size_t baskets = 0;
    bool feasible = false;
    int cutoff = 0;
    double rho = 0;
    double worstBreach = 0;
    int worstK = 0;
    std::vector<DiscoverabilityValue> lowestDiscoverable;
    std::string reason;
    std::vector<CutoffChoice> cutoffs;
};

struct CutAndPasteSearch {
    int cutoffMin = 3, cutoffMax = 10; // 004 Sec. 4.4: from K_m = 3 to K_max
    int discoverableSizes = 3;
    double sigmas = 4;
};

// Every size with baskets (sizeHistogram[m] > 0) and maximum supports.
std::vector<SizeChoice> chooseCutAndPaste(const MaxSupports& maxSupports, const std::vector<std::size_t>& sizeHistogram,
                                          const BreachTarget& target, const CutAndPasteSearch& search = {},
                                          const BasketProgress& progress = {});

// Items no randomization can protect at `level`: those in at least `level` of all baskets, or of the
// baskets of one size that holds at least `minSizeShare` of all baskets (Def. 4's posterior never falls
// below the prior). A breach analysis may declare them public (MaxSupportOptions::excludedItems,
// EmpiricalBreachOptions::excludedItems) and say so; 1 = such an item.
std::vector<std::uint8_t> unprotectableItems(const Transactions& baskets, double level, double minSizeShare = 0.01);

// The chosen parameters as an operator; infeasible sizes get `fallback` (the caller decides: e.g. the
// strongest randomization tried, or withholding those baskets).
std::vector<CutAndPasteLevel> cutAndPasteTable(const std::vector<SizeChoice>& choices, std::uint32_t maxSize,
                                               CutAndPasteLevel fallback);

} // namespace rr
