#pragma once
// A randomized basket release of any length (issue 19): the baskets are read once, in order, each randomized
// from the ChaCha20 stream of its chunk and scattered to temporary buckets (ExternalShuffle), then written in a
// uniformly random order with FILE.sizes in the same order (line i: the original size of line i's basket),
// all or nothing, never more readable than the input. Memory: one chunk of lines and one bucket (at most 64
// MiB), whatever the number of baskets. The CLI's `basket randomize` and the Baskets workspace's release both
// come here.
#include "core/baskets/BasketOperator.h"
#include "core/baskets/FimiReader.h"
#include "core/baskets/Progress.h"
#include "core/baskets/Transactions.h"
#include "core/data/AtomicWrite.h"
#include "core/randomization/RandomSource.h"

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace rr {

// Hands every basket of the input to `basket` once, in the input's order (a FIMI file read again, a table in
// memory).
using BasketScan = std::function<void(const FimiBasketSink& basket)>;

// How the release is written: a first line (a CSV's header, with its line end; empty for FIMI) and each
// basket's line, appended without its end.
struct BasketLineFormat {
    std::string header;
    std::function<void(std::string& line, std::span<const std::uint32_t> basket)> line;
};
// FIMI: the items' labels (the input's ids) ascending, separated by one space; an empty basket is an empty line.
BasketLineFormat fimiLines(const Transactions& labels);

struct BasketReleaseReport {
    std::size_t baskets = 0, occurrences = 0; // of the release
    std::size_t kept = 0, inserted = 0;       // occurrences kept from the original basket, and added
    std::size_t buckets = 0;                  // temporary files the order was drawn with
    std::string sizesPath;                    // FILE.sizes, or empty when the operator's recovery needs none
};

// Randomizes the baskets of `scan` (whose summary is `summary`: the same baskets) with `op` and writes them to
// `path` in a uniformly random order, with FILE.sizes when the operator's recovery needs it and `sideFiles`.
// Randomness: a key drawn from `rng`, one stream per chunk of baskets and per bucket. Throws InputError for an
// operator that does not fit the baskets or baskets that differ from the summary, DomainError for a release
// over the size limit, IoError when the disk fails; `progress` returning false cancels (Cancelled).
BasketReleaseReport streamBasketRelease(const BasketScan& scan, const BasketSummary& summary, const BasketOperator& op,
                                        RandomSource& rng, const std::string& path, unsigned modeMask,
                                        const BasketLineFormat& format, std::vector<FileWrite> sideFiles = {},
                                        const BasketProgress& progress = {});

} // namespace rr
