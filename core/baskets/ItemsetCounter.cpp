#include "core/baskets/ItemsetCounter.h"

#include "core/data/Errors.h"

#include <algorithm>

namespace rr {

namespace {

std::u32string key(std::span<const std::uint32_t> itemset)
{
    std::u32string k(itemset.size(), U'\0');
    for (std::size_t i = 0; i < itemset.size(); ++i)
        k[i] = static_cast<char32_t>(itemset[i]);
    return k;
}

} // namespace

BasketClasses classesBySize(std::span<const std::uint32_t> sizes, std::size_t baskets, bool bySize)
{
    BasketClasses out;
    out.bySize = bySize;
    if (!bySize) {
        out.basketClass.assign(baskets, 0);
        return out;
    }
    if (sizes.size() != baskets)
        throw InputError("support recovery needs the original size of each of the " + std::to_string(baskets) +
                         " baskets (the release's .sizes file); got " + std::to_string(sizes.size()) + " sizes");
    out.basketClass.assign(sizes.begin(), sizes.end());
    out.classCount = sizes.empty() ? 1 : *std::max_element(sizes.begin(), sizes.end()) + 1;
    return out;
}

ItemsetCounter::ItemsetCounter(const Transactions& baskets, std::vector<std::uint32_t> basketClass,
                               std::uint32_t classCount, double maxIndexBytes)
    : m_baskets(baskets), m_class(std::move(basketClass)), m_maxIndexBytes(maxIndexBytes)
{
    if (m_class.size() != baskets.size())
        throw InputError("one class per basket is needed (" + std::to_string(baskets.size()) + " baskets, " +
                         std::to_string(m_class.size()) + " classes)");
    const double cells = static_cast<double>(baskets.itemCount) * classCount;
    if (cells * 8.0 > maxIndexBytes)
        throw DomainError("item counts per basket size need " +
                          std::to_string(static_cast<long long>(cells * 8.0 / (1 << 20))) + " MiB; the limit is " +
                          std::to_string(static_cast<long long>(maxIndexBytes / (1 << 20))) + " MiB");
    m_classSizes.assign(classCount, 0);
    m_itemClassCounts.assign(static_cast<std::size_t>(baskets.itemCount) * classCount, 0);
    for (std::size_t i = 0; i < baskets.size(); ++i) {
        const std::uint32_t c = m_class[i];
        if (c >= classCount)
            throw InputError("basket class " + std::to_string(c) + " is outside 0.." + std::to_string(classCount - 1));
        ++m_classSizes[c];
        for (std::uint32_t a : baskets.basket(i))
            ++m_itemClassCounts[static_cast<std::size_t>(a) * classCount + c];
    }
}

void ItemsetCounter::index(std::span<const std::uint32_t> items)
{
    std::vector<std::uint32_t> wanted(items.begin(), items.end());
    std::sort(wanted.begin(), wanted.end());
    wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
    if (m_index && std::includes(m_indexed.begin(), m_indexed.end(), wanted.begin(), wanted.end()))
        return;
    std::vector<std::uint32_t> all;
    std::set_union(m_indexed.begin(), m_indexed.end(), wanted.begin(), wanted.end(), std::back_inserter(all));
    m_index = std::make_unique<VerticalIndex>(m_baskets, m_class, classCount(), all, m_maxIndexBytes);
    m_indexed = std::move(all);
}

bool ItemsetCounter::isIndexed(std::uint32_t item) const
{
    return m_index && m_index->isIndexed(item);
}

std::span<const std::uint64_t> ItemsetCounter::count(std::span<const std::uint32_t> itemset)
{
    const std::size_t C = classCount();
    if (itemset.empty()) {
        m_scratch.assign(m_classSizes.begin(), m_classSizes.end());
        return m_scratch;
    }
    if (itemset.size() == 1) {
        if (itemset[0] >= m_baskets.itemCount)
            throw InputError("item " + std::to_string(itemset[0]) + " is outside the universe of " +
                             std::to_string(m_baskets.itemCount) + " items");
        return {m_itemClassCounts.data() + static_cast<std::size_t>(itemset[0]) * C, C};
    }
    const std::u32string k = key(itemset);
    if (const auto it = m_memo.find(k); it != m_memo.end())
        return {m_memoCounts.data() + it->second, C};
    for (std::uint32_t a : itemset)
        if (!isIndexed(a))
            index(itemset);
    const std::size_t offset = m_memoCounts.size();
    m_memoCounts.resize(offset + C);
    m_index->countContaining(itemset, std::span<std::uint64_t>(m_memoCounts.data() + offset, C));
    m_memo.emplace(k, offset);
    return {m_memoCounts.data() + offset, C};
}

void ItemsetCounter::subsetCounts(std::span<const std::uint32_t> itemset, std::vector<std::uint64_t>& out)
{
    const int k = static_cast<int>(itemset.size());
    if (k > 20)
        throw DomainError("an itemset of " + std::to_string(k) + " items has 2^" + std::to_string(k) +
                          " subsets to count; the limit is 20 items");
    for (std::size_t i = 1; i < itemset.size(); ++i)
        if (itemset[i] <= itemset[i - 1])
            throw InputError("an itemset must list distinct items in ascending order");
    const std::size_t C = classCount(), S = std::size_t(1) << k;
    out.assign(C * S, 0);
    std::vector<std::uint32_t> sub;
    for (std::size_t mask = 0; mask < S; ++mask) {
        sub.clear();
        for (int i = 0; i < k; ++i)
            if (mask & (std::size_t(1) << i))
                sub.push_back(itemset[static_cast<std::size_t>(i)]);
        const auto counts = count(sub);
        for (std::size_t c = 0; c < C; ++c)
            out[c * S + mask] = counts[c];
    }
}

void ItemsetCounter::forget()
{
    m_memo.clear();
    m_memoCounts.clear();
    m_memoCounts.shrink_to_fit();
}

} // namespace rr
