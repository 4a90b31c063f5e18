#pragma once
// Turns the rows a GROUP BY returns into the core's types, checking the limits as the rows arrive.
// SQL has no first-appearance order, so categories come out sorted ascending by their bytes (UTF-8
// code-point order), the same on every engine whatever its collation.
#include "core/datasource/PreparedTable.h"
#include "core/contingency/ContingencyTable.h"
#include "core/data/Table.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace rr::sql {

struct SqlLimits {
    std::size_t maxCategories = 1'000'000; // distinct values per attribute
    std::size_t maxCells = ContingencyTable::kDefaultMaxCells;
    std::size_t maxPageRows = 100'000; // rows() per call
    // How long one statement may run on a server before the server stops it (PostgreSQL statement_timeout,
    // ODBC SQL_ATTR_QUERY_TIMEOUT); 0: no limit. SQLite, in-process, has none.
    unsigned statementTimeoutSeconds = kDefaultStatementTimeoutSeconds;
    static constexpr unsigned kDefaultStatementTimeoutSeconds = 600;
};

// The categories of one attribute as they arrive, then sorted.
class CategoryCodes {
public:
    CategoryCodes(std::string attribute, std::size_t maxCategories);
    // The code of a value, adding it when new; throws InputError past the limit (naming the attribute).
    std::int32_t code(const std::string& value);
    std::size_t size() const { return m_labels.size(); }
    const std::string& attribute() const { return m_attribute; }
    // The labels sorted, and per arrival code its sorted code.
    std::vector<std::string> sorted(std::vector<std::int32_t>& remap) const;

private:
    std::string m_attribute;
    std::size_t m_max;
    std::unordered_map<std::string, std::int32_t> m_index;
    std::vector<std::string> m_labels;
};

// Kept groups (values over the attributes and a count) and dropped rows, into a PreparedTable.
class GroupCounts {
public:
    GroupCounts(std::vector<std::string> names, const SqlLimits& limits);
    // Throws InputError past maxCategories or maxCells (with the figure), or for a count that is not a
    // non-negative whole number.
    void addKept(const std::vector<std::string>& values, double count);
    void addDropped(double count);
    std::size_t groups() const { return m_counts.size(); }
    // Sorted categories, the dense joint table, records, loaded and dropped rows.
    // Throws InputError when no record is kept.
    PreparedTable finish() const;

private:
    std::vector<std::string> m_names;
    SqlLimits m_limits;
    std::vector<CategoryCodes> m_axes;
    std::vector<std::int32_t> m_codes; // groups() x axes, arrival codes
    std::vector<double> m_counts;
    double m_dropped = 0;
};

// Record rows into a Table over the attributes (sorted categories), refusing past maxRows.
class RecordRows {
public:
    RecordRows(std::vector<std::string> names, const SqlLimits& limits);
    void add(const std::vector<std::string>& values);
    std::size_t rows() const { return m_rows; }
    Table finish() const;

private:
    std::vector<CategoryCodes> m_axes;
    std::vector<std::vector<std::int32_t>> m_codes; // per axis
    std::size_t m_rows = 0;
};

} // namespace rr::sql
