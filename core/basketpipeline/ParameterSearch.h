#pragma once
// The weakest parameters that keep the worst-case breach under a level (004 Sec. 4.4), per basket size for
// select-a-size and uniform randomization (cut-and-paste: chooseCutAndPaste), and what the search rests on
// for frequency-aware distortion: the all-baskets s_max row of each item class (002 Alg. 2).
#include "core/baskets/BreachParameters.h"
#include "core/baskets/MaxSupports.h"
#include "core/baskets/Progress.h"
#include "core/baskets/Transactions.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace rr {

// One basket size's searched parameter; `notSearched` says why a size with baskets got none.
struct SizeParameter {
    int m = 0;
    std::size_t baskets = 0;
    ParameterChoice choice;
    std::string notSearched;
};

// p_m[0..m] of select-a-size for size m, or null when none is given.
using SizeProbabilitiesOf = std::function<const std::vector<double>*(std::size_t m)>;

// Per size with baskets: the smallest rho_m meeting the level for its p_m[j] (004 Def. 7, Sec. 4.4).
std::vector<SizeParameter> smallestRhoPerSize(const MaxSupports& maxSupports, const std::vector<std::size_t>& histogram,
                                              const BreachTarget& target, const SizeProbabilitiesOf& sizeProbabilities,
                                              const BasketProgress& progress = {});
// Per size with baskets: the smallest replacement probability meeting the level (004 Sec. 2, 4.4).
std::vector<SizeParameter> smallestReplacementPerSize(const MaxSupports& maxSupports,
                                                      const std::vector<std::size_t>& histogram,
                                                      const BreachTarget& target, std::uint32_t itemCount);

// Frequency-aware distortion's classes (002 Alg. 2) with the all-baskets s_max(1..K) row among each one's
// items that are not public.
struct FrequencyClasses {
    std::vector<std::uint8_t> frequent;
    std::vector<double> frequentRow, otherRow;
};
FrequencyClasses frequencyClasses(const Transactions& baskets, const BasketSummary& summary,
                                  const std::vector<std::uint8_t>& publicItems, double frequentSupport,
                                  int maxItemsetSize, const BasketProgress& progress = {});

// Items whose share among the baskets of size m (m = -1: all) reaches the level, public ones left out: no
// operator protects them (004 Def. 4: the posterior never falls below the prior).
struct Blocking {
    std::vector<std::pair<std::uint32_t, std::size_t>> items; // (item, baskets), most frequent first
    std::size_t baskets = 0;
};
std::map<int, Blocking> blockingBySize(const Transactions& baskets, const std::vector<std::uint8_t>& publicItems,
                                       const std::vector<int>& sizes, double level);

} // namespace rr
