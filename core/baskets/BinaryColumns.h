#pragma once
#include "core/baskets/Transactions.h"
#include "core/data/Table.h"

#include <string>
#include <vector>

namespace rr {

// Baskets from 0/1 columns (a CSV such as COIL's binarized A..J, 003 Table 3.1): item a is the a-th
// chosen column, present when the record's value is "1".
struct BinaryBaskets {
    Transactions transactions; // labels empty: item a = column a of `itemNames`
    std::vector<std::string> itemNames;
};

// `columns` are attribute indices (empty: all). Every chosen column must have only the categories
// "0" and "1" and no missing value; weighted tables are refused (baskets are individual records).
// Throws InputError naming the column (and record) otherwise.
BinaryBaskets basketsFromBinaryColumns(const Table& table, const std::vector<int>& columns = {});

} // namespace rr
