#pragma once
// Shared by the SQL tests: the bundled Adult sample loaded into a database (SQLite file or the test
// PostgreSQL server of scripts/pg-test-server.sh), and comparisons of the SQL path with the CSV path by
// category name (the CSV path keeps first-appearance order, SQL sorts).
#include "SqlTestData.h"
#include "TestSupport.h"

#include "core/analysis/PreparedAnalysis.h"
#include "core/data/CsvReader.h"
#include "core/data/Errors.h"
#include "core/optimization/OptimalParameters.h"
#include "core/sources/SqlSource.h"

#include <QtTest>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace rr::sqltest {

inline const std::vector<std::string> kEmgrw{"education", "marital-status", "sex", "race", "workclass"};
inline const std::vector<std::string> kMissing{"?"};

inline AnalysisSpec emgrwSpec()
{
    AnalysisSpec s;
    s.quasiIdentifiers = {"education", "marital-status", "sex", "race"};
    s.sensitive = "workclass";
    s.policy = MissingPolicy::DropIncomplete;
    return s;
}

// Compares a SQL PreparedTable with the CSV one cell by cell, mapping categories by name.
inline bool sameCounts(const PreparedTable& sql, const PreparedTable& csv, std::string& why)
{
    std::ostringstream out;
    if (sql.names != csv.names || sql.dims != csv.dims) {
        why = "names or dims differ";
        return false;
    }
    if (sql.loadedRows != csv.loadedRows || sql.droppedRows != csv.droppedRows || sql.records != csv.records) {
        out << "rows differ: loaded " << sql.loadedRows << " vs " << csv.loadedRows << ", dropped " << sql.droppedRows
            << " vs " << csv.droppedRows << ", records " << sql.records << " vs " << csv.records;
        why = out.str();
        return false;
    }
    for (std::size_t cell = 0; cell < csv.joint.cellCount(); ++cell) {
        const auto values = csv.cellValues(cell);
        std::vector<int> axes(values.size());
        for (std::size_t k = 0; k < axes.size(); ++k)
            axes[k] = static_cast<int>(k);
        const long long other = sql.cellIndex(axes, values);
        if (other < 0) {
            why = "a CSV category is not among the SQL categories: " + csv.cellLabel(axes, cell);
            return false;
        }
        const double a = sql.joint.counts()[other];
        const double b = csv.joint.counts()[static_cast<Eigen::Index>(cell)];
        if (a != b) {
            out << "cell " << csv.cellLabel(axes, cell) << ": SQL " << a << ", CSV " << b;
            why = out.str();
            return false;
        }
    }
    return true;
}

// The same table with each axis' categories sorted ascending and the counts moved with them: the CSV
// path's result relabelled in SQL's order.
inline PreparedTable sortedCategories(const PreparedTable& t)
{
    PreparedTable out = t;
    std::vector<std::vector<int>> newIndex(t.categories.size());
    for (std::size_t k = 0; k < t.categories.size(); ++k) {
        std::sort(out.categories[k].begin(), out.categories[k].end());
        for (const auto& c : t.categories[k])
            newIndex[k].push_back(static_cast<int>(std::find(out.categories[k].begin(), out.categories[k].end(), c) -
                                                   out.categories[k].begin()));
    }
    out.joint = ContingencyTable(t.dims, t.names);
    for (std::size_t cell = 0; cell < t.joint.cellCount(); ++cell) {
        auto coords = t.joint.coordinates(cell);
        for (std::size_t k = 0; k < coords.size(); ++k)
            coords[k] = newIndex[k][static_cast<std::size_t>(coords[k])];
        out.joint.counts()[static_cast<Eigen::Index>(out.joint.index(coords))] =
            t.joint.counts()[static_cast<Eigen::Index>(cell)];
    }
    return out;
}

// Rows of a table as a multiset of value tuples.
inline std::map<std::vector<std::string>, int> recordMultiset(const Table& t, const std::vector<std::string>& names)
{
    const auto idx = t.attributeIndices(names);
    std::map<std::vector<std::string>, int> out;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        std::vector<std::string> row;
        for (int c : idx)
            row.push_back(*csvValue(t, static_cast<std::size_t>(c), r));
        ++out[row];
    }
    return out;
}

template <typename E, typename F>
std::string errorOf(F f)
{
    try {
        f();
    } catch (const E& e) {
        return e.what();
    } catch (const std::exception& e) {
        return std::string("WRONG EXCEPTION TYPE: ") + e.what();
    }
    return "NO EXCEPTION";
}

} // namespace rr::sqltest
