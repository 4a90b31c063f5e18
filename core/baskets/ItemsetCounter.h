#pragma once
#include "core/baskets/Transactions.h"
#include "core/baskets/VerticalIndex.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace rr {

// Counts of itemsets per basket class (e.g. per original size m), remembered: Apriori counts each
// candidate once and finds the counts of its subsets from earlier levels (004 Sec. 4.5, Statement 4).
// Keeps a reference to `baskets`, which must outlive the counter.
class ItemsetCounter {
public:
    ItemsetCounter(const Transactions& baskets, std::vector<std::uint32_t> basketClass, std::uint32_t classCount,
                   double maxIndexBytes = 2.0 * (1u << 30));

    std::uint32_t classCount() const { return static_cast<std::uint32_t>(m_classSizes.size()); }
    const std::vector<std::size_t>& classSizes() const { return m_classSizes; }
    std::size_t baskets() const { return m_baskets.size(); }
    std::uint32_t itemCount() const { return m_baskets.itemCount; }

    // Makes these items countable in itemsets of two or more (one pass over the baskets; items
    // indexed before stay indexed). Single items are always countable.
    void index(std::span<const std::uint32_t> items);
    bool isIndexed(std::uint32_t item) const;

    // Baskets of each class holding every item of `itemset` (ascending, distinct); remembered. The span is
    // valid until the next call.
    std::span<const std::uint64_t> count(std::span<const std::uint32_t> itemset);
    // Counts of all 2^k subsets: out[c * 2^k + mask], bit i of mask <=> itemset[i] (mask 0: class size).
    void subsetCounts(std::span<const std::uint32_t> itemset, std::vector<std::uint64_t>& out);
    // Forgets remembered counts of itemsets of two or more items (memory between unrelated queries).
    void forget();
    std::size_t remembered() const { return m_memo.size(); }

private:
    const Transactions& m_baskets;
    std::vector<std::uint32_t> m_class;
    std::vector<std::size_t> m_classSizes;
    std::vector<std::uint64_t> m_itemClassCounts; // item-major, classCount per item
    std::vector<std::uint32_t> m_indexed;         // ascending
    std::unique_ptr<VerticalIndex> m_index;
    double m_maxIndexBytes;
    std::unordered_map<std::u32string, std::size_t> m_memo; // itemset -> offset in m_memoCounts
    std::vector<std::uint64_t> m_memoCounts;
    std::vector<std::uint64_t> m_scratch;
};

// Class of each basket for a release: its original size m (classCount = largest m + 1) when the
// operator recovers per size, else one class. InputError when sizes are needed but missing.
struct BasketClasses {
    std::vector<std::uint32_t> basketClass;
    std::uint32_t classCount = 1;
    bool bySize = false;
};
BasketClasses classesBySize(std::span<const std::uint32_t> originalSizes, std::size_t baskets, bool bySize);

} // namespace rr
