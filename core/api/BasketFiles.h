#pragma once
// The files the basket actions read (issue 43): baskets (FIMI, or a CSV of 0/1 columns), a release with the
// files beside it (FILE.sizes: the original sizes, 004 Sec. 4.4; FILE.frequent: frequency-aware's frequent
// items), item and itemset lists as the user names them, and a basket file's JSON.
#include "core/api/JsonValues.h"
#include "core/basketpipeline/BasketFileLoad.h"
#include "core/basketpipeline/BasketReleaseStream.h"
#include "core/basketpipeline/BinaryColumnScan.h"
#include "core/baskets/BasketOperator.h"
#include "core/baskets/FimiReader.h"
#include "core/baskets/RandomizeBaskets.h"
#include "core/baskets/Transactions.h"
#include "core/datasource/DataSource.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace rr::api {

// --data, --columns and --items of a basket action.
struct BasketDataRequest {
    std::string path;
    std::optional<std::vector<std::string>> columns; // a CSV's item columns (default: all); refused for FIMI
    std::optional<std::uint32_t> itemCount;          // a FIMI file's universe (default: the largest id + 1)
};

// FIMI, or a CSV of 0/1 columns when the path ends in .csv. An id >= itemCount is an error. Empty lines stay
// empty baskets (line i is basket i).
LoadedBaskets loadBaskets(const BasketDataRequest& request);

// The baskets of a file for a release of any length: read once for the summary and again by `scan`, never
// held. `held` is empty and gives the universe (FIMI: ids are items).
struct StreamedBaskets {
    BasketFile file;
    BasketSummary summary;
    Transactions held;
    FimiOptions fimi;                      // how the FIMI file is read again
    std::shared_ptr<const DataSource> csv; // how the CSV is read again
    BinaryColumnItems columns;             // its item columns

    // Every basket once, in the file's order (refers to this object).
    BasketScan scan() const;
};
StreamedBaskets streamBaskets(const BasketDataRequest& request);

// A release read back with the files its operator needs: FILE.sizes (needsSizes) and FILE.frequent
// (frequency-aware).
struct LoadedRelease {
    BasketFile file;
    BasketRelease release;
    std::string sizesPath;                   // empty: not read (per-item operators)
    std::string frequentPath;                // empty: not read
    std::vector<std::uint8_t> frequentItems; // frequency-aware: one flag per item
};
LoadedRelease loadRelease(const BasketDataRequest& request, OperatorKind kind);

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

// "57.48%" for messages and labels.
std::string percent(double v);

} // namespace rr::api
