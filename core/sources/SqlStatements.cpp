#include "core/sources/SqlStatements.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <cctype>

namespace rr::sql {

namespace {

bool plainName(const std::string& name)
{
    return !name.empty() && !std::isdigit(static_cast<unsigned char>(name.front())) &&
           std::all_of(name.begin(), name.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// Aliases of the derived columns: plain names the statements choose, so they need no quotes.
std::string alias(std::size_t k)
{
    return "rr_c" + std::to_string(k);
}

} // namespace

std::string quoteName(const SqlDialect& d, const std::string& name)
{
    if (d.open != 0)
        return quoteIdentifier(name, d.open, d.close);
    if (!plainName(name))
        throw InputError("the ODBC driver quotes no names, so '" + name +
                         "' cannot be used (only letters, digits and '_')");
    return name;
}

std::string sourceExpression(const SqlDialect& d, const SqlLocation& location)
{
    if (location.isQuery())
        return "(" + location.query + "\n) AS src";
    if (d.open == 0) {
        std::string out;
        for (const auto& p : location.table.parts) {
            if (!out.empty())
                out += '.';
            out += quoteName(d, p);
        }
        return out;
    }
    return quoteTableName(location.table, d.open, d.close);
}

std::string valueExpression(const SqlDialect& d, const SqlColumn& column)
{
    const std::string c = quoteName(d, column.name);
    switch (d.engine) {
    case SqlEngine::PostgreSQL:
    case SqlEngine::SQLite: return "CAST(" + c + " AS TEXT)";
    case SqlEngine::Odbc: return column.text ? c : "{fn CONVERT(" + c + ", SQL_VARCHAR)}";
    }
    return c;
}

std::string completeCondition(const SqlDialect& d, const std::vector<SqlColumn>& columns,
                              const std::vector<std::string>& missingTokens)
{
    std::string tokens;
    for (const auto& t : missingTokens)
        tokens += (tokens.empty() ? "" : ", ") + quoteLiteral(t, d.engine);
    std::string out;
    for (const auto& c : columns) {
        const std::string v = valueExpression(d, c);
        out += (out.empty() ? "" : " AND ") + v + " IS NOT NULL";
        if (!tokens.empty())
            out += " AND " + v + " NOT IN (" + tokens + ")";
    }
    return out.empty() ? "1 = 1" : out;
}

std::string aggregateStatement(const SqlDialect& d, const SqlLocation& location, const std::vector<SqlColumn>& used,
                               const std::string& condition)
{
    std::string inner = "SELECT CASE WHEN " + condition + " THEN 1 ELSE 0 END AS rr_kept";
    std::string groups = "rr_kept";
    for (std::size_t k = 0; k < used.size(); ++k) {
        inner += ", " + valueExpression(d, used[k]) + " AS " + alias(k);
        groups += ", " + alias(k);
    }
    inner += " FROM " + sourceExpression(d, location);
    return "SELECT " + groups + ", COUNT(*) FROM (" + inner + ") AS rr_rows GROUP BY " + groups;
}

std::string distinctStatement(const SqlDialect& d, const SqlLocation& location, const SqlColumn& column)
{
    return "SELECT rr_c0, COUNT(*) FROM (SELECT " + valueExpression(d, column) + " AS rr_c0 FROM " +
           sourceExpression(d, location) + ") AS rr_rows GROUP BY rr_c0";
}

std::string groupingSetsStatement(const SqlDialect& d, const SqlLocation& location,
                                  const std::vector<SqlColumn>& columns, const std::string& condition)
{
    const std::string kept = condition.empty() ? "" : "rr_kept, ";
    std::string flags, values, inner = condition.empty() ? "" : "CASE WHEN " + condition + " THEN 1 ELSE 0 END AS rr_kept",
                                   sets;
    for (std::size_t k = 0; k < columns.size(); ++k) {
        flags += "GROUPING(" + alias(k) + "), ";
        values += alias(k) + ", ";
        inner += (inner.empty() ? "" : ", ") + valueExpression(d, columns[k]) + " AS " + alias(k);
        sets += (k ? ", (" : "(") + kept + alias(k) + ")";
    }
    return "SELECT " + flags + kept + values + "COUNT(*) FROM (SELECT " + inner + " FROM " +
           sourceExpression(d, location) + ") AS rr_rows GROUP BY GROUPING SETS (" + sets + ")";
}

std::string countStatement(const SqlDialect& d, const SqlLocation& location, const std::string& condition)
{
    return "SELECT COUNT(*) FROM " + sourceExpression(d, location) + (condition.empty() ? "" : " WHERE " + condition);
}

std::string selectStatement(const SqlDialect& d, const SqlLocation& location, const std::vector<SqlColumn>& columns,
                            const std::string& condition)
{
    std::string out = "SELECT ";
    for (std::size_t k = 0; k < columns.size(); ++k)
        out += (k ? ", " : "") + valueExpression(d, columns[k]) + " AS " + alias(k);
    return out + " FROM " + sourceExpression(d, location) + (condition.empty() ? "" : " WHERE " + condition);
}

std::string pageStatement(const SqlDialect& d, const SqlLocation& location, const std::vector<SqlColumn>& columns,
                          std::size_t offset, std::size_t limit, const std::vector<SqlColumn>& orderBy)
{
    std::string select = selectStatement(d, location, columns);
    for (std::size_t k = 0; k < orderBy.size(); ++k)
        select += (k ? ", " : " ORDER BY ") + quoteName(d, orderBy[k].name);
    if (d.standardPaging)
        return select + " OFFSET " + std::to_string(offset) + " ROWS FETCH NEXT " + std::to_string(limit) +
               " ROWS ONLY";
    return select + " LIMIT " + std::to_string(limit) + " OFFSET " + std::to_string(offset);
}

std::string probeStatement(const SqlDialect& d, const SqlLocation& location)
{
    return "SELECT * FROM " + sourceExpression(d, location) + " WHERE 1 = 0";
}

} // namespace rr::sql
