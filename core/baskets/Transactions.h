#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace rr {

// A sequence of baskets (004 Def. 1: transactions t_i, subsets of the items I = {0, .., itemCount-1}),
// stored compactly: basket i holds items[offsets[i] .. offsets[i+1]), ascending and without duplicates.
// `labels` maps an item to its id outside (the FIMI file's id); empty means the item is its own id.
struct Transactions {
    std::vector<std::uint64_t> offsets{0};
    std::vector<std::uint32_t> items;
    std::uint32_t itemCount = 0; // size of the item universe n
    std::vector<std::uint32_t> labels;

    std::size_t size() const { return offsets.size() - 1; }
    std::size_t occurrences() const { return items.size(); }
    std::span<const std::uint32_t> basket(std::size_t i) const
    {
        return {items.data() + offsets[i], static_cast<std::size_t>(offsets[i + 1] - offsets[i])};
    }
    std::uint32_t basketSize(std::size_t i) const { return static_cast<std::uint32_t>(offsets[i + 1] - offsets[i]); }
    std::uint32_t label(std::uint32_t item) const { return labels.empty() ? item : labels[item]; }
    // Appends a basket (ascending, no duplicates, every item < itemCount: the caller's promise).
    void append(std::span<const std::uint32_t> sortedItems);
};

// What a load shows at once: item supports and the basket size histogram.
struct BasketSummary {
    std::size_t baskets = 0;
    std::size_t occurrences = 0;
    std::uint32_t itemCount = 0;            // universe size n
    std::size_t distinctItems = 0;          // items that occur at least once
    std::vector<std::size_t> itemCounts;    // baskets holding item a (support = count / baskets)
    std::vector<std::size_t> sizeHistogram; // baskets of size m, m = 0 .. maxSize
    std::uint32_t minSize = 0, maxSize = 0;
    double meanSize = 0;
};

BasketSummary summarize(const Transactions& transactions);

// The same summary built basket by basket, for baskets that stream past (nothing of them is held).
class BasketTally {
public:
    void add(std::span<const std::uint32_t> basket);
    // With the universe's size n (InputError when an item added lies outside it).
    BasketSummary summary(std::uint32_t itemCount) const;

private:
    std::size_t m_baskets = 0, m_occurrences = 0;
    std::vector<std::size_t> m_itemCounts, m_sizeHistogram;
};

// Original basket sizes m of each basket (004 Sec. 4.4: the server knows m).
std::vector<std::uint32_t> basketSizes(const Transactions& transactions);

// Items whose support (count / baskets) is at least `minSupport`, ascending.
std::vector<std::uint32_t> itemsWithSupportAtLeast(const BasketSummary& summary, double minSupport);

// The baskets restricted to a catalogue of items (a public list the collector asks about, as 004's
// mailorder data was reduced to 96 taxonomy parents): items outside it are dropped, the catalogue's
// items get dense ids 0..|catalogue|-1 in ascending order and keep their labels. Empty baskets stay.
Transactions restrictToItems(const Transactions& transactions, std::span<const std::uint32_t> catalogue);

} // namespace rr
