#pragma once
// What every computation on a table needs, and nothing more: the records kept under a missing-value
// policy, the categories present in them, and their counts over the chosen attributes.
#include "core/contingency/ContingencyTable.h"
#include "core/data/Table.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rr {

struct PreparedTable {
    std::vector<std::string> names;                   // the axes, in the order asked for
    std::vector<std::vector<std::string>> categories; // categories present in the kept records, per axis
    std::vector<int> dims;
    ContingencyTable joint; // counts (weighted) over the axes
    double records = 0;     // kept records (weighted)
    std::size_t loadedRows = 0;
    std::size_t droppedRows = 0;

    std::size_t keptRows() const { return loadedRows - droppedRows; }
    int axisCount() const { return static_cast<int>(dims.size()); }
    // Axis of an attribute name, or -1.
    int axisOf(const std::string& name) const;
    // Values of a cell of the marginal over `axes`, one per axis.
    std::vector<std::string> cellValues(const std::vector<int>& axes, std::size_t cell) const;
    // Values of a joint cell, one per axis.
    std::vector<std::string> cellValues(std::size_t jointCell) const;
    // "Bachelors | Male" for a cell of the marginal over `axes`.
    std::string cellLabel(const std::vector<int>& axes, std::size_t cell) const;
    // Index of a marginal cell from its values, or -1 when a value is not a category.
    long long cellIndex(const std::vector<int>& axes, const std::vector<std::string>& values) const;
};

// Keeps the records complete in `names` (or in every column, DropIncomplete), then counts them over
// `names`. The domain of each axis is the categories that occur in the kept records, in the table's
// order: the papers' d_i count the categories present (e.g. 7 workclasses in complete Adult records).
// Throws InputError for no attribute, an unknown or repeated name, no record left, counts that add up to
// infinity, or a domain over maxCells cells (with its size).
PreparedTable prepareTable(const Table& table, const std::vector<std::string>& names, MissingPolicy policy,
                           std::size_t maxCells = ContingencyTable::kDefaultMaxCells);

} // namespace rr
