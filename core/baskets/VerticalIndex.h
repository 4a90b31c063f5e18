#pragma once
#include "core/baskets/Transactions.h"

#include <cstdint>
#include <span>
#include <vector>

namespace rr {

// Column view of baskets for counting itemsets: baskets are grouped into classes (the original size m,
// 004 Remark 4.4: supports are recovered per size), each class padded to whole 64-bit words, and each
// indexed item gets one bit per basket. Counting an itemset ANDs its items' bitsets.
class VerticalIndex {
public:
    // basketClass[i] < classCount for every basket; `items` are the items to index (others cannot be
    // counted). Refuses (DomainError) an index above maxBytes, stating its size and the limit.
    VerticalIndex(const Transactions& baskets, std::span<const std::uint32_t> basketClass, std::uint32_t classCount,
                  std::span<const std::uint32_t> items, double maxBytes = 2.0 * (1u << 30));

    std::uint32_t classCount() const { return static_cast<std::uint32_t>(m_classBaskets.size()); }
    std::size_t classBaskets(std::uint32_t c) const { return m_classBaskets[c]; }
    const std::vector<std::size_t>& classSizes() const { return m_classBaskets; }
    bool isIndexed(std::uint32_t item) const { return item < m_slot.size() && m_slot[item] != kNone; }
    // The bitset of an indexed item (words(), class c in words [classWordBegin(c), classWordBegin(c+1))).
    const std::uint64_t* bits(std::uint32_t item) const;
    std::size_t words() const { return m_words; }
    const std::vector<std::uint32_t>& classWordBegin() const { return m_classWordBegin; }
    // Same classes and basket order as `other` (bitsets of the two can be ANDed).
    bool sameLayout(const VerticalIndex& other) const
    {
        return m_classWordBegin == other.m_classWordBegin && m_classBaskets == other.m_classBaskets;
    }

    // perClass[c] = baskets of class c that hold every item (indexed; empty: all baskets of c).
    void countContaining(std::span<const std::uint32_t> items, std::span<std::uint64_t> perClass) const;

private:
    static constexpr std::uint32_t kNone = ~std::uint32_t(0);
    std::vector<std::uint64_t> m_bits;
    std::vector<std::uint32_t> m_slot;
    std::vector<std::uint32_t> m_classWordBegin; // classCount + 1 entries
    std::vector<std::size_t> m_classBaskets;
    std::size_t m_words = 0;
};

// perClass[c] = popcount of the AND of `bitsets` over class c's words (all of the same layout).
void countAnd(std::span<const std::uint64_t* const> bitsets, std::span<const std::uint32_t> classWordBegin,
              std::span<std::uint64_t> perClass);

} // namespace rr
