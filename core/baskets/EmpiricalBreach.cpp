#include "core/baskets/EmpiricalBreach.h"

#include "core/baskets/VerticalIndex.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <map>

namespace rr {

std::vector<EmpiricalBreachCell> empiricalBreaches(const Transactions& original, const BasketRelease& release,
                                                   const std::vector<std::vector<std::uint32_t>>& itemsets,
                                                   const EmpiricalBreachOptions& options,
                                                   const BasketProgress& progress)
{
    if (original.size() != release.baskets.size())
        throw InputError("the empirical breach pairs each original basket with its randomized one: " +
                         std::to_string(original.size()) + " originals, " + std::to_string(release.baskets.size()) +
                         " randomized baskets");
    const std::vector<std::uint32_t> sizes = basketSizes(original); // the evaluator knows the originals
    if (!release.originalSizes.empty() && release.originalSizes != sizes)
        throw InputError("the release's sizes are not those of the original baskets");
    if (original.itemCount != release.baskets.itemCount)
        throw InputError("the original and the release have different item universes");
    std::vector<std::uint32_t> items;
    for (const auto& s : itemsets)
        items.insert(items.end(), s.begin(), s.end());
    std::sort(items.begin(), items.end());
    items.erase(std::unique(items.begin(), items.end()), items.end());
    const std::uint32_t classes = sizes.empty() ? 1 : *std::max_element(sizes.begin(), sizes.end()) + 1;
    const VerticalIndex randomized(release.baskets, sizes, classes, items);
    const VerticalIndex truth(original, sizes, classes, items);
    struct Accumulator {
        EmpiricalBreachCell cell;
        double sum = 0;
    };
    std::map<std::pair<int, int>, Accumulator> cells;
    std::vector<std::uint64_t> seen(classes), held(classes);
    std::vector<const std::uint64_t*> sets;
    const auto add = [&](int m, int k, const std::vector<std::uint32_t>& A, double breach, std::uint32_t b,
                         std::size_t occurrences) {
        Accumulator& acc = cells[{m, k}];
        acc.cell.m = m;
        acc.cell.k = k;
        ++acc.cell.itemsets;
        acc.sum += breach;
        if (acc.cell.itemsets == 1 || breach > acc.cell.worst) {
            acc.cell.worst = breach;
            acc.cell.worstItemset = A;
            acc.cell.worstItem = b;
            acc.cell.worstOccurrences = occurrences;
        }
    };
    for (std::size_t i = 0; i < itemsets.size(); ++i) {
        const auto& A = itemsets[i];
        if (A.empty())
            continue;
        const int k = static_cast<int>(A.size());
        sets.clear();
        for (std::uint32_t a : A)
            sets.push_back(randomized.bits(a));
        countAnd(sets, randomized.classWordBegin(), seen);
        // per size and over all: the most revealing item b of A
        std::vector<double> best(classes, -1.0);
        std::vector<std::uint32_t> bestItem(classes, 0);
        double bestAll = -1;
        std::uint32_t bestAllItem = 0;
        std::uint64_t seenAll = 0;
        for (std::uint64_t c : seen)
            seenAll += c;
        for (std::uint32_t b : A) {
            if (b < options.excludedItems.size() && options.excludedItems[b])
                continue;
            sets.push_back(truth.bits(b)); // same layout: AND across the two indices
            countAnd(sets, randomized.classWordBegin(), held);
            sets.pop_back();
            std::uint64_t heldAll = 0;
            for (std::uint32_t c = 0; c < classes; ++c) {
                heldAll += held[c];
                if (seen[c] > 0 && static_cast<double>(held[c]) / static_cast<double>(seen[c]) > best[c]) {
                    best[c] = static_cast<double>(held[c]) / static_cast<double>(seen[c]);
                    bestItem[c] = b;
                }
            }
            if (seenAll > 0 && static_cast<double>(heldAll) / static_cast<double>(seenAll) > bestAll) {
                bestAll = static_cast<double>(heldAll) / static_cast<double>(seenAll);
                bestAllItem = b;
            }
        }
        for (std::uint32_t c = 0; c < classes; ++c)
            if (best[c] >= 0 && seen[c] >= options.minOccurrences)
                add(static_cast<int>(c), k, A, best[c], bestItem[c], seen[c]);
        if (bestAll >= 0 && seenAll >= options.minOccurrences)
            add(-1, k, A, bestAll, bestAllItem, seenAll);
        if ((i & 255) == 255)
            reportProgress(progress, static_cast<double>(i + 1) / static_cast<double>(itemsets.size()));
    }
    std::vector<EmpiricalBreachCell> out;
    for (auto& [key, acc] : cells) {
        acc.cell.average = acc.sum / static_cast<double>(acc.cell.itemsets);
        out.push_back(acc.cell);
    }
    reportProgress(progress, 1.0);
    return out;
}

std::vector<BreachSummaryRow> summarizeBySize(const std::vector<EmpiricalBreachCell>& cells)
{
    std::map<int, BreachSummaryRow> rows;
    for (const auto& c : cells) {
        BreachSummaryRow& r = rows[c.m];
        r.m = c.m;
        if (r.worstAverageK == 0 || c.average > r.worstAverage) {
            r.worstAverage = c.average;
            r.worstAverageK = c.k;
        }
        if (r.worstK == 0 || c.worst > r.worst) {
            r.worst = c.worst;
            r.worstK = c.k;
        }
    }
    std::vector<BreachSummaryRow> out;
    for (auto& [m, r] : rows)
        out.push_back(r);
    return out;
}

} // namespace rr
