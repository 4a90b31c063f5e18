#include "core/baskets/BreachParameters.h"

#include "core/baskets/Breach.h"
#include "core/baskets/Transition.h"
#include "core/data/Errors.h"

#include <cmath>
#include <functional>
#include <sstream>

namespace rr {

namespace {

using Evaluate = std::function<BreachCell(double)>;

void checkTarget(const BreachTarget& t, const std::vector<double>& row)
{
    if (!(t.level > 0.0 && t.level < 1.0))
        throw InputError("the breach level must lie in (0, 1), got " + std::to_string(t.level));
    if (t.maxItemsetSize < 1)
        throw InputError("the breach needs itemset sizes 1..K with K >= 1");
    if (row.empty())
        throw InputError("the breach needs the maximum support of single items, s_max(1, m)");
}

std::string percent(double v)
{
    std::ostringstream os;
    os.precision(3);
    os << 100 * v << "%";
    return os.str();
}

ParameterChoice fromCell(double x, const BreachCell& c)
{
    ParameterChoice p;
    p.feasible = true;
    p.value = x;
    p.worstBreach = c.breach.value;
    p.worstK = c.k;
    return p;
}

bool meets(const BreachCell& c, double level)
{
    return !c.breach.defined || c.breach.value < level; // undefined: A never shows in t', no breach
}

// Scans `grid` (ordered from the strongest to the weakest randomization) for the last point that meets
// the level before the first that does not, then bisects the boundary; the result meets the level.
ParameterChoice boundary(const std::vector<double>& grid, const Evaluate& f, double level, const char* name)
{
    BreachCell prevCell = f(grid.front());
    if (!meets(prevCell, level)) {
        ParameterChoice p;
        std::ostringstream os;
        os << "no " << name << " keeps the worst-case breach below " << percent(level) << " (at " << name << " = "
           << grid.front() << " it is " << percent(prevCell.breach.value) << " for " << prevCell.k << "-itemsets)";
        p.reason = os.str();
        p.worstBreach = prevCell.breach.value;
        p.worstK = prevCell.k;
        return p;
    }
    double good = grid.front();
    for (std::size_t i = 1; i < grid.size(); ++i) {
        const BreachCell c = f(grid[i]);
        if (meets(c, level)) {
            good = grid[i];
            prevCell = c;
            continue;
        }
        double lo = good, hi = grid[i]; // lo meets, hi does not
        for (int it = 0; it < 60 && std::abs(hi - lo) > 1e-10; ++it) {
            const double mid = 0.5 * (lo + hi);
            const BreachCell cm = f(mid);
            if (meets(cm, level)) {
                lo = mid;
                prevCell = cm;
            } else {
                hi = mid;
            }
        }
        return fromCell(lo, prevCell);
    }
    return fromCell(good, prevCell);
}

// rho (or a replacement probability) from strong (near 1) to weak (near 0).
std::vector<double> descendingGrid()
{
    std::vector<double> g;
    for (int i = 0; i < 60; ++i)
        g.push_back(0.999999 - (0.999999 - 0.5) * i / 60.0);
    for (int i = 0; i <= 60; ++i)
        g.push_back(0.5 * std::pow(10.0, -6.0 * i / 60.0));
    return g;
}

ParameterChoice priorBlocks(const std::vector<double>& row, double level, const std::string& where)
{
    ParameterChoice p;
    if (row[0] < level)
        return p;
    std::ostringstream os;
    os << "an item is in " << percent(row[0]) << " of the " << where << " (s_max(1) >= the level " << percent(level)
       << "): no randomization brings the posterior below the prior, so the lowest reachable breach is "
       << percent(row[0]);
    p.reason = os.str();
    p.worstBreach = row[0];
    p.worstK = 1;
    return p;
}

} // namespace

ParameterChoice smallestRho(int m, int cutoff, const std::vector<double>& row, const BreachTarget& target)
{
    checkTarget(target, row);
    if (const ParameterChoice blocked = priorBlocks(row, target.level, "baskets of size " + std::to_string(m));
        !blocked.reason.empty())
        return blocked;
    std::vector<CutAndPasteLevel> levels(static_cast<std::size_t>(m) + 1, CutAndPasteLevel{cutoff, 0.5});
    const Evaluate f = [&](double rho) {
        levels[static_cast<std::size_t>(m)].rho = rho;
        return worstBreachOfSize(cutAndPasteOperator(levels), m, row, target.maxItemsetSize, 0);
    };
    return boundary(descendingGrid(), f, target.level, "rho");
}

ParameterChoice smallestRho(int m, const std::vector<double>& sizeProbabilities, const std::vector<double>& row,
                            const BreachTarget& target)
{
    checkTarget(target, row);
    if (const ParameterChoice blocked = priorBlocks(row, target.level, "baskets of size " + std::to_string(m));
        !blocked.reason.empty())
        return blocked;
    std::vector<SelectASizeLevel> levels(static_cast<std::size_t>(m) + 1);
    levels[static_cast<std::size_t>(m)].sizeProbabilities = sizeProbabilities;
    const Evaluate f = [&](double rho) {
        levels[static_cast<std::size_t>(m)].rho = rho;
        return worstBreachOfSize(selectASizeOperator(levels), m, row, target.maxItemsetSize, 0);
    };
    return boundary(descendingGrid(), f, target.level, "rho");
}

ParameterChoice smallestReplacement(int m, const std::vector<double>& row, const BreachTarget& target,
                                    std::uint32_t itemCount)
{
    checkTarget(target, row);
    if (const ParameterChoice blocked = priorBlocks(row, target.level, "baskets of size " + std::to_string(m));
        !blocked.reason.empty())
        return blocked;
    const Evaluate f = [&](double p) {
        return worstBreachOfSize(uniformOperator(p), m, row, target.maxItemsetSize, itemCount);
    };
    return boundary(descendingGrid(), f, target.level, "replacement probability");
}

ParameterChoice largestKeep(const std::vector<double>& row, const BreachTarget& target)
{
    checkTarget(target, row);
    if (const ParameterChoice blocked = priorBlocks(row, target.level, "baskets"); !blocked.reason.empty())
        return blocked;
    std::vector<double> grid; // keep p from strong (near 1/2) to weak (near 1)
    for (int i = 0; i <= 120; ++i)
        grid.push_back(1.0 - 0.5 * std::pow(10.0, -7.0 * i / 120.0) + (i == 0 ? 1e-9 : 0.0));
    const Evaluate f = [&](double p) {
        return worstBreachOfSize(itemBitsOperator(p), -1, row, target.maxItemsetSize, 0);
    };
    return boundary(grid, f, target.level, "keep probability");
}

namespace {

// The maximum supports of baskets of size m for itemsets of size 1..maxItemsetSize (as far as they are known).
std::vector<double> maxSupportRow(const MaxSupports& s, std::size_t m, const BreachTarget& target)
{
    const int mi = static_cast<int>(m);
    std::vector<double> row;
    for (int k = 1; k <= target.maxItemsetSize; ++k) {
        if (k <= mi && k > static_cast<int>(s.bySize[m].size()))
            break;
        row.push_back(s.at(k, mi));
    }
    return row;
}

// The lowest discoverable supports of itemsets of sizes 1..discoverableSizes under cutoff K at its rho, into
// c; how many sizes are undiscoverable, and the worst support of the others in `worstLds`.
int discoverability(CutoffChoice& c, std::size_t m, std::size_t baskets, const CutAndPasteSearch& search,
                    double& worstLds)
{
    const int mi = static_cast<int>(m);
    std::vector<CutAndPasteLevel> levels(m + 1, CutAndPasteLevel{c.cutoff, c.rho.value});
    const BasketOperator op = cutAndPasteOperator(levels);
    int undiscoverable = 0;
    worstLds = 0;
    for (int k = 1; k <= search.discoverableSizes && k <= mi; ++k) {
        c.lowestDiscoverable.push_back(
            lowestDiscoverableSupport(transitionMatrix(op, mi, k, 0), static_cast<double>(baskets), search.sigmas));
        if (!c.lowestDiscoverable.back().defined)
            ++undiscoverable;
        else
            worstLds = std::max(worstLds, c.lowestDiscoverable.back().support);
    }
    return undiscoverable;
}

// Baskets of size m: every cutoff's smallest rho; the choice is the feasible one with the fewest
// undiscoverable itemset sizes, then the lowest worst discoverable support.
void chooseCutoff(SizeChoice& choice, const std::vector<double>& row, std::size_t m, std::size_t baskets,
                  const BreachTarget& target, const CutAndPasteSearch& search)
{
    const int mi = static_cast<int>(m);
    int bestUndiscoverable = 1 << 30;
    double bestLds = 0;
    for (int K = search.cutoffMin; K <= search.cutoffMax; ++K) {
        CutoffChoice c;
        c.cutoff = K;
        c.rho = smallestRho(mi, K, row, target);
        if (c.rho.feasible) {
            double worstLds = 0;
            const int undiscoverable = discoverability(c, m, baskets, search, worstLds);
            if (undiscoverable < bestUndiscoverable || (undiscoverable == bestUndiscoverable && worstLds < bestLds)) {
                bestUndiscoverable = undiscoverable;
                bestLds = worstLds;
                choice.feasible = true;
                choice.cutoff = K;
                choice.rho = c.rho.value;
                choice.worstBreach = c.rho.worstBreach;
                choice.worstK = c.rho.worstK;
                choice.lowestDiscoverable = c.lowestDiscoverable;
            }
        } else if (choice.reason.empty()) {
            choice.reason = c.rho.reason;
            choice.worstBreach = c.rho.worstBreach;
            choice.worstK = c.rho.worstK;
        }
        choice.cutoffs.push_back(std::move(c));
    }
    if (choice.feasible)
        choice.reason.clear();
}

} // namespace

std::vector<SizeChoice> chooseCutAndPaste(const MaxSupports& s, const std::vector<std::size_t>& histogram,
                                          const BreachTarget& target, const CutAndPasteSearch& search,
                                          const BasketProgress& progress)
{
    if (search.cutoffMin < 1 || search.cutoffMax < search.cutoffMin || search.cutoffMax > 1000)
        throw InputError("cutoffs must satisfy 1 <= K_min <= K_max <= 1000");
    std::vector<SizeChoice> out;
    std::size_t done = 0, total = 0;
    for (std::size_t m = 1; m < histogram.size(); ++m)
        total += histogram[m] > 0;
    reportProgress(progress, 0.0);
    for (std::size_t m = 1; m < histogram.size(); ++m) {
        if (histogram[m] == 0)
            continue;
        const int mi = static_cast<int>(m);
        SizeChoice choice;
        choice.m = mi;
        choice.baskets = histogram[m];
        if (!s.hasSize(mi)) {
            choice.reason = "no maximum supports for this size";
            out.push_back(choice);
            continue;
        }
        chooseCutoff(choice, maxSupportRow(s, m, target), m, histogram[m], target, search);
        out.push_back(std::move(choice));
        reportProgress(progress, static_cast<double>(++done) / static_cast<double>(total));
    }
    return out;
}

std::vector<std::uint8_t> unprotectableItems(const Transactions& t, double level, double minSizeShare)
{
    if (!(level > 0 && level < 1))
        throw InputError("the breach level must lie in (0, 1)");
    const BasketSummary s = summarize(t);
    std::vector<std::uint8_t> flags(t.itemCount, 0);
    for (std::uint32_t a = 0; a < t.itemCount; ++a)
        flags[a] = static_cast<double>(s.itemCounts[a]) >= level * static_cast<double>(s.baskets);
    std::vector<std::size_t> counts(t.itemCount);
    for (std::size_t m = 1; m < s.sizeHistogram.size(); ++m) {
        const auto N = static_cast<double>(s.sizeHistogram[m]);
        if (N == 0 || N < minSizeShare * static_cast<double>(s.baskets))
            continue;
        std::fill(counts.begin(), counts.end(), 0);
        for (std::size_t i = 0; i < t.size(); ++i)
            if (t.basketSize(i) == m)
                for (std::uint32_t a : t.basket(i))
                    ++counts[a];
        for (std::uint32_t a = 0; a < t.itemCount; ++a)
            if (static_cast<double>(counts[a]) >= level * N)
                flags[a] = 1;
    }
    return flags;
}

std::vector<CutAndPasteLevel> cutAndPasteTable(const std::vector<SizeChoice>& choices, std::uint32_t maxSize,
                                               CutAndPasteLevel fallback)
{
    std::vector<CutAndPasteLevel> table(maxSize + 1, fallback);
    for (const SizeChoice& c : choices)
        if (c.feasible && c.m >= 0 && static_cast<std::uint32_t>(c.m) <= maxSize)
            table[static_cast<std::size_t>(c.m)] = CutAndPasteLevel{c.cutoff, c.rho};
    return table;
}

} // namespace rr
