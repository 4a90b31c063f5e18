#pragma once
// Binary items (0 = absent, 1 = present) of N records stored as bit columns, so the 2^k table of any
// itemset is counted with word-wide AND and popcount (003 Sec. 3.2: market baskets, COIL's items A..J).
#include "core/data/Table.h"

#include <Eigen/Core>

#include <cstdint>
#include <string>
#include <vector>

namespace rr {

// Largest itemset whose 2^k table is counted (2^20 cells).
inline constexpr int kMaxItemsetSize = 20;

struct BinaryItems {
    std::vector<std::string> names;
    std::size_t records = 0;
    std::vector<std::vector<std::uint64_t>> bits; // bits[item][record / 64], bit record % 64 = present
};

// The index of category "1" of a 0/1 attribute; InputError naming the attribute when it has other
// categories (choose the present category explicitly then).
int presentCategoryOf(const Attribute& attribute);

// Items from a table: attribute `attributes[i]` is present when its code is `present[i]` (other categories
// pooled as absent). Refuses weighted tables and missing values (InputError naming the attribute).
BinaryItems binaryItems(const Table& table, const std::vector<int>& attributes, const std::vector<int>& present);
// The same with a set of present categories per item (presentSets[i][code] != 0), e.g. an attribute
// binarized by a threshold.
BinaryItems binaryItems(const Table& table, const std::vector<int>& attributes,
                        const std::vector<std::vector<char>>& presentSets);

// The 2^k counts of the listed items (distinct, k <= kMaxItemsetSize), row-major with the first item the
// most significant bit: the last cell counts records holding every item.
Eigen::VectorXd itemsetCounts(const BinaryItems& data, const std::vector<int>& items);

// Records holding every listed item (the empty itemset: all records).
std::size_t countAllPresent(const BinaryItems& data, const std::vector<int>& items);

} // namespace rr
