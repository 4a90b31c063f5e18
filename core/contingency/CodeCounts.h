#pragma once
// Counting records given as integer codes per column (a data frame's categorical codes, NumPy arrays) into
// the table the analysis counts from: one row per distinct joint cell, weighted by its count. Cells and
// each column's categories come in order of first appearance, the order the CSV reader gives, so an analysis
// of the counts lists its cells as the same analysis of the records does. Counts add up (partial counts of
// the parts of a data set merge into the counts of the whole).
#include "core/data/Table.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rr {

// One column: its name, the label of each code, and a code per record (-1 missing; values < -1 or beyond the
// labels are an InputError naming the column and the row).
struct CodeColumn {
    std::string name;
    std::vector<std::string> labels;
    const std::int32_t* codes = nullptr;
};

// The weighted table of distinct cells (weights = counts) of `rows` records, each counted once or, given
// `weights`, by its weight. Labels that no record shows are left out. InputError for no column, repeated column
// names, repeated labels in a column or a bad code.
Table countCodes(const std::vector<CodeColumn>& columns, std::size_t rows, const double* weights = nullptr);

// The records themselves (no counting), categories in order of first appearance as the CSV reader has them; a
// column marked in `wholeDomain` keeps every label, in the order given, as its categories (a part of a larger
// table is randomized over the whole table's domain, not over what the part shows). The same checks.
Table recordsFromCodes(const std::vector<CodeColumn>& columns, std::size_t rows,
                       const std::vector<bool>& wholeDomain = {});

// `a` plus `b`: the same columns in the same order (InputError otherwise), cells matched by their labels;
// the cells and categories of `a` first, then those only `b` has, in its order.
Table addCounts(const Table& a, const Table& b);

} // namespace rr
