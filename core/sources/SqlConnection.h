#pragma once
// One Qt SQL connection for the length of one SqlSource call, in the calling thread: a unique name,
// opened in the constructor, closed and removed in the destructor. Turns Qt's errors into InputError or
// IoError with the server named and the password scrubbed.
#include "core/data/Errors.h"
#include "core/sources/SqlStatements.h"
#include "core/sources/SqlUrl.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

#include <string>

class QSqlError;

namespace rr::sql {

// The server refused the login (a wrong or missing password): a prompt may ask again.
class LoginRefused : public InputError {
public:
    using InputError::InputError;
};

class SqlConnection {
public:
    // When a statement fails: while checking what the user named (the table, the query, the login) a
    // failure is the user's (InputError) unless the connection is gone; later it is the server's (IoError)
    // unless the server's error code says the statement itself is wrong (SQLSTATE classes 22, 28, 3D,
    // 3F, 42).
    enum class Phase { Check, Run };

    // Throws InputError naming the problem: no driver, no file, cannot connect; LoginRefused.
    SqlConnection(const SqlLocation& location, const Credentials& credentials);
    ~SqlConnection();
    SqlConnection(const SqlConnection&) = delete;
    SqlConnection& operator=(const SqlConnection&) = delete;

    const SqlDialect& dialect() const { return m_dialect; }
    QSqlDatabase database() const;

    // Runs a statement forward only; `what` says what it does ("counting the rows").
    QSqlQuery exec(const std::string& sql, Phase phase, const std::string& what);
    // After a fetch loop: throws when next() stopped on an error rather than at the end.
    void checkFetch(const QSqlQuery& query, const std::string& what);
    [[noreturn]] void fail(const QSqlError& error, Phase phase, const std::string& what);

    // Scans that follow the table's storage order, so unordered pages agree from call to call (PostgreSQL:
    // no synchronized scans, no parallel workers; other engines: nothing to do or nothing known).
    void useStorageOrder();

    // A message from the driver, on one line, without the password.
    std::string clean(const QString& text) const;

private:
    bool alive();

    const SqlLocation& m_location;
    std::string m_password;
    QString m_name;
    SqlDialect m_dialect;
};

// The Qt SQL driver name of an engine (QSQLITE, QPSQL, QODBC) and the Debian package that ships it.
QString driverName(SqlEngine engine);
std::string driverPackage(SqlEngine engine);

} // namespace rr::sql
