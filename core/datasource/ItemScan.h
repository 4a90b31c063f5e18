#pragma once
// Binary items (003 Sec. 3.2) read from any source in one streaming pass: one bit per item and record, never
// the records, so `rules` and the Rules view mine any number of them. Optionally a simulated randomized
// release of the items' attributes is drawn beside them, record by record, from a seeded stream per chunk.
#include "core/datasource/DataSource.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/rules/BinaryItems.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace rr {

// One item: an attribute of the source and the categories that make it present.
struct ItemColumn {
    std::string attribute;
    std::vector<std::string> categories; // every category the attribute shows (codes index them)
    std::vector<char> present;           // per category: 1 where the item holds
};

struct ItemScanRequest {
    std::vector<ItemColumn> items;
    // DropIfUsedMissing: a record missing an item's attribute is not mined; DropIncomplete: one missing any.
    MissingPolicy policy = MissingPolicy::DropIfUsedMissing;
    // A simulated release: the matrix of each attribute to randomize, by name (an attribute that gives several
    // items is drawn once per record). Empty: none.
    std::map<std::string, DistortionMatrix> randomize;
    std::uint64_t seed = 1;
};

struct ItemScan {
    BinaryItems original;   // names: the attributes; records: those the policy keeps
    BinaryItems randomized; // the simulated release of the same records (no items unless asked)
    std::size_t dropped = 0;
};

// Throws InputError for a weighted source (rules count single records), an unknown attribute, a value outside
// an item's categories, or a matrix of the wrong size; Cancelled when `progress` returns false.
// Memory: one bit per item and kept record (two with a simulated release), and the chunks in flight.
ItemScan scanItems(const DataSource& source, const ItemScanRequest& request, const ProgressFunction& progress = {});

} // namespace rr
