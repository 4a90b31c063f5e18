#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace rr {

// One categorical column: category labels in a stable order and a code per record
// (index into categories, or kMissing).
struct Attribute {
    static constexpr int32_t kMissing = -1;

    std::string name;
    std::vector<std::string> categories;
    std::vector<int32_t> codes;

    int domainSize() const { return static_cast<int>(categories.size()); }
    std::size_t missingCount() const;
    // Index of a category label, or -1.
    int categoryIndex(const std::string& label) const;
};

// Columnar table of categorical microdata. `weights` is empty for plain records,
// or holds one count per row for aggregated input (a count column).
struct Table {
    std::vector<Attribute> attributes;
    std::vector<double> weights;

    std::size_t rowCount() const { return attributes.empty() ? 0 : attributes.front().codes.size(); }
    double weight(std::size_t row) const { return weights.empty() ? 1.0 : weights[row]; }
    // Sum of weights (the number of individuals the table stands for).
    double totalWeight() const;
    // Index of the attribute with this header name; throws InputError naming it if unknown.
    int attributeIndex(const std::string& name) const;
    std::vector<int> attributeIndices(const std::vector<std::string>& names) const;
};

// Which records a computation uses.
enum class MissingPolicy {
    DropIfUsedMissing, // drop a record only if one of the used attributes is missing
    DropIncomplete     // drop a record with a missing value in any column (as the papers do)
};

// Rows kept for a set of used attributes, and how many (weighted and unweighted) were dropped.
struct RowSelection {
    std::vector<uint32_t> rows;
    std::size_t droppedRows = 0;
    double droppedWeight = 0.0;
};

RowSelection selectRows(const Table& table, const std::vector<int>& usedAttributes, MissingPolicy policy);

// The selected rows as a new table whose categories are only those that occur in them
// (first-appearance order kept). A domain is what the analysed records show: the papers'
// d_i count the categories present in the complete records (e.g. 7 workclasses in Adult).
Table subsetRows(const Table& table, const std::vector<uint32_t>& rows);

// Convenience: select the rows for `usedAttributes` under `policy`, then subsetRows.
// `dropped` receives the number of records dropped.
Table completeRecords(const Table& table, const std::vector<int>& usedAttributes, MissingPolicy policy,
                      std::size_t* dropped = nullptr);

} // namespace rr
