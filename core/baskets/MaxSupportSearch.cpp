#include "core/baskets/MaxSupports.h"

#include "core/baskets/Bitsets.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace rr {

namespace {

// The most frequent itemset of each size 1..K among some baskets. Exact by two searches that share
// their best supports: counting every k-subset of the baskets restricted to items frequent enough to
// beat the best known k-itemset (cheap when k is near the basket size), and a depth-first search over
// itemsets in decreasing item frequency pruned by anti-monotonicity (cheap for small k).
class MaxSupportSearch {
public:
    MaxSupportSearch(const Transactions& t, const std::vector<std::size_t>& baskets, int K,
                     const std::vector<std::uint8_t>& excluded, std::size_t maxNodes, double maxSubsets)
        : m_t(t), m_baskets(baskets), m_K(K), m_maxNodes(maxNodes), m_maxSubsets(maxSubsets),
          m_best(static_cast<std::size_t>(K) + 1, 0), m_exact(static_cast<std::size_t>(K) + 1, false)
    {
        std::vector<std::size_t> counts(t.itemCount, 0);
        for (std::size_t i : baskets)
            for (std::uint32_t a : t.basket(i))
                ++counts[a];
        for (std::uint32_t a = 0; a < t.itemCount; ++a)
            if (counts[a] > 0 && !(a < excluded.size() && excluded[a]))
                m_items.push_back(a);
        std::stable_sort(m_items.begin(), m_items.end(),
                         [&](std::uint32_t x, std::uint32_t y) { return counts[x] > counts[y]; });
        m_rank.assign(t.itemCount, kNone);
        for (std::size_t r = 0; r < m_items.size(); ++r) {
            m_counts.push_back(counts[m_items[r]]);
            m_rank[m_items[r]] = static_cast<std::uint32_t>(r);
        }
        m_words = (baskets.size() + 63) / 64;
    }

    // True when every size is exact.
    bool run()
    {
        if (m_items.empty() || m_K == 0)
            return true;
        m_best[1] = m_counts[0];
        m_exact[1] = true;
        depthFirst(m_K, kProbeNodes); // lower bounds for every size
        for (int k = m_K; k >= 2; --k)
            if (!m_exact[static_cast<std::size_t>(k)])
                enumerate(k);
        int open = m_K;
        while (open >= 1 && m_exact[static_cast<std::size_t>(open)])
            --open;
        if (open >= 2)
            depthFirst(open, m_maxNodes);
        // beyond the budget: a k-itemset is never more frequent than its (k-1)-subsets, so s_max(k - 1)
        // bounds s_max(k) from above (pessimistic for a breach: eq. 15 sees more frequent itemsets)
        bool exact = true;
        for (int k = 2; k <= m_K; ++k)
            if (!m_exact[static_cast<std::size_t>(k)]) {
                m_best[static_cast<std::size_t>(k)] = m_best[static_cast<std::size_t>(k - 1)];
                exact = false;
            }
        return exact;
    }

    bool exact(int k) const { return m_exact[static_cast<std::size_t>(k)]; }

    std::vector<double> supports() const
    {
        std::vector<double> out;
        for (int k = 1; k <= m_K; ++k)
            out.push_back(static_cast<double>(m_best[static_cast<std::size_t>(k)]) /
                          static_cast<double>(m_baskets.size()));
        return out;
    }

private:
    static constexpr std::uint32_t kNone = ~std::uint32_t(0);
    static constexpr std::size_t kProbeNodes = 200'000;
    static constexpr double kMaxBitsetBytes = 256.0 * (1 << 20); // item bitsets of one search

    // Counts every k-subset of the items that could beat m_best[k] (support above it).
    void enumerate(int k)
    {
        const std::size_t lb = m_best[static_cast<std::size_t>(k)];
        std::size_t allowed = 0;
        while (allowed < m_items.size() && m_counts[allowed] > lb)
            ++allowed;
        int bits = 1;
        while ((std::size_t(1) << bits) < allowed + 1)
            ++bits;
        if (k * bits > 128)
            return;
        std::vector<std::vector<std::uint32_t>> restricted;
        double cost = 0;
        if (!restrictBaskets(k, allowed, restricted, cost))
            return;
        std::vector<std::pair<std::uint64_t, std::uint64_t>> keys;
        keys.reserve(static_cast<std::size_t>(cost) + 1);
        std::vector<int> pick(static_cast<std::size_t>(k));
        for (const auto& r : restricted)
            appendSubsetKeys(r, k, bits, pick, keys);
        std::sort(keys.begin(), keys.end());
        m_best[static_cast<std::size_t>(k)] = longestRun(keys, lb);
        m_exact[static_cast<std::size_t>(k)] = true;
    }

    // Each basket with at least k of the allowed items, as their ranks ascending; false when their k-subsets
    // would number more than the budget (`cost`: how many there are).
    bool restrictBaskets(int k, std::size_t allowed, std::vector<std::vector<std::uint32_t>>& restricted,
                         double& cost) const
    {
        for (std::size_t i : m_baskets) {
            std::vector<std::uint32_t> r;
            for (std::uint32_t a : m_t.basket(i))
                if (m_rank[a] < allowed)
                    r.push_back(m_rank[a]);
            if (static_cast<int>(r.size()) < k)
                continue;
            cost += std::exp(std::lgamma(r.size() + 1.0) - std::lgamma(k + 1.0) - std::lgamma(r.size() - k + 1.0));
            if (cost > m_maxSubsets)
                return false;
            std::sort(r.begin(), r.end());
            restricted.push_back(std::move(r));
        }
        return true;
    }

    // Every k-subset of the ranks `r`, packed `bits` a rank into a 128-bit key, in lexicographic order.
    static void appendSubsetKeys(const std::vector<std::uint32_t>& r, int k, int bits, std::vector<int>& pick,
                                 std::vector<std::pair<std::uint64_t, std::uint64_t>>& keys)
    {
        const int n = static_cast<int>(r.size());
        for (int i = 0; i < k; ++i)
            pick[static_cast<std::size_t>(i)] = i;
        for (;;) {
            std::uint64_t lo = 0, hi = 0;
            for (int i = 0; i < k; ++i) {
                const std::uint64_t v = r[static_cast<std::size_t>(pick[static_cast<std::size_t>(i)])];
                const int at = i * bits;
                if (at < 64) {
                    lo |= v << at;
                    if (at + bits > 64)
                        hi |= v >> (64 - at);
                } else {
                    hi |= v << (at - 64);
                }
            }
            keys.emplace_back(lo, hi);
            int i = k - 1;
            while (i >= 0 && pick[static_cast<std::size_t>(i)] == n - k + i)
                --i;
            if (i < 0)
                break;
            ++pick[static_cast<std::size_t>(i)];
            for (int j = i + 1; j < k; ++j)
                pick[static_cast<std::size_t>(j)] = pick[static_cast<std::size_t>(j - 1)] + 1;
        }
    }

    // The most times one key occurs in the sorted `keys`, at least lb.
    static std::size_t longestRun(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& keys, std::size_t lb)
    {
        std::size_t best = lb;
        for (std::size_t i = 0; i < keys.size();) {
            std::size_t j = i;
            while (j < keys.size() && keys[j] == keys[i])
                ++j;
            best = std::max(best, j - i);
            i = j;
        }
        return best;
    }

    // Depth-first search to depth K; exact for sizes 2..K when it ends within the node budget.
    void depthFirst(int K, std::size_t budget)
    {
        m_depth = K;
        m_nodes = 0;
        m_budget = budget;
        for (std::size_t top = 64;; top *= 4) {
            top = std::min(top, m_items.size());
            if (static_cast<double>(top) * static_cast<double>(m_words) * 8.0 > kMaxBitsetBytes)
                return; // the sizes stay inexact: upper bounds (run)
            index(top);
            m_prefix.assign(static_cast<std::size_t>(K + 1) * m_words, 0);
            search(0, 0);
            if (m_nodes > m_budget)
                return;
            const std::size_t next = top < m_items.size() ? m_counts[top] : 0;
            if (top == m_items.size() || *std::min_element(m_best.begin() + 1, m_best.begin() + K + 1) >= next) {
                for (int k = 2; k <= K; ++k)
                    m_exact[static_cast<std::size_t>(k)] = true;
                return;
            }
        }
    }

    void index(std::size_t top)
    {
        m_top = top;
        m_bits.assign(top * m_words, 0);
        for (std::size_t r = 0; r < m_baskets.size(); ++r)
            for (std::uint32_t a : m_t.basket(m_baskets[r]))
                if (m_rank[a] < top)
                    m_bits[m_rank[a] * m_words + r / 64] |= std::uint64_t(1) << (r % 64);
    }

    // The least best support among sizes d+1..depth: an extension must beat it to matter.
    std::size_t bound(int d) const
    {
        std::size_t b = ~std::size_t(0);
        for (int k = d + 1; k <= m_depth; ++k)
            b = std::min(b, m_best[static_cast<std::size_t>(k)]);
        return b;
    }

    void search(int d, std::size_t start)
    {
        const std::uint64_t* prefix = m_prefix.data() + static_cast<std::size_t>(d) * m_words;
        std::uint64_t* child = m_prefix.data() + static_cast<std::size_t>(d + 1) * m_words;
        for (std::size_t i = start; i < m_top; ++i) {
            if (m_counts[i] <= bound(d)) // sorted: later items are no more frequent, nothing to beat
                return;
            if (++m_nodes > m_budget)
                return;
            const std::uint64_t* item = m_bits.data() + i * m_words;
            const auto support = static_cast<std::size_t>(andInto(d == 0 ? item : prefix, item, child, m_words));
            auto& best = m_best[static_cast<std::size_t>(d + 1)];
            best = std::max(best, support);
            if (d + 1 < m_depth && support > bound(d + 1))
                search(d + 1, i + 1);
        }
    }

    const Transactions& m_t;
    const std::vector<std::size_t>& m_baskets;
    int m_K, m_depth = 0;
    std::size_t m_maxNodes;
    double m_maxSubsets;
    std::size_t m_nodes = 0, m_budget = 0, m_words = 0, m_top = 0;
    std::vector<std::size_t> m_best;
    std::vector<bool> m_exact;
    std::vector<std::uint32_t> m_items, m_rank;
    std::vector<std::size_t> m_counts;
    std::vector<std::uint64_t> m_bits, m_prefix;
};

} // namespace

MaxSupports computeMaxSupports(const Transactions& t, const MaxSupportOptions& options, const BasketProgress& progress)
{
    if (options.maxItemsetSize < 1 || options.maxItemsetSize > 64)
        throw InputError("maximum supports are computed for itemset sizes 1..64, got " +
                         std::to_string(options.maxItemsetSize));
    MaxSupports out;
    std::vector<std::vector<std::size_t>> bySize;
    std::vector<std::size_t> everyBasket(t.size());
    std::iota(everyBasket.begin(), everyBasket.end(), std::size_t(0));
    for (std::size_t i = 0; i < t.size(); ++i) {
        const std::uint32_t m = t.basketSize(i);
        if (bySize.size() <= m)
            bySize.resize(m + 1);
        bySize[m].push_back(i);
    }
    out.bySize.resize(bySize.size());
    out.exact.assign(bySize.size(), true);
    const double total = static_cast<double>(t.occurrences()) + static_cast<double>(t.size()) + 1;
    double done = 0;
    reportProgress(progress, 0.0);
    for (std::size_t m = 1; m < bySize.size(); ++m) {
        if (bySize[m].empty())
            continue;
        MaxSupportSearch search(t, bySize[m], std::min<int>(options.maxItemsetSize, static_cast<int>(m)),
                                options.excludedItems, options.maxNodes, options.maxSubsets);
        out.exact[m] = search.run();
        out.bySize[m] = search.supports();
        done += static_cast<double>(bySize[m].size() * m);
        reportProgress(progress, 0.5 * done / total);
    }
    if (!t.size())
        return out;
    MaxSupportSearch all(t, everyBasket, options.maxItemsetSize, options.excludedItems, options.maxNodes,
                         options.maxSubsets);
    out.allExact = all.run();
    out.all = all.supports();
    // a tighter bound where the all-baskets search stopped short: the most frequent k-itemset overall is
    // at most the size-weighted sum of the most frequent k-itemsets of each size
    for (int k = 2; k <= options.maxItemsetSize; ++k) {
        if (all.exact(k))
            continue;
        double sum = 0;
        for (std::size_t m = static_cast<std::size_t>(k); m < bySize.size(); ++m)
            if (!bySize[m].empty())
                sum += static_cast<double>(bySize[m].size()) / static_cast<double>(t.size()) *
                       out.bySize[m][static_cast<std::size_t>(std::min<int>(k, static_cast<int>(m)) - 1)];
        auto& v = out.all[static_cast<std::size_t>(k - 1)];
        v = std::min({v, sum, out.all[static_cast<std::size_t>(k - 2)]});
    }
    reportProgress(progress, 1.0);
    return out;
}

} // namespace rr
