#include "core/basketpipeline/ParameterSearch.h"

#include "core/baskets/BasketOperator.h"
#include "core/baskets/Breach.h"

#include <algorithm>

namespace rr {
namespace {

// Progress of one stage of a computation as a slice [from, to) of the whole.
BasketProgress slice(const BasketProgress& progress, double from, double to)
{
    if (!progress)
        return {};
    return [progress, from, to](double f) { return progress(from + (to - from) * f); };
}

// Per size with baskets and maximum supports: `search(m, row)`; the others say why they were not searched.
template <typename Search>
std::vector<SizeParameter> perSize(const MaxSupports& s, const std::vector<std::size_t>& histogram, int K,
                                   const Search& search, const BasketProgress& progress)
{
    std::vector<SizeParameter> out;
    for (std::size_t m = 1; m < histogram.size(); ++m) {
        if (histogram[m] == 0)
            continue;
        SizeParameter p;
        p.m = static_cast<int>(m);
        p.baskets = histogram[m];
        if (!s.hasSize(p.m))
            p.notSearched = "no maximum supports for this size";
        else
            search(p, paddedRow(s, p.m, K));
        out.push_back(std::move(p));
        reportProgress(progress, static_cast<double>(m) / static_cast<double>(histogram.size()));
    }
    return out;
}

} // namespace

std::vector<SizeParameter> smallestRhoPerSize(const MaxSupports& maxSupports, const std::vector<std::size_t>& histogram,
                                              const BreachTarget& target, const SizeProbabilitiesOf& sizeProbabilities,
                                              const BasketProgress& progress)
{
    return perSize(
        maxSupports, histogram, target.maxItemsetSize,
        [&](SizeParameter& p, const std::vector<double>& row) {
            const std::vector<double>* pm = sizeProbabilities(static_cast<std::size_t>(p.m));
            if (!pm)
                p.notSearched = "no size probabilities p_m[j] for this size (--sizes or --sizes-table)";
            else
                p.choice = smallestRho(p.m, *pm, row, target); // 004 Sec. 4.4
        },
        progress);
}

std::vector<SizeParameter> smallestReplacementPerSize(const MaxSupports& maxSupports,
                                                      const std::vector<std::size_t>& histogram,
                                                      const BreachTarget& target, std::uint32_t itemCount)
{
    return perSize(
        maxSupports, histogram, target.maxItemsetSize,
        [&](SizeParameter& p, const std::vector<double>& row) {
            p.choice = smallestReplacement(p.m, row, target, itemCount);
        },
        {});
}

FrequencyClasses frequencyClasses(const Transactions& t, const BasketSummary& summary,
                                  const std::vector<std::uint8_t>& publicItems, double frequentSupport, int K,
                                  const BasketProgress& progress)
{
    FrequencyClasses c;
    c.frequent = frequentItemFlags(summary.itemCounts, summary.baskets, frequentSupport);
    MaxSupportOptions o;
    o.maxItemsetSize = K;
    o.excludedItems.assign(t.itemCount, 0);
    for (std::uint32_t a = 0; a < t.itemCount; ++a)
        o.excludedItems[a] = !c.frequent[a] || publicItems[a];
    c.frequentRow = computeMaxSupports(t, o, slice(progress, 0, 0.5)).all;
    for (std::uint32_t a = 0; a < t.itemCount; ++a)
        o.excludedItems[a] = c.frequent[a] || publicItems[a];
    c.otherRow = computeMaxSupports(t, o, slice(progress, 0.5, 1)).all;
    return c;
}

std::map<int, Blocking> blockingBySize(const Transactions& t, const std::vector<std::uint8_t>& publicItems,
                                       const std::vector<int>& sizes, double level)
{
    std::map<int, std::map<std::uint32_t, std::size_t>> counts;
    std::map<int, Blocking> out;
    for (int m : sizes)
        out[m];
    for (std::size_t i = 0; i < t.size(); ++i) {
        const int m = static_cast<int>(t.basketSize(i));
        for (int key : {m, -1}) {
            auto it = out.find(key);
            if (it == out.end())
                continue;
            ++it->second.baskets;
            for (std::uint32_t a : t.basket(i))
                if (!publicItems[a])
                    ++counts[key][a];
        }
    }
    for (auto& [m, b] : out) {
        for (const auto& [a, c] : counts[m])
            if (static_cast<double>(c) >= level * static_cast<double>(b.baskets))
                b.items.emplace_back(a, c);
        std::sort(b.items.begin(), b.items.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
    }
    return out;
}

} // namespace rr
