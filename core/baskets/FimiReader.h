#pragma once
#include "core/baskets/Progress.h"
#include "core/baskets/Transactions.h"

#include <cstdint>
#include <functional>
#include <istream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rr {

// Limits of the FIMI reader; input beyond any of them is refused with an InputError that states the limit.
struct FimiLimits {
    std::size_t maxLineBytes = std::size_t(1) << 20;        // 1 MiB per line
    std::uint32_t maxItemId = (std::uint32_t(1) << 24) - 1; // 16,777,215 (the universe is allocated per id)
    std::size_t maxBasketItems = 100'000;                   // items on one line
    std::size_t maxBaskets = 100'000'000;                   // lines
    std::size_t maxOccurrences = 500'000'000;               // items in the whole file (2 GB in memory)
};

enum class EmptyLinePolicy {
    KeepAsEmptyBasket, // an empty (or blank) line is a basket with no items: the line count stays N
    Skip               // empty lines are dropped, and counted in the report
};

struct FimiOptions {
    FimiLimits limits;
    EmptyLinePolicy emptyLines = EmptyLinePolicy::KeepAsEmptyBasket;
    std::string sourceName = "input"; // named in error messages, e.g. the file name
    // The item universe when it is known, e.g. reading a release back (ids 0..itemCount-1, a larger id is an
    // error); 0: the largest id read + 1.
    std::uint32_t itemCount = 0;
};

// What the reader saw besides the baskets (nothing is dropped or merged silently).
struct FimiReport {
    std::size_t lines = 0;                    // lines read (a final line without '\n' counts)
    std::size_t emptyLines = 0;               // lines with no item (blank or whitespace only)
    std::vector<std::size_t> firstEmptyLines; // their 1-based numbers, the first 10
    std::size_t duplicateItems = 0;           // repeated items collapsed within a basket
    std::size_t basketsWithDuplicates = 0;
    std::size_t firstDuplicateLine = 0; // 0 when none
    std::size_t crlfLines = 0;          // lines ended by "\r\n" (accepted)
};

struct FimiData {
    Transactions transactions; // itemCount = largest id + 1; labels empty (ids are items)
    FimiReport report;
};

// FIMI format: one basket a line, item ids as non-negative decimal integers separated by spaces or
// tabs. Throws InputError naming the source and line for: a token that is not an integer, a negative
// id, an id above limits.maxItemId, invalid bytes (anything but digits, '-', '+', '.', letters and
// other printable ASCII inside tokens are reported as non-integer tokens; control and non-ASCII bytes
// as invalid bytes), and any limit exceeded. A byte buffer (libFuzzer) or a stream.
FimiData parseFimi(std::string_view text, const FimiOptions& options = {}, const BasketProgress& progress = {});
FimiData readFimi(std::istream& in, const FimiOptions& options = {}, const BasketProgress& progress = {});
// Opens `path` (InputError when it cannot) and reads it; the file name goes into messages.
FimiData readFimiFile(const std::string& path, FimiOptions options = {}, const BasketProgress& progress = {});

// The same file read once without holding its baskets: each goes to `basket` in file order (ascending,
// distinct items; an empty line as an empty basket unless options.emptyLines skips it), with the same checks
// and messages, except the limits on baskets and occurrences, which bound only what a read holds.
using FimiBasketSink = std::function<void(std::span<const std::uint32_t> basket)>;
struct FimiScan {
    FimiReport report;
    std::uint32_t itemCount = 0; // options.itemCount, else the largest id + 1
    std::size_t baskets = 0, occurrences = 0;
};
FimiScan scanFimi(std::istream& in, const FimiOptions& options, const FimiBasketSink& basket,
                  const BasketProgress& progress = {});
FimiScan scanFimiFile(const std::string& path, FimiOptions options, const FimiBasketSink& basket,
                      const BasketProgress& progress = {});

} // namespace rr
