#pragma once
// The files the `basket` subcommands read: baskets (FIMI, or a CSV of 0/1 columns), a release with the files
// beside it (FILE.sizes: the original sizes, 004 Sec. 4.4; FILE.frequent: frequency-aware's frequent items),
// and item and itemset lists as the user names them.
#include "app/cli/Json.h"
#include "app/cli/Options.h"
#include "core/basketpipeline/BasketFileLoad.h"
#include "core/basketpipeline/BinaryColumnScan.h"
#include "core/basketpipeline/BasketReleaseStream.h"
#include "core/basketpipeline/BasketsPipeline.h"
#include "core/baskets/BasketOperator.h"
#include "core/baskets/FimiReader.h"
#include "core/baskets/RandomizeBaskets.h"
#include "core/baskets/Transactions.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace rr::cli {

// --data FILE (help text per subcommand), --columns, --items.
std::vector<OptionSpec> basketDataOptions(const std::string& dataHelp);

// FIMI, or a CSV of 0/1 columns (--columns, all by default) when the path ends in .csv. --items N sets the
// FIMI universe (an id >= N is an error). Empty lines stay empty baskets (line i is basket i).
LoadedBaskets loadBaskets(const std::string& path, const Options& options);

// The baskets of --data for a release of any length: the file (FIMI, or a CSV of 0/1 columns) is read once for
// its summary and again by `scan`, never held. `held` is empty and gives the universe (FIMI: ids are items).
struct StreamedBaskets {
    BasketFile file;
    BasketSummary summary;
    Transactions held;
    FimiOptions fimi;                            // how the FIMI file is read again
    std::shared_ptr<const DataSource> csv;       // how the CSV is read again
    BinaryColumnItems columns;                   // its item columns

    // Every basket once, in the file's order (refers to this object).
    BasketScan scan() const;
};
StreamedBaskets streamBaskets(const std::string& path, const Options& options);

// A release read back with the files its operator needs: FILE.sizes (usesBasketSizes) and FILE.frequent
// (frequency-aware).
struct LoadedRelease {
    BasketFile file;
    BasketRelease release;
    std::string sizesPath;                   // empty: not read (per-item operators)
    std::string frequentPath;                // empty: not read
    std::vector<std::uint8_t> frequentItems; // frequency-aware: one flag per item
};
LoadedRelease loadRelease(const std::string& path, const Options& options, OperatorKind kind);

// {"file", "format", "baskets", "items", "occurrences", "empty_lines", "duplicates_collapsed", ...}; notes for
// empty lines and collapsed duplicates.
Json basketFileJson(const BasketFile& file, const Transactions& baskets, Notes& notes);
Json basketFileJson(const BasketFile& file, std::size_t baskets, std::uint32_t itemCount, std::size_t occurrences,
                    Notes& notes);

// An item as the user names it: a FIMI id, or a CSV column name.
Json itemJson(const BasketFile& file, const Transactions& baskets, std::uint32_t item);
Json itemsJson(const BasketFile& file, const Transactions& baskets, std::span<const std::uint32_t> items);
// The item a token names (InputError naming `what` for a non-integer id, an id outside the universe or
// an unknown column).
std::uint32_t parseItem(const BasketFile& file, const Transactions& baskets, const std::string& token,
                        const std::string& what);
// "1 2;3 4 5" (items separated by spaces or commas, itemsets by ';'): ascending, distinct items.
std::vector<std::vector<std::uint32_t>> parseItemsets(const BasketFile& file, const Transactions& baskets,
                                                      const std::string& text, const std::string& option);

} // namespace rr::cli
