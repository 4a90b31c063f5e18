#pragma once
// One engine connection for the length of one SqlSource call: opened in the constructor, closed in the
// destructor. Turns the engine's errors into InputError or IoError with the server named and the
// password scrubbed.
#include "core/data/Errors.h"
#include "core/data/Interrupt.h"
#include "core/sources/EngineConnection.h"
#include "core/sources/SqlStatements.h"
#include "core/sources/SqlUrl.h"

#include <memory>
#include <optional>
#include <string>

namespace rr::sql {

// The server refused the login (a wrong or missing password): a prompt may ask again.
class LoginRefused : public InputError {
public:
    using InputError::InputError;
};

class SqlConnection;

// The rows of one statement, fetched forward, with errors in the user's terms (InputError / IoError).
class SqlQuery {
public:
    SqlQuery(SqlConnection& connection, std::unique_ptr<EngineRows> rows, std::string what);
    std::size_t columnCount() const { return m_rows->columnCount(); }
    const std::string& columnName(std::size_t i) const { return m_rows->columnName(i); }
    bool columnIsText(std::size_t i) const { return m_rows->columnIsText(i); }
    // The next row; false after the last.
    bool next();
    const SqlRow& row() const { return m_row; }
    bool isNull(std::size_t i) const { return !m_row[i]; }
    // The value as text ("" for NULL).
    const std::string& text(std::size_t i) const;
    // A count column: a whole number >= 0, else IoError.
    std::size_t count(std::size_t i) const;

private:
    SqlConnection* m_connection;
    std::unique_ptr<EngineRows> m_rows;
    std::string m_what;
    SqlRow m_row;
};

class SqlConnection {
public:
    // When a statement fails: while checking what the user named (the table, the query, the login) a
    // failure is the user's (InputError) unless the connection is gone; later it is the server's (IoError)
    // unless the server's error code says the statement itself is wrong (SQLSTATE classes 22, 28, 2B, 3D,
    // 3F, 42).
    enum class Phase { Check, Run };

    // Throws InputError naming the problem: no file, cannot connect; LoginRefused. Read only unless `access`
    // is Write (SqlReleaseTable's connection, the only writable one).
    // `timeoutSeconds`: how long one statement may run on a server (0: no limit; SqlLimits).
    SqlConnection(const SqlLocation& location, const Credentials& credentials, Access access = Access::ReadOnly,
                  unsigned timeoutSeconds = 0);
    SqlConnection(const SqlConnection&) = delete;
    SqlConnection& operator=(const SqlConnection&) = delete;

    const SqlDialect& dialect() const { return m_dialect; }
    EngineConnection& engine() { return *m_engine; }

    // Runs a statement forward only; `what` says what it does ("counting the rows").
    SqlQuery exec(const std::string& sql, Phase phase, const std::string& what);
    // A SELECT read in the engine's bulk way (EngineConnection::execBulk).
    SqlQuery execBulk(const std::string& select, const std::string& what);
    [[noreturn]] void fail(const EngineError& error, Phase phase, const std::string& what);

    // Scans that follow the table's storage order, so unordered pages agree from call to call (PostgreSQL:
    // no synchronized scans, no parallel workers; other engines: nothing to do or nothing known).
    void useStorageOrder();

    // A message from the driver, on one line, without the password.
    std::string clean(const std::string& text) const;

private:
    // A signal (Ctrl+C in the CLI) cancels the connection's running statement (core/data/Interrupt).
    struct Canceller : Interruptible {
        EngineConnection* engine = nullptr;
        void interrupt() noexcept override { engine->cancel(); }
    };

    SqlLocation m_location; // a copy: a caller may pass a temporary
    std::string m_password;
    std::unique_ptr<EngineConnection> m_engine;
    SqlDialect m_dialect;
    Canceller m_canceller;
    std::optional<InterruptRegistration> m_interrupt;
};

} // namespace rr::sql
