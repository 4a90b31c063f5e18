#include "core/baskets/Transactions.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <string>

namespace rr {

void Transactions::append(std::span<const std::uint32_t> sortedItems)
{
    items.insert(items.end(), sortedItems.begin(), sortedItems.end());
    offsets.push_back(items.size());
}

void BasketTally::add(std::span<const std::uint32_t> basket)
{
    ++m_baskets;
    m_occurrences += basket.size();
    for (const std::uint32_t a : basket) {
        if (a >= m_itemCounts.size())
            m_itemCounts.resize(static_cast<std::size_t>(a) + 1, 0);
        ++m_itemCounts[a];
    }
    if (basket.size() >= m_sizeHistogram.size())
        m_sizeHistogram.resize(basket.size() + 1, 0);
    ++m_sizeHistogram[basket.size()];
}

BasketSummary BasketTally::summary(std::uint32_t itemCount) const
{
    if (m_itemCounts.size() > itemCount)
        throw InputError("an item id " + std::to_string(m_itemCounts.size() - 1) + " lies outside the universe of " +
                         std::to_string(itemCount) + " items");
    BasketSummary s;
    s.baskets = m_baskets;
    s.occurrences = m_occurrences;
    s.itemCount = itemCount;
    s.itemCounts = m_itemCounts;
    s.itemCounts.resize(itemCount, 0);
    s.distinctItems = static_cast<std::size_t>(
        std::count_if(s.itemCounts.begin(), s.itemCounts.end(), [](std::size_t c) { return c > 0; }));
    if (s.baskets == 0)
        return s;
    s.sizeHistogram = m_sizeHistogram;
    const auto first =
        std::find_if(s.sizeHistogram.begin(), s.sizeHistogram.end(), [](std::size_t c) { return c > 0; });
    s.minSize = static_cast<std::uint32_t>(first - s.sizeHistogram.begin());
    s.maxSize = static_cast<std::uint32_t>(s.sizeHistogram.size() - 1);
    s.meanSize = static_cast<double>(s.occurrences) / static_cast<double>(s.baskets);
    return s;
}

BasketSummary summarize(const Transactions& t)
{
    BasketTally tally;
    for (std::size_t i = 0; i < t.size(); ++i)
        tally.add(t.basket(i));
    return tally.summary(t.itemCount);
}

std::vector<std::uint32_t> basketSizes(const Transactions& t)
{
    std::vector<std::uint32_t> sizes(t.size());
    for (std::size_t i = 0; i < sizes.size(); ++i)
        sizes[i] = t.basketSize(i);
    return sizes;
}

std::vector<std::uint32_t> itemsWithSupportAtLeast(const BasketSummary& summary, double minSupport)
{
    std::vector<std::uint32_t> out;
    const double n = static_cast<double>(summary.baskets);
    for (std::uint32_t a = 0; a < summary.itemCounts.size(); ++a)
        if (summary.baskets > 0 && static_cast<double>(summary.itemCounts[a]) >= minSupport * n)
            out.push_back(a);
    return out;
}

Transactions restrictToItems(const Transactions& t, std::span<const std::uint32_t> catalogue)
{
    std::vector<std::uint32_t> sorted(catalogue.begin(), catalogue.end());
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    constexpr std::uint32_t kAbsent = ~std::uint32_t(0);
    std::vector<std::uint32_t> dense(t.itemCount, kAbsent);
    Transactions out;
    out.itemCount = static_cast<std::uint32_t>(sorted.size());
    out.labels.reserve(sorted.size());
    for (std::uint32_t i = 0; i < sorted.size(); ++i) {
        if (sorted[i] >= t.itemCount)
            throw InputError("catalogue item " + std::to_string(sorted[i]) + " is outside the item universe 0.." +
                             std::to_string(t.itemCount == 0 ? 0 : t.itemCount - 1));
        dense[sorted[i]] = i;
        out.labels.push_back(t.label(sorted[i]));
    }
    out.offsets.reserve(t.offsets.size());
    for (std::size_t i = 0; i < t.size(); ++i) {
        for (std::uint32_t a : t.basket(i))
            if (dense[a] != kAbsent)
                out.items.push_back(dense[a]); // ascending: dense ids keep the order
        out.offsets.push_back(out.items.size());
    }
    return out;
}

} // namespace rr
