#include "core/baskets/BasketSamplers.h"

#include <algorithm>
#include <cmath>

namespace rr {

namespace {

// Below this probability the coins are skipped geometrically (one log per added item),
// above it each candidate draws one 64-bit word.
constexpr double kGeometricBelow = 0.2;

bool coin(RandomSource& rng, double p)
{
    return rng.uniform01() < p;
}

// j distinct items of `basket`, uniformly (partial Fisher-Yates), ascending in `chosen`.
void chooseUniformly(std::span<const std::uint32_t> basket, std::size_t j, RandomSource& rng,
                     std::vector<std::uint32_t>& chosen)
{
    chosen.assign(basket.begin(), basket.end());
    for (std::size_t i = 0; i < j; ++i)
        std::swap(chosen[i], chosen[i + rng.below(chosen.size() - i)]);
    chosen.resize(j);
    std::sort(chosen.begin(), chosen.end());
}

void mergeInto(const std::vector<std::uint32_t>& a, std::vector<std::uint32_t>& out)
{
    const auto middle = out.size();
    out.insert(out.end(), a.begin(), a.end());
    std::inplace_merge(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(middle), out.end());
}

} // namespace

void addEachWithProbability(std::uint32_t count, std::span<const std::uint32_t> candidates, double rho,
                            std::span<const std::uint32_t> excluded, RandomSource& rng, std::vector<std::uint32_t>& out)
{
    const std::uint64_t n = candidates.empty() ? count : candidates.size();
    if (n == 0 || rho <= 0.0)
        return;
    auto ex = excluded.begin();
    const auto take = [&](std::uint64_t pos) {
        const std::uint32_t item = candidates.empty() ? static_cast<std::uint32_t>(pos) : candidates[pos];
        while (ex != excluded.end() && *ex < item)
            ++ex;
        if (ex == excluded.end() || *ex != item)
            out.push_back(item);
    };
    if (rho >= 1.0) {
        for (std::uint64_t pos = 0; pos < n; ++pos)
            take(pos);
        return;
    }
    if (rho < kGeometricBelow) {
        // gaps between successes are geometric: floor(log(U) / log(1 - rho)), U in (0, 1]
        const double scale = 1.0 / std::log1p(-rho);
        std::uint64_t pos = 0;
        for (;;) {
            const double gap = std::floor(std::log(1.0 - rng.uniform01()) * scale);
            if (gap >= static_cast<double>(n - pos))
                return;
            pos += static_cast<std::uint64_t>(gap);
            take(pos);
            if (++pos >= n)
                return;
        }
    }
    // one 64-bit word per coin: heads when the word is below rho * 2^64
    const auto threshold = static_cast<std::uint64_t>(std::ldexp(rho, 64));
    for (std::uint64_t pos = 0; pos < n; ++pos)
        if (rng() < threshold)
            take(pos);
}

void selectASizeBasket(std::span<const std::uint32_t> basket, std::span<const double> cumulative, double rho,
                       std::uint32_t itemCount, RandomSource& rng, std::vector<std::uint32_t>& out)
{
    const double u = rng.uniform01();
    const auto j =
        static_cast<std::size_t>(std::upper_bound(cumulative.begin(), cumulative.end() - 1, u) - cumulative.begin());
    std::vector<std::uint32_t> chosen;
    chooseUniformly(basket, std::min(j, basket.size()), rng, chosen);
    out.clear();
    addEachWithProbability(itemCount, {}, rho, basket, rng, out); // items not in the basket
    mergeInto(chosen, out);
}

void cutAndPasteBasket(std::span<const std::uint32_t> basket, int cutoff, double rho, std::uint32_t itemCount,
                       RandomSource& rng, std::vector<std::uint32_t>& out)
{
    const std::size_t j = std::min<std::size_t>(rng.below(static_cast<std::uint64_t>(cutoff) + 1), basket.size());
    std::vector<std::uint32_t> chosen;
    chooseUniformly(basket, j, rng, chosen);
    out.clear();
    addEachWithProbability(itemCount, {}, rho, chosen, rng, out); // everything else, rest of the basket too
    mergeInto(chosen, out);
}

void uniformBasket(std::span<const std::uint32_t> basket, double replace, std::uint32_t itemCount, RandomSource& rng,
                   std::vector<std::uint32_t>& out)
{
    out.clear();
    std::size_t replaced = 0;
    for (std::uint32_t a : basket) {
        if (coin(rng, replace))
            ++replaced;
        else
            out.push_back(a);
    }
    if (replaced == 0)
        return;
    std::vector<std::uint32_t> added;
    const std::size_t outside = itemCount - basket.size();
    if (outside < 4 * replaced) { // small universe: draw from the explicit complement
        for (std::uint32_t a = 0; a < itemCount; ++a)
            if (!std::binary_search(basket.begin(), basket.end(), a))
                added.push_back(a);
        for (std::size_t i = 0; i < replaced; ++i)
            std::swap(added[i], added[i + rng.below(added.size() - i)]);
        added.resize(replaced);
    } else {
        while (added.size() < replaced) {
            const auto a = static_cast<std::uint32_t>(rng.below(itemCount));
            if (!std::binary_search(basket.begin(), basket.end(), a) &&
                std::find(added.begin(), added.end(), a) == added.end())
                added.push_back(a);
        }
    }
    std::sort(added.begin(), added.end());
    mergeInto(added, out);
}

void itemBitsBasket(std::span<const std::uint32_t> basket, double keep, std::uint32_t itemCount, RandomSource& rng,
                    std::vector<std::uint32_t>& out)
{
    out.clear();
    addEachWithProbability(itemCount, {}, 1.0 - keep, basket, rng, out); // absent bits flipped to 1
    std::vector<std::uint32_t> kept;
    for (std::uint32_t a : basket)
        if (coin(rng, keep))
            kept.push_back(a);
    mergeInto(kept, out);
}

void frequencyAwareBasket(std::span<const std::uint32_t> basket, double frequentKeep, double infrequentKeep,
                          std::span<const std::uint8_t> isFrequent, std::span<const std::uint32_t> frequentList,
                          std::span<const std::uint32_t> infrequentList, RandomSource& rng,
                          std::vector<std::uint32_t>& out)
{
    out.clear();
    std::vector<std::uint32_t> kept;
    for (std::uint32_t a : basket)
        if (coin(rng, isFrequent[a] ? frequentKeep : infrequentKeep))
            kept.push_back(a);
    if (!frequentList.empty())
        addEachWithProbability(0, frequentList, 1.0 - frequentKeep, basket, rng, out);
    const auto middle = out.size();
    if (!infrequentList.empty())
        addEachWithProbability(0, infrequentList, 1.0 - infrequentKeep, basket, rng, out);
    std::inplace_merge(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(middle), out.end());
    mergeInto(kept, out);
}

} // namespace rr
