#pragma once
// Apriori's candidate step, the one both miners use (rules over randomized items, 003 Sec. 3.2.4; baskets,
// 004 Sec. 4.5): the join of two kept k-itemsets that share their first k - 1 items, kept when every one of
// its k-subsets was kept (the Apriori property). The level loop around it is core/itemsets/Levelwise.h.
#include <algorithm>
#include <cstddef>
#include <functional>
#include <unordered_set>
#include <vector>

namespace rr {

template <class Item>
struct ItemsetHash {
    std::size_t operator()(const std::vector<Item>& s) const noexcept
    {
        std::size_t h = s.size();
        for (const Item& x : s)
            h ^= std::hash<Item>{}(x) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
        return h;
    }
};

// `kept`: itemsets of one size, each ascending, in lexicographic order. Returns the candidates of the next
// size in lexicographic order, at most `limit + 1` of them: a caller sees a level past its limit without
// building it whole.
template <class Item>
std::vector<std::vector<Item>> aprioriCandidates(const std::vector<std::vector<Item>>& kept, std::size_t limit)
{
    const std::unordered_set<std::vector<Item>, ItemsetHash<Item>> known(kept.begin(), kept.end());
    std::vector<std::vector<Item>> out;
    std::vector<Item> subset;
    for (std::size_t a = 0; a < kept.size(); ++a)
        for (std::size_t b = a + 1; b < kept.size(); ++b) {
            const std::vector<Item>& x = kept[a];
            const std::vector<Item>& y = kept[b];
            if (!std::equal(x.begin(), x.end() - 1, y.begin()))
                break; // sorted: no later y shares x's prefix
            std::vector<Item> c = x;
            c.push_back(y.back());
            bool allKept = true;
            for (std::size_t drop = 0; drop + 2 < c.size() && allKept; ++drop) { // the last two are x and y
                subset.assign(c.begin(), c.end());
                subset.erase(subset.begin() + static_cast<std::ptrdiff_t>(drop));
                allKept = known.count(subset) > 0;
            }
            if (!allKept)
                continue;
            out.push_back(std::move(c));
            if (out.size() > limit)
                return out;
        }
    return out;
}

} // namespace rr
