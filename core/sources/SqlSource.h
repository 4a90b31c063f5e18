#pragma once
// A table or query in a SQL database (SQLite, PostgreSQL, or any engine with an ODBC driver) read the
// way the analysis needs it: the contingency table is counted by the database (one GROUP BY) and only
// the counts come back. Plain C++ types in and out; each engine is reached through its own C library
// (EngineConnection.h), every connection read only.
//
// Threads: a SqlSource holds no connection: every call opens its own, uses it and closes it. Any thread
// may call; concurrent calls on one SqlSource are safe (it is read only after open()).
//
// Errors: a wrong URL, a missing driver, a server that cannot be reached or refuses the login, a missing
// table or column, no permission, a bad query: InputError (exit 2). The connection lost mid-call or the
// server failing a statement it accepted before: IoError (exit 1). Messages name the server, never the
// password. Cancel: a progress callback that returns false stops the fetch between rows (SqlCancelled)
// and stops the statement on the server (PostgreSQL: PQcancel); a statement the server is still
// computing before its first row runs to its end first (the callback is asked between rows).
#include "core/datasource/PreparedTable.h"
#include "core/data/Errors.h"
#include "core/data/Table.h"
#include "core/sources/EngineConnection.h"
#include "core/sources/GroupCounts.h"
#include "core/sources/SqlStatements.h"
#include "core/sources/SqlUrl.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace rr::sql {

// Called with the rows fetched so far (0 before a statement is sent); return false to cancel.
using SqlProgress = std::function<bool(std::size_t fetchedRows)>;

// Asked for a login when the server refuses the one given (the GUI's prompt): the server description
// and the server's complaint (no password in either). Return nothing to give up.
using CredentialsPrompt =
    std::function<std::optional<Credentials>(const std::string& server, const std::string& problem)>;

class SqlConnection;

class SqlCancelled : public Cancelled {
public:
    SqlCancelled() : Cancelled("reading from the database was cancelled") {}
};

// One attribute as the database holds it.
struct SqlAttributeSummary {
    std::string name;
    std::vector<std::string> categories; // distinct values, sorted ascending by bytes
    std::vector<double> counts;          // rows per category
    std::size_t missing = 0;             // rows with NULL or a missing token
};

// A page of rows for a data view, every value as text (nullopt: NULL). Without an order the rows come in
// the engine's order: SQL guarantees none, so pages are consistent only while the table is unchanged and
// the engine scans it the same way each time (PostgreSQL and SQLite tables at rest: their storage order;
// for that a PostgreSQL page is read without synchronized scans or parallel workers). Ordering by a unique key makes pages
// deterministic anywhere.
struct SqlPage {
    std::size_t offset = 0;
    std::vector<std::string> columns;
    std::vector<std::vector<std::optional<std::string>>> rows;
    bool last = false; // fewer rows than asked for: nothing after this page
};

class SqlSource {
public:
    // Connects (checking the driver, the server and the login), checks the table or query and reads its
    // columns. `credentials` overrides the URL's user and password where set; `prompt` is asked when the
    // login is refused (three tries). Throws InputError / IoError as above.
    static SqlSource open(const SqlLocation& location, const Credentials& credentials = {},
                          const CredentialsPrompt& prompt = {}, const SqlLimits& limits = {});

    const SqlLocation& location() const { return m_location; }
    // The server and the table or query, never the password.
    std::string description() const { return m_location.description(); }
    // The source's column names, in its order.
    std::vector<std::string> columns() const;
    const std::vector<SqlColumn>& columnInfo() const { return m_columns; }
    // What the user should know before trusting the connection (it cannot be made read only), one line each.
    const std::vector<std::string>& warnings() const { return m_warnings; }
    const SqlLimits& limits() const { return m_limits; }

    // SELECT COUNT(*).
    std::size_t rowCount() const;

    // Per attribute: categories, their counts and the missing count (NULL or a token), one GROUP BY each.
    std::vector<SqlAttributeSummary> describe(const std::vector<std::string>& names,
                                              const std::vector<std::string>& missingTokens,
                                              const SqlProgress& progress = {}) const;

    // The same in one GROUP BY over all `names` together: one scan of the table instead of one per column,
    // with as many groups as distinct combinations, so for a few categorical columns (a release's
    // randomized ones), not for every column of a table.
    std::vector<SqlAttributeSummary> describeInOneScan(const std::vector<std::string>& names,
                                                       const std::vector<std::string>& missingTokens,
                                                       const SqlProgress& progress = {}) const;

    // The joint counts over `names` (in that order) of the rows the policy keeps (DropIncomplete: no
    // column of the source NULL or a token; DropIfUsedMissing: none of `names`), counted by the database
    // in one GROUP BY that also counts the dropped rows. Categories are those present in the kept rows,
    // sorted ascending by bytes. Throws InputError for an unknown or repeated name,
    // no record kept, or past the limits (with the figure).
    PreparedTable aggregate(const std::vector<std::string>& names, MissingPolicy policy,
                            const std::vector<std::string>& missingTokens, const SqlProgress& progress = {}) const;

    // aggregate({name}) for each of `names`, as one statement where the engine allows (PostgreSQL under
    // DropIncomplete: grouping sets), so a query source runs once rather than once per attribute.
    std::vector<PreparedTable> aggregateEach(const std::vector<std::string>& names, MissingPolicy policy,
                                             const std::vector<std::string>& missingTokens,
                                             const SqlProgress& progress = {}) const;

    // Rows offset .. offset + limit - 1 of every column (limit at most limits().maxPageRows), by LIMIT/OFFSET
    // (or OFFSET/FETCH), ordered by the `orderBy` columns (ascending, by their values) when given.
    SqlPage rows(std::size_t offset, std::size_t limit, const std::vector<std::string>& orderBy = {}) const;

    // The kept records over `names` as a Table (sorted categories, no weights), for what needs records
    // (randomized release, baselines). Counts them first and refuses more than maxRows with both figures.
    Table records(const std::vector<std::string>& names, MissingPolicy policy,
                  const std::vector<std::string>& missingTokens, std::size_t maxRows,
                  const SqlProgress& progress = {}) const;

    // Every row of every column (nullopt: NULL), in the engine's order (storage order where the engine
    // keeps one, as rows() without an order), one row at a time in bounded memory: a PostgreSQL result in
    // single-row mode, SQLite stepped, ODBC fetched. `progress` is asked every 1,024 rows.
    // `wanted` (empty: all) picks the columns read; a row then holds only those, in the source's order.
    // PostgreSQL sends them through COPY ... TO STDOUT.
    void forEachRow(const std::function<void(const SqlRow&)>& row, const SqlProgress& progress = {},
                    const std::vector<bool>& wanted = {}) const;

    // The tables the source reads as the engine identifies them (a table source: itself and, for a view, the
    // tables under it; a query: every table its plan reads), through a read-only connection; nullopt where the
    // engine cannot say (ODBC to an engine other than PostgreSQL). Throws InputError / IoError.
    std::optional<std::vector<TableKey>> tablesRead() const;

    // A connection that may write, with this source's login: for SqlReleaseTable only, which creates and fills
    // a release table with it in one transaction. Every other call reads through read-only connections.
    std::unique_ptr<SqlConnection> connectForWriting() const;

private:
    SqlSource() = default;
    std::vector<SqlColumn> usedColumns(const std::vector<std::string>& names) const;
    std::vector<SqlColumn> checkedColumns(const std::vector<SqlColumn>& used, MissingPolicy policy) const;

    SqlLocation m_location;
    Credentials m_credentials;
    SqlLimits m_limits;
    std::vector<SqlColumn> m_columns;
    std::vector<std::string> m_warnings;
};

} // namespace rr::sql
