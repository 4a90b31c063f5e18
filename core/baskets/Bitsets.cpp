#include "core/baskets/Bitsets.h"

namespace rr {

// Compiled twice so that CPUs with POPCNT use it (function multiversioning, chosen at load time).
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__clang__)
#define RR_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define RR_POPCNT_CLONES
#endif

RR_POPCNT_CLONES
std::uint64_t andPopcount(const std::uint64_t* const* sets, std::size_t k, std::size_t begin, std::size_t end)
{
    std::uint64_t sum = 0;
    switch (k) {
    case 1:
        for (std::size_t w = begin; w < end; ++w)
            sum += static_cast<std::uint64_t>(__builtin_popcountll(sets[0][w]));
        return sum;
    case 2:
        for (std::size_t w = begin; w < end; ++w)
            sum += static_cast<std::uint64_t>(__builtin_popcountll(sets[0][w] & sets[1][w]));
        return sum;
    case 3:
        for (std::size_t w = begin; w < end; ++w)
            sum += static_cast<std::uint64_t>(__builtin_popcountll(sets[0][w] & sets[1][w] & sets[2][w]));
        return sum;
    default:
        for (std::size_t w = begin; w < end; ++w) {
            std::uint64_t x = sets[0][w];
            for (std::size_t i = 1; i < k && x; ++i)
                x &= sets[i][w];
            sum += static_cast<std::uint64_t>(__builtin_popcountll(x));
        }
        return sum;
    }
}

RR_POPCNT_CLONES
std::uint64_t andInto(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out, std::size_t words)
{
    std::uint64_t sum = 0;
    for (std::size_t w = 0; w < words; ++w) {
        out[w] = a[w] & b[w];
        sum += static_cast<std::uint64_t>(__builtin_popcountll(out[w]));
    }
    return sum;
}

} // namespace rr
