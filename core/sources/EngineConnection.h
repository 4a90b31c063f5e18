#pragma once
// What SqlSource needs of a database engine, and no more: connect read only, run one statement, fetch its
// rows forward as text, cancel, and say what went wrong with the SQLSTATE when the engine has one. One
// implementation per engine, each over the engine's own C library (PostgresEngine: libpq, SqliteEngine:
// sqlite3, OdbcEngine: unixODBC). Connections are read only: a write through one is refused by the engine.
#include "core/sources/SqlStatements.h"
#include "core/sources/SqlUrl.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
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

// One open connection, used by one thread at a time (cancel() excepted).
class EngineConnection {
public:
    virtual ~EngineConnection() = default;
    // How statements for this connection are written (quotes, paging).
    virtual SqlDialect dialect() const = 0;
    // Sends a statement; its rows stream as they are fetched (bounded memory). Throws EngineError.
    virtual std::unique_ptr<EngineRows> exec(const std::string& sql) = 0;
    // Whether the connection still answers (after an error: lost, or only the statement failed).
    virtual bool alive() = 0;
    // Asks the engine to stop the statement running now; safe from any thread.
    virtual void cancel() = 0;
};

// Connects to `location` read only with `credentials`. Throws EngineError (Connect or Login) or
// InputError (no SQLite file).
std::unique_ptr<EngineConnection> connectEngine(const SqlLocation& location, const Credentials& credentials);

// Refuses a value of `bytes` over kMaxValueBytes with both figures (EngineError, Refused).
void checkValueSize(std::size_t bytes);

} // namespace rr::sql
