#include "core/baskets/VerticalIndex.h"

#include "core/baskets/Bitsets.h"

#include "core/data/Errors.h"

#include <sstream>

namespace rr {

void countAnd(std::span<const std::uint64_t* const> bitsets, std::span<const std::uint32_t> classWordBegin,
              std::span<std::uint64_t> perClass)
{
    for (std::size_t c = 0; c + 1 < classWordBegin.size(); ++c)
        perClass[c] = andPopcount(bitsets.data(), bitsets.size(), classWordBegin[c], classWordBegin[c + 1]);
}

VerticalIndex::VerticalIndex(const Transactions& baskets, std::span<const std::uint32_t> basketClass,
                             std::uint32_t classCount, std::span<const std::uint32_t> items, double maxBytes)
{
    if (basketClass.size() != baskets.size())
        throw InputError("the basket classes (" + std::to_string(basketClass.size()) + ") do not match the " +
                         std::to_string(baskets.size()) + " baskets");
    m_classBaskets.assign(classCount, 0);
    for (std::uint32_t c : basketClass) {
        if (c >= classCount)
            throw InputError("basket class " + std::to_string(c) + " is outside 0.." + std::to_string(classCount - 1));
        ++m_classBaskets[c];
    }
    m_classWordBegin.assign(classCount + 1, 0);
    for (std::uint32_t c = 0; c < classCount; ++c)
        m_classWordBegin[c + 1] = m_classWordBegin[c] + static_cast<std::uint32_t>((m_classBaskets[c] + 63) / 64);
    m_words = m_classWordBegin.back();
    m_slot.assign(baskets.itemCount, kNone);
    std::uint32_t slots = 0;
    for (std::uint32_t a : items) {
        if (a >= baskets.itemCount)
            throw InputError("item " + std::to_string(a) + " is outside the universe of " +
                             std::to_string(baskets.itemCount) + " items");
        if (m_slot[a] == kNone)
            m_slot[a] = slots++;
    }
    const double bytes = static_cast<double>(slots) * static_cast<double>(m_words) * 8.0;
    if (bytes > maxBytes) {
        std::ostringstream os;
        os << "counting " << slots << " items over " << baskets.size() << " baskets needs " << bytes / (1 << 20)
           << " MiB of bitsets; the limit is " << maxBytes / (1 << 20) << " MiB";
        throw DomainError(os.str());
    }
    m_bits.assign(static_cast<std::size_t>(slots) * m_words, 0);
    std::vector<std::size_t> next(classCount, 0);
    for (std::size_t i = 0; i < baskets.size(); ++i) {
        const std::uint32_t c = basketClass[i];
        const std::size_t bit = static_cast<std::size_t>(m_classWordBegin[c]) * 64 + next[c]++;
        for (std::uint32_t a : baskets.basket(i))
            if (m_slot[a] != kNone)
                m_bits[static_cast<std::size_t>(m_slot[a]) * m_words + bit / 64] |= std::uint64_t(1) << (bit % 64);
    }
}

const std::uint64_t* VerticalIndex::bits(std::uint32_t item) const
{
    if (!isIndexed(item))
        throw InputError("item " + std::to_string(item) + " is not in the counting index");
    return m_bits.data() + static_cast<std::size_t>(m_slot[item]) * m_words;
}

void VerticalIndex::countContaining(std::span<const std::uint32_t> items, std::span<std::uint64_t> perClass) const
{
    if (perClass.size() != m_classBaskets.size())
        throw InputError("countContaining needs one counter per class");
    if (items.empty()) {
        for (std::size_t c = 0; c < perClass.size(); ++c)
            perClass[c] = m_classBaskets[c];
        return;
    }
    constexpr std::size_t kMaxItems = 64;
    if (items.size() > kMaxItems)
        throw DomainError("an itemset of " + std::to_string(items.size()) + " items is above the limit of 64");
    const std::uint64_t* sets[kMaxItems];
    for (std::size_t i = 0; i < items.size(); ++i)
        sets[i] = bits(items[i]);
    countAnd(std::span<const std::uint64_t* const>(sets, items.size()), m_classWordBegin, perClass);
}

} // namespace rr
