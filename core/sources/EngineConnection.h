#pragma once
// What SqlSource needs of a database engine, and no more: connect read only, run one statement, fetch its
// rows forward as text, cancel, and say what went wrong with the SQLSTATE when the engine has one. One
// implementation per engine, each over the engine's own C library (PostgresEngine: libpq, SqliteEngine:
// sqlite3, OdbcEngine: unixODBC). Connections are read only: a write through one is refused by the engine
// (PostgreSQL: every statement in its own BEGIN READ ONLY transaction, rolled back, and the session reset).
// The one exception is a connection opened with Access::Write, which only SqlReleaseTable opens, to create
// and fill the table of a release in one transaction.
#include "core/sources/SqlStatements.h"
#include "core/sources/SqlUrl.h"
#include "core/sources/TableIdentity.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace rr::sql {

// A value longer than this is refused with its size (a text value this long is no category).
inline constexpr std::size_t kMaxValueBytes = std::size_t(64) << 20;

// The engine's error, as the driver words it (not yet scrubbed of the password: SqlConnection does that).
class EngineError : public std::runtime_error {
public:
    enum class Kind {
        Statement,      // the statement failed; the connection may still be fine
        ConnectionLost, // the connection is gone
        Connect,        // could not connect
        Login,          // the server refused the login
        Refused,        // the client refused before sending (a value over kMaxValueBytes, ...)
    };
    EngineError(Kind kind, std::string state, const std::string& message)
        : std::runtime_error(message), m_kind(kind), m_state(std::move(state))
    {}
    Kind kind() const { return m_kind; }
    // The five-character SQLSTATE, or empty when the engine gives none (SQLite).
    const std::string& state() const { return m_state; }

private:
    Kind m_kind;
    std::string m_state;
};

using SqlRow = std::vector<std::optional<std::string>>; // one value per column; nullopt: NULL

// The rows of one statement, fetched forward. Destroying it before the end stops the statement.
class EngineRows {
public:
    virtual ~EngineRows() = default;
    std::size_t columnCount() const { return m_names.size(); }
    const std::string& columnName(std::size_t i) const { return m_names[i]; }
    // Whether the engine reports the column as text (only ODBC reads other columns through CONVERT).
    bool columnIsText(std::size_t i) const { return m_text[i]; }
    // The next row into `row` (resized to the columns); false after the last. Throws EngineError.
    virtual bool next(SqlRow& row) = 0;

protected:
    std::vector<std::string> m_names;
    std::vector<bool> m_text;
};

// Records going into a table inside the connection's transaction (EngineConnection::load). Destroyed before
// finish(), the load is abandoned; the caller then rolls the transaction back.
class EngineLoad {
public:
    virtual ~EngineLoad() = default;
    // One record ending in '\n', as the release table's RecordFormat writes it: COPY's text format for
    // PostgreSQL (CopyText.h), core/data/QuotedRecord.h for the others. Throws EngineError.
    virtual void add(std::string_view record) = 0;
    // Sends what is buffered and checks the engine took every record. Throws EngineError.
    virtual void finish() = 0;
};

enum class Access { ReadOnly, Write };

// One open connection, used by one thread at a time (cancel() excepted).
class EngineConnection {
public:
    virtual ~EngineConnection() = default;
    // How statements for this connection are written (quotes, paging).
    virtual SqlDialect dialect() const = 0;
    // Sends a statement; its rows stream as they are fetched (bounded memory). Throws EngineError.
    virtual std::unique_ptr<EngineRows> exec(const std::string& sql) = 0;
    // The same for a SELECT whose every row is wanted (a scan of the records): the engine's bulk way where
    // it has one (PostgreSQL: COPY (select) TO STDOUT, one message per row instead of one result). Names of
    // the columns may be empty.
    virtual std::unique_ptr<EngineRows> execBulk(const std::string& select) { return exec(select); }
    // Whether the connection still answers (after an error: lost, or only the statement failed).
    virtual bool alive() = 0;
    // Asks the engine to stop the statement running now; safe from any thread.
    virtual void cancel() = 0;
    // Why a read-only connection is not read only at the server (an ODBC engine without a known read-only
    // session), or empty.
    virtual std::string readOnlyWarning() const { return {}; }
    // Later statements scan a table in its storage order (PostgreSQL: no synchronized scans, no parallel
    // workers, set for each statement's transaction); nothing to do elsewhere.
    virtual void keepStorageOrder() {}
    // The columns of a SELECT's result with their declared types ("integer", "character varying(20)"; empty
    // where the engine reports none), without running it where the engine allows (PostgreSQL: prepared and
    // described; SQLite: prepared). Throws EngineError.
    virtual std::vector<SqlColumn> describeColumns(const std::string& select) = 0;
    // The tables a SELECT reads (TableIdentity.h), or nullopt where the engine cannot say. Throws EngineError.
    virtual std::optional<std::vector<TableKey>> tablesRead(const std::string&) { return std::nullopt; }
    // What a table name resolves to, or nullopt where the engine cannot say. Throws EngineError.
    virtual std::optional<TargetTable> resolveTable(const TableName&) { return std::nullopt; }

    // Writing: only on a connection opened with Access::Write. Throw EngineError.
    virtual void begin();
    virtual void commit();
    virtual void rollback() noexcept; // best effort: a lost connection has rolled back already
    // The type a column of text gets when the source says nothing of it.
    virtual std::string textType() const = 0;
    // Starts filling `table` (quoted) through `columns` (quoted), in the engine's fastest way.
    virtual std::unique_ptr<EngineLoad> load(const std::string& table, const std::vector<std::string>& columns) = 0;
};

// Runs a statement and skips its rows (BEGIN, CREATE, ...).
void runStatement(EngineConnection& connection, const std::string& sql);

// Connects to `location` with `credentials`, read only unless `access` is Write; on a server each statement
// is stopped after `timeoutSeconds` (0: never). Throws EngineError (Connect or Login) or InputError (no
// SQLite file).
std::unique_ptr<EngineConnection> connectEngine(const SqlLocation& location, const Credentials& credentials,
                                                Access access = Access::ReadOnly, unsigned timeoutSeconds = 0);

// Refuses a value of `bytes` over kMaxValueBytes with both figures (EngineError, Refused).
inline void checkValueSize(std::size_t bytes)
{
    if (bytes > kMaxValueBytes)
        throw EngineError(EngineError::Kind::Refused, "",
                          "a value of " + std::to_string(bytes) + " bytes, over the limit of " +
                              std::to_string(kMaxValueBytes) + " bytes for one value");
}

} // namespace rr::sql
