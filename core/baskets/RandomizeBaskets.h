#pragma once
#include "core/baskets/BasketOperator.h"
#include "core/baskets/Progress.h"
#include "core/baskets/Transactions.h"
#include "core/randomization/RandomSource.h"

#include <cstdint>
#include <span>
#include <vector>

namespace rr {

// A randomized release: the randomized baskets and each basket's original size m, which 004's
// recovery needs (Sec. 4.4: the server knows m; written beside the release as FILE.sizes).
struct BasketRelease {
    Transactions baskets;                     // same universe and labels as the original
    std::vector<std::uint32_t> originalSizes; // one per basket
};

struct RandomizeOptions {
    // A release is refused before any allocation when its expected item occurrences exceed this
    // (select-a-size adds about rho * n items to every basket: rho = 0.3 on 16,470 items is ~5,000 a basket).
    double maxOccurrences = 200'000'000;
};

// Expected item occurrences of the release (sum over baskets of the expected randomized size).
double expectedReleaseOccurrences(const BasketSummary& summary, const BasketOperator& op);

// Refuses (DomainError stating the expected size and the limit) a release above options.maxOccurrences.
void checkReleaseSize(const BasketSummary& summary, const BasketOperator& op, const RandomizeOptions& options = {});

// One basket randomized by the operator (004 Def. 5; the samplers of BasketSamplers.h), for the whole-table
// randomizeBaskets and for releases that stream. The operator must have passed checkOperator and outlive this.
class BasketRandomizer {
public:
    BasketRandomizer(const BasketOperator& op, std::uint32_t itemCount);
    void randomize(std::span<const std::uint32_t> in, RandomSource& rng, std::vector<std::uint32_t>& out) const;

private:
    const BasketOperator& m_op;
    std::uint32_t m_itemCount;
    std::vector<std::vector<double>> m_cumulative; // select-a-size: cumulative p_m[j] per size
    std::vector<std::uint32_t> m_frequent, m_infrequent;
};

// Baskets are randomized in chunks of kBasketChunk, chunk c from ChaCha20 stream c of a key drawn from the
// caller's generator: the same seed gives the same randomized baskets whether they are held (randomizeBaskets,
// the workspace's preview) or stream to a release (streamBasketRelease), and the chunks never share a stream.
inline constexpr std::size_t kBasketChunk = 4096;
RandomSource basketChunkStream(const StreamKey& key, std::uint64_t chunk);

// Randomizes every basket independently (004 Def. 5) with `rng` (RandomSource::secure() for a
// release, seeded only for exploration). Validates the operator first (InputError), refuses a
// release above options.maxOccurrences (DomainError stating the expected size and the limit).
BasketRelease randomizeBaskets(const Transactions& transactions, const BasketOperator& op, RandomSource& rng,
                               const RandomizeOptions& options = {}, const BasketProgress& progress = {});

} // namespace rr
