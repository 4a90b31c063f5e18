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

BasketSummary summarize(const Transactions& t)
{
    BasketSummary s;
    s.baskets = t.size();
    s.occurrences = t.occurrences();
    s.itemCount = t.itemCount;
    s.itemCounts.assign(t.itemCount, 0);
    for (std::uint32_t a : t.items)
        ++s.itemCounts[a];
    s.distinctItems = static_cast<std::size_t>(
        std::count_if(s.itemCounts.begin(), s.itemCounts.end(), [](std::size_t c) { return c > 0; }));
    if (s.baskets == 0)
        return s;
    s.minSize = t.basketSize(0);
    for (std::size_t i = 0; i < s.baskets; ++i) {
        const std::uint32_t m = t.basketSize(i);
        s.minSize = std::min(s.minSize, m);
        s.maxSize = std::max(s.maxSize, m);
    }
    s.sizeHistogram.assign(s.maxSize + 1, 0);
    for (std::size_t i = 0; i < s.baskets; ++i)
        ++s.sizeHistogram[t.basketSize(i)];
    s.meanSize = static_cast<double>(s.occurrences) / static_cast<double>(s.baskets);
    return s;
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
