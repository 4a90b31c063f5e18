#include "core/baskets/PartialSupports.h"

#include "core/baskets/Combinatorics.h"
#include "core/data/Errors.h"

#include <bit>

namespace rr {

namespace {

void checkSubsets(std::size_t size, int k)
{
    if (k < 0 || k > 24 || size != (std::size_t(1) << k))
        throw InputError("subset counts of a " + std::to_string(k) + "-itemset need 2^k entries (k <= 24), got " +
                         std::to_string(size));
}

} // namespace

Eigen::VectorXd cumulativeFromPartial(const Eigen::VectorXd& s)
{
    const int k = static_cast<int>(s.size()) - 1;
    Eigen::VectorXd sigma = Eigen::VectorXd::Zero(s.size());
    for (int l = 0; l <= k; ++l)
        for (int j = l; j <= k; ++j)
            sigma(l) += choose(j, l) * s(j); // 004 Statement 4, left formula
    return sigma;
}

Eigen::VectorXd partialFromCumulative(const Eigen::VectorXd& sigma)
{
    const int k = static_cast<int>(sigma.size()) - 1;
    Eigen::VectorXd s = Eigen::VectorXd::Zero(sigma.size());
    for (int l = 0; l <= k; ++l)
        for (int j = l; j <= k; ++j)
            s(l) += ((j - l) % 2 ? -1.0 : 1.0) * choose(j, l) * sigma(j); // 004 Statement 4, right formula
    return s;
}

std::vector<std::int64_t> partialCountsFromSubsetCounts(std::span<const std::uint64_t> counts, int k)
{
    checkSubsets(counts.size(), k);
    std::vector<std::int64_t> cumulative(static_cast<std::size_t>(k) + 1, 0);
    for (std::size_t mask = 0; mask < counts.size(); ++mask)
        cumulative[static_cast<std::size_t>(std::popcount(mask))] += static_cast<std::int64_t>(counts[mask]);
    std::vector<std::int64_t> partial(static_cast<std::size_t>(k) + 1, 0);
    for (int l = 0; l <= k; ++l)
        for (int j = l; j <= k; ++j) // 004 Statement 4 in integers
            partial[static_cast<std::size_t>(l)] += ((j - l) % 2 ? -1 : 1) * static_cast<std::int64_t>(choose(j, l)) *
                                                    cumulative[static_cast<std::size_t>(j)];
    return partial;
}

std::vector<std::int64_t> patternCountsFromSubsetCounts(std::span<const std::uint64_t> counts, int k)
{
    checkSubsets(counts.size(), k);
    std::vector<std::int64_t> f(counts.begin(), counts.end());
    // Moebius transform over supersets: exact(S) = sum_{T >= S} (-1)^{|T \ S|} contains(T)
    for (int i = 0; i < k; ++i)
        for (std::size_t mask = 0; mask < f.size(); ++mask)
            if (!(mask & (std::size_t(1) << i)))
                f[mask] -= f[mask | (std::size_t(1) << i)];
    return f;
}

std::vector<std::int64_t> twoSetCountsFromSubsetCounts(std::span<const std::uint64_t> counts, int kA, int kB)
{
    const std::vector<std::int64_t> pattern = patternCountsFromSubsetCounts(counts, kA + kB);
    std::vector<std::int64_t> out(static_cast<std::size_t>((kA + 1) * (kB + 1)), 0);
    const std::size_t maskA = (std::size_t(1) << kA) - 1;
    for (std::size_t mask = 0; mask < pattern.size(); ++mask) {
        const int la = std::popcount(mask & maskA), lb = std::popcount(mask >> kA);
        out[static_cast<std::size_t>(la * (kB + 1) + lb)] += pattern[mask];
    }
    return out;
}

} // namespace rr
