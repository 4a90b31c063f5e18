#pragma once
// Apriori's level loop, the one both miners run (003 Sec. 3.2.4: rules over randomized items; 004 Sec. 4.5:
// itemsets of market baskets). Level 1 holds every item; the kept candidates of level k generate level k + 1
// by join and prune (aprioriCandidates). The loop owns the limits (candidates, itemset size), the progress
// and the per-level counts; the algorithm supplies only its judgement of a candidate: how it is counted or
// estimated, whether it is output, and whether it is kept to generate the next level.
#include "core/itemsets/AprioriCandidates.h"

#include <algorithm>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace rr {

// How many candidate itemsets Apriori may count; more is refused (DomainError naming the limit).
struct CandidateLimit {
    std::size_t max = 0;
    bool inAll = false; // over all levels together (003's rules), else per level (004's baskets)
    std::string advice; // what lowers the count, e.g. "raise the minimum support"
};

struct LevelwiseOptions {
    int maxSize = 1; // the largest itemset size counted
    CandidateLimit limit;
    // The fraction done, every 1,024 candidates and at the end; it throws to cancel.
    std::function<void(double fraction)> progress;
};

struct LevelCount {
    int k = 0;
    std::size_t candidates = 0; // itemsets judged at this size
    std::size_t kept = 0;       // those generating the next size
};

enum class LevelwiseStop {
    NoCandidates, // the kept itemsets of the last level generate none
    MaxSize       // candidates are left past LevelwiseOptions::maxSize
};

struct LevelwiseRun {
    std::vector<LevelCount> levels;
    LevelwiseStop stop = LevelwiseStop::NoCandidates;
    int stopSize = 0; // the itemset size not counted
    std::size_t counted() const;
};

// Throws DomainError when `count` candidates of size k, after `countedBefore` of smaller sizes, pass the limit.
void checkCandidateLimit(const CandidateLimit& limit, std::size_t count, int k, std::size_t countedBefore);
// How many candidates the next level may have after `counted` in all.
std::size_t candidateRoom(const CandidateLimit& limit, std::size_t counted);

// Runs Apriori over items 0..itemCount-1. `startLevel(k, candidates)` sees each level before it is judged;
// `judge(itemset)` returns whether the itemset generates the next level. Candidates come in lexicographic
// order, each ascending. Throws what checkCandidateLimit, startLevel, judge and the progress throw.
template <class Item, class StartLevel, class Judge>
LevelwiseRun levelwise(std::size_t itemCount, const LevelwiseOptions& o, StartLevel&& startLevel, Judge&& judge)
{
    LevelwiseRun run;
    std::vector<std::vector<Item>> candidates(itemCount);
    for (std::size_t a = 0; a < itemCount; ++a)
        candidates[a] = {static_cast<Item>(a)};
    std::size_t counted = 0;
    for (int k = 1;; ++k) {
        if (candidates.empty() || k > o.maxSize) {
            run.stop = candidates.empty() ? LevelwiseStop::NoCandidates : LevelwiseStop::MaxSize;
            run.stopSize = k;
            break;
        }
        checkCandidateLimit(o.limit, candidates.size(), k, counted);
        startLevel(k, static_cast<const std::vector<std::vector<Item>>&>(candidates));
        std::vector<std::vector<Item>> kept;
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            if (judge(static_cast<const std::vector<Item>&>(candidates[i])))
                kept.push_back(std::move(candidates[i]));
            if (o.progress && (i & 1023) == 1023)
                o.progress(std::min(1.0, (k - 1 + static_cast<double>(i) / candidates.size()) / o.maxSize));
        }
        counted += candidates.size();
        run.levels.push_back({k, candidates.size(), kept.size()});
        // past the largest size one candidate tells "stopped at the size" from "none left"
        candidates = aprioriCandidates(kept, k + 1 > o.maxSize ? 0 : candidateRoom(o.limit, counted));
    }
    if (o.progress)
        o.progress(1.0);
    return run;
}

} // namespace rr
