#pragma once
// The SQL text every SqlSource call sends, built without Qt from quoted names: each column is read as
// text the same way everywhere (so a numeric column is categories too), and the missing-value policy is
// one boolean expression.
#include "core/sources/SqlUrl.h"

#include <cstddef>
#include <string>
#include <vector>

namespace rr::sql {

// How to write names and values for one connection.
struct SqlDialect {
    SqlEngine engine = SqlEngine::SQLite;
    // Identifier quotes ('"' for PostgreSQL and SQLite; what the ODBC driver reports). 0: the driver
    // quotes nothing, so only plain names (letters, digits, '_') can be used.
    char open = '"', close = '"';
    // LIMIT n OFFSET m (PostgreSQL, SQLite, Snowflake, Spark, ...) or the standard OFFSET m ROWS FETCH NEXT
    // n ROWS ONLY (Trino, SQL Server, Oracle, DB2).
    bool standardPaging = false;
};

// A column of the source: its name, whether the driver reports it as text, and its declared type.
struct SqlColumn {
    std::string name;
    bool text = true;
    std::string type; // as a CREATE TABLE takes it ("integer", "character varying(20)"); empty: unknown
};

std::string quoteName(const SqlDialect& d, const std::string& name);

// `FROM` target: the quoted table, or `(query) AS src`.
std::string sourceExpression(const SqlDialect& d, const SqlLocation& location);

// The column's value as text: CAST(c AS TEXT) for PostgreSQL and SQLite; over ODBC a text column as it is
// and any other through the ODBC escape {fn CONVERT(c, SQL_VARCHAR)}, which the driver translates.
std::string valueExpression(const SqlDialect& d, const SqlColumn& column);

// True when the row has a value in every listed column: not NULL and none of the missing tokens.
std::string completeCondition(const SqlDialect& d, const std::vector<SqlColumn>& columns,
                              const std::vector<std::string>& missingTokens);

// SELECT <1 if complete else 0>, v1, ..., vk, COUNT(*) ... GROUP BY the same: the kept counts and the
// dropped rows in one statement (one snapshot).
std::string aggregateStatement(const SqlDialect& d, const SqlLocation& location, const std::vector<SqlColumn>& used,
                               const std::string& condition);
// SELECT v, COUNT(*) ... GROUP BY v for one column.
std::string distinctStatement(const SqlDialect& d, const SqlLocation& location, const SqlColumn& column);
// Every column's values and counts in one statement (PostgreSQL: GROUP BY GROUPING SETS ((c0), (c1), ...)):
// GROUPING(c0), ..., GROUPING(ck), c0, ..., ck, COUNT(*), where the one GROUPING() that is 0 names the column.
// With a condition, each set is (kept, ci) and the kept flag (1 or 0) comes before c0.
std::string groupingSetsStatement(const SqlDialect& d, const SqlLocation& location,
                                  const std::vector<SqlColumn>& columns, const std::string& condition = {});
// SELECT COUNT(*) [WHERE condition].
std::string countStatement(const SqlDialect& d, const SqlLocation& location, const std::string& condition = {});
// SELECT v1, ..., vk [WHERE condition].
std::string selectStatement(const SqlDialect& d, const SqlLocation& location, const std::vector<SqlColumn>& columns,
                            const std::string& condition = {});
// A page of every column, ordered by the `orderBy` columns' own values (not their text) or, with none,
// in the engine's order.
std::string pageStatement(const SqlDialect& d, const SqlLocation& location, const std::vector<SqlColumn>& columns,
                          std::size_t offset, std::size_t limit, const std::vector<SqlColumn>& orderBy = {});
// SELECT * ... WHERE 1 = 0: checks the table or query and reads its columns.
std::string probeStatement(const SqlDialect& d, const SqlLocation& location);

} // namespace rr::sql
