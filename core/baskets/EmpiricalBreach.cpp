#include "core/baskets/EmpiricalBreach.h"

#include "core/baskets/VerticalIndex.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <map>

namespace rr {

namespace {

// The original baskets' sizes, once the original and the release pair up basket by basket.
std::vector<std::uint32_t> pairedSizes(const Transactions& original, const BasketRelease& release)
{
    if (original.size() != release.baskets.size())
        throw InputError("the empirical breach pairs each original basket with its randomized one: " +
                         std::to_string(original.size()) + " originals, " + std::to_string(release.baskets.size()) +
                         " randomized baskets");
    std::vector<std::uint32_t> sizes = basketSizes(original); // the evaluator knows the originals
    if (!release.originalSizes.empty() && release.originalSizes != sizes)
        throw InputError("the release's sizes are not those of the original baskets");
    if (original.itemCount != release.baskets.itemCount)
        throw InputError("the original and the release have different item universes");
    return sizes;
}

// The items of the itemsets, ascending, each once.
std::vector<std::uint32_t> itemsOf(const std::vector<std::vector<std::uint32_t>>& itemsets)
{
    std::vector<std::uint32_t> items;
    for (const auto& s : itemsets)
        items.insert(items.end(), s.begin(), s.end());
    std::sort(items.begin(), items.end());
    items.erase(std::unique(items.begin(), items.end()), items.end());
    return items;
}

// A cell (size class m, itemset size k) as the itemsets come: their breaches summed, the worst kept.
struct Accumulator {
    EmpiricalBreachCell cell;
    double sum = 0;
};

void addBreach(std::map<std::pair<int, int>, Accumulator>& cells, int m, int k, const std::vector<std::uint32_t>& A,
               double breach, std::uint32_t b, std::size_t occurrences)
{
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
}

// The most revealing item b of an itemset: per size class and over all, the largest share of the randomized
// baskets holding it whose original held b; -1 where none was seen.
struct MostRevealing {
    std::vector<double> best;
    std::vector<std::uint32_t> bestItem;
    double bestAll = -1;
    std::uint32_t bestAllItem = 0;
    std::uint64_t seenAll = 0;
};

// `sets` holds the itemset's columns of the randomized index and `seen` their counts per size class.
MostRevealing mostRevealing(const std::vector<std::uint32_t>& A, std::vector<const std::uint64_t*>& sets,
                            const VerticalIndex& randomized, const VerticalIndex& truth,
                            const std::vector<std::uint64_t>& seen, std::vector<std::uint64_t>& held,
                            std::uint32_t classes, const EmpiricalBreachOptions& options)
{
    MostRevealing r;
    r.best.assign(classes, -1.0);
    r.bestItem.assign(classes, 0);
    for (std::uint64_t c : seen)
        r.seenAll += c;
    for (std::uint32_t b : A) {
        if (b < options.excludedItems.size() && options.excludedItems[b])
            continue;
        sets.push_back(truth.bits(b)); // same layout: AND across the two indices
        countAnd(sets, randomized.classWordBegin(), held);
        sets.pop_back();
        std::uint64_t heldAll = 0;
        for (std::uint32_t c = 0; c < classes; ++c) {
            heldAll += held[c];
            if (seen[c] > 0 && static_cast<double>(held[c]) / static_cast<double>(seen[c]) > r.best[c]) {
                r.best[c] = static_cast<double>(held[c]) / static_cast<double>(seen[c]);
                r.bestItem[c] = b;
            }
        }
        if (r.seenAll > 0 && static_cast<double>(heldAll) / static_cast<double>(r.seenAll) > r.bestAll) {
            r.bestAll = static_cast<double>(heldAll) / static_cast<double>(r.seenAll);
            r.bestAllItem = b;
        }
    }
    return r;
}

} // namespace

std::vector<EmpiricalBreachCell> empiricalBreaches(const Transactions& original, const BasketRelease& release,
                                                   const std::vector<std::vector<std::uint32_t>>& itemsets,
                                                   const EmpiricalBreachOptions& options,
                                                   const BasketProgress& progress)
{
    const std::vector<std::uint32_t> sizes = pairedSizes(original, release);
    const std::vector<std::uint32_t> items = itemsOf(itemsets);
    const std::uint32_t classes = sizes.empty() ? 1 : *std::max_element(sizes.begin(), sizes.end()) + 1;
    const VerticalIndex randomized(release.baskets, sizes, classes, items);
    const VerticalIndex truth(original, sizes, classes, items);
    std::map<std::pair<int, int>, Accumulator> cells;
    std::vector<std::uint64_t> seen(classes), held(classes);
    std::vector<const std::uint64_t*> sets;
    for (std::size_t i = 0; i < itemsets.size(); ++i) {
        const auto& A = itemsets[i];
        if (A.empty())
            continue;
        const int k = static_cast<int>(A.size());
        sets.clear();
        for (std::uint32_t a : A)
            sets.push_back(randomized.bits(a));
        countAnd(sets, randomized.classWordBegin(), seen);
        const MostRevealing r = mostRevealing(A, sets, randomized, truth, seen, held, classes, options);
        for (std::uint32_t c = 0; c < classes; ++c)
            if (r.best[c] >= 0 && seen[c] >= options.minOccurrences)
                addBreach(cells, static_cast<int>(c), k, A, r.best[c], r.bestItem[c], seen[c]);
        if (r.bestAll >= 0 && r.seenAll >= options.minOccurrences)
            addBreach(cells, -1, k, A, r.bestAll, r.bestAllItem, r.seenAll);
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
