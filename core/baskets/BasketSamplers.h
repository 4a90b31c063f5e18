#pragma once
#include "core/randomization/RandomSource.h"

#include <cstdint>
#include <span>
#include <vector>

namespace rr {

// One basket through one operator. `basket` is ascending without duplicates, items < itemCount;
// `out` receives the randomized basket, ascending (never in the order items were kept or added,
// which would tell them apart). Exact samplers of the definitions.

// 004 Def. 7: keep j ~ sizeProbabilities (cumulative, last entry 1) uniformly chosen items; add each
// item not in the basket with rho.
void selectASizeBasket(std::span<const std::uint32_t> basket, std::span<const double> cumulativeSizeProbabilities,
                       double rho, std::uint32_t itemCount, RandomSource& rng, std::vector<std::uint32_t>& out);
// 004 Def. 8: j uniform in 0..K (capped at m) items kept; every other item, the rest of the basket
// included, added with rho.
void cutAndPasteBasket(std::span<const std::uint32_t> basket, int cutoff, double rho, std::uint32_t itemCount,
                       RandomSource& rng, std::vector<std::uint32_t>& out);
// 004 Sec. 2: each item replaced with `replace` by an item not in the basket (nor already added).
void uniformBasket(std::span<const std::uint32_t> basket, double replace, std::uint32_t itemCount, RandomSource& rng,
                   std::vector<std::uint32_t>& out);
// 002 Alg. 1 / 003 eq. 3.1: every bit kept with `keep`, flipped otherwise.
void itemBitsBasket(std::span<const std::uint32_t> basket, double keep, std::uint32_t itemCount, RandomSource& rng,
                    std::vector<std::uint32_t>& out);
// 002 Alg. 2: the bits of frequent items kept with fp, the others' with nfp. `frequentList` and
// `infrequentList` partition the universe (ascending); `isFrequent` flags items.
void frequencyAwareBasket(std::span<const std::uint32_t> basket, double frequentKeep, double infrequentKeep,
                          std::span<const std::uint8_t> isFrequent, std::span<const std::uint32_t> frequentList,
                          std::span<const std::uint32_t> infrequentList, RandomSource& rng,
                          std::vector<std::uint32_t>& out);

// Appends every item of `candidates` (ascending; all of 0..count-1 when empty and count given) that an
// independent coin with probability rho picks, skipping the items in `excluded` (ascending).
void addEachWithProbability(std::uint32_t count, std::span<const std::uint32_t> candidates, double rho,
                            std::span<const std::uint32_t> excluded, RandomSource& rng,
                            std::vector<std::uint32_t>& out);

} // namespace rr
