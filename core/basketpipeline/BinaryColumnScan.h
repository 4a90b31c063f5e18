#pragma once
// Baskets from 0/1 columns of any source (a CSV file), streamed in the source's order: basket i holds the
// items (the chosen columns, in their order) whose value is 1 in record i. Never holds the baskets: what
// `basket randomize` of a CSV reads twice (its summary, then the release), like a FIMI file.
#include "core/datasource/DataSource.h"
#include "core/baskets/FimiReader.h"

#include <cstddef>
#include <string>
#include <vector>

namespace rr {

struct BinaryColumnItems {
    std::vector<std::size_t> columns; // source attributes, one per item
    std::vector<std::string> names;
};

// The item columns: `names` in that order, or every attribute when empty. InputError for an unknown name
// (listing the columns) or a weighted source (baskets are single records).
BinaryColumnItems binaryColumnItems(const DataSource& source, const std::vector<std::string>& names);

// Hands each record's basket to `basket`, in order. InputError naming the column and the value for a value
// other than 0 and 1, and the record's number for a missing one; Cancelled when `progress` says so.
void scanBinaryColumns(const DataSource& source, const BinaryColumnItems& items, const FimiBasketSink& basket,
                       const ProgressFunction& progress = {});

} // namespace rr
