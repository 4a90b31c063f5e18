#include "core/itemsets/Levelwise.h"

#include "core/data/Errors.h"

namespace rr {

std::size_t LevelwiseRun::counted() const
{
    std::size_t n = 0;
    for (const LevelCount& l : levels)
        n += l.candidates;
    return n;
}

void checkCandidateLimit(const CandidateLimit& limit, std::size_t count, int k, std::size_t countedBefore)
{
    if (limit.inAll && countedBefore + count > limit.max)
        throw DomainError("mining would count more than " + std::to_string(limit.max) + " candidate itemsets (" +
                          std::to_string(countedBefore) + " counted before itemsets of " + std::to_string(k) +
                          " items); " + limit.advice);
    if (!limit.inAll && count > limit.max)
        throw DomainError("Apriori at itemset size " + std::to_string(k) + " has more than " +
                          std::to_string(limit.max) + " candidates (the limit); " + limit.advice);
}

std::size_t candidateRoom(const CandidateLimit& limit, std::size_t counted)
{
    return limit.inAll ? limit.max - std::min(limit.max, counted) : limit.max;
}

} // namespace rr
