#include "core/sources/SqlConnection.h"

#include "core/data/Errors.h"

#include <QSqlDriver>
#include <QSqlError>

#include <cctype>
#include <filesystem>
#include <sstream>

namespace rr::sql {

namespace {

// libpq's conninfo quoting: 'value' with backslash and quote escaped.
std::string libpqValue(const std::string& v)
{
    std::string out = "'";
    for (char c : v) {
        if (c == '\\' || c == '\'')
            out += '\\';
        out += c;
    }
    return out + "'";
}

bool hasOption(const SqlLocation& loc, const std::string& key)
{
    for (const auto& [k, v] : loc.options)
        if (k == key)
            return true;
    return false;
}

QString postgresOptions(const SqlLocation& loc)
{
    // Qt turns ';' into ' ' and appends the result to libpq's conninfo.
    std::string out;
    for (const auto& [k, v] : loc.options)
        out += (out.empty() ? "" : ";") + k + "=" + libpqValue(v);
    if (!hasOption(loc, "connect_timeout"))
        out += std::string(out.empty() ? "" : ";") + "connect_timeout=15";
    if (!hasOption(loc, "application_name"))
        out += ";application_name=rr-explorer";
    return QString::fromStdString(out);
}

// A login problem the prompt can fix, as the drivers word it.
bool mentionsLogin(const std::string& text)
{
    std::string t = text;
    for (char& c : t)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return t.find("password") != std::string::npos || t.find("authentication") != std::string::npos ||
           t.find("login failed") != std::string::npos || t.find("28000") != std::string::npos ||
           t.find("28p01") != std::string::npos;
}

bool userState(const QString& state)
{
    if (state.size() != 5)
        return false;
    const QString cls = state.left(2).toUpper();
    return cls == "22" || cls == "28" || cls == "3D" || cls == "3F" || cls == "42";
}

std::string connectionName(const void* self)
{
    std::ostringstream s;
    s << "rr_sql_" << self; // unique while this connection lives; removed before the address is reused
    return s.str();
}

} // namespace

QString driverName(SqlEngine engine)
{
    switch (engine) {
    case SqlEngine::SQLite: return "QSQLITE";
    case SqlEngine::PostgreSQL: return "QPSQL";
    case SqlEngine::Odbc: return "QODBC";
    }
    return {};
}

std::string driverPackage(SqlEngine engine)
{
    switch (engine) {
    case SqlEngine::SQLite: return "libqt6sql6-sqlite";
    case SqlEngine::PostgreSQL: return "libqt6sql6-psql";
    case SqlEngine::Odbc: return "libqt6sql6-odbc and unixodbc";
    }
    return {};
}

SqlConnection::SqlConnection(const SqlLocation& location, const Credentials& credentials)
    : m_location(location), m_password(credentials.password), m_name(QString::fromStdString(connectionName(this)))
{
    m_dialect.engine = location.engine;
    const QString driver = driverName(location.engine);
    if (!QSqlDatabase::isDriverAvailable(driver))
        throw InputError("Qt SQL has no " + driver.toStdString() + " driver here (Debian package " +
                         driverPackage(location.engine) + "), so " + location.server() + " cannot be opened");
    if (location.engine == SqlEngine::SQLite) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(location.database, ec))
            throw InputError("no SQLite file '" + location.database + "'");
    }
    QSqlDatabase db = QSqlDatabase::addDatabase(driver, m_name);
    if (!db.isValid()) {
        QSqlDatabase::removeDatabase(m_name);
        throw InputError("Qt SQL's " + driver.toStdString() + " driver could not be loaded (Debian package " +
                         driverPackage(location.engine) + ")");
    }
    switch (location.engine) {
    case SqlEngine::SQLite:
        db.setDatabaseName(QString::fromStdString(location.database));
        db.setConnectOptions("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=5000");
        break;
    case SqlEngine::PostgreSQL:
        if (!location.host.empty())
            db.setHostName(QString::fromStdString(location.host));
        if (location.port > 0)
            db.setPort(location.port);
        db.setDatabaseName(QString::fromStdString(location.database));
        db.setConnectOptions(postgresOptions(location));
        break;
    case SqlEngine::Odbc:
        db.setDatabaseName(QString::fromStdString(location.dsn.empty() ? location.connectionString : location.dsn));
        db.setConnectOptions("SQL_ATTR_LOGIN_TIMEOUT=15;SQL_ATTR_ACCESS_MODE=SQL_MODE_READ_ONLY");
        break;
    }
    if (!credentials.user.empty())
        db.setUserName(QString::fromStdString(credentials.user));
    if (!credentials.password.empty())
        db.setPassword(QString::fromStdString(credentials.password));
    if (!db.open()) {
        const std::string text = clean(db.lastError().text());
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_name);
        const std::string message = "could not connect to " + location.server() + ": " + text;
        if (mentionsLogin(text))
            throw LoginRefused(message);
        throw InputError(message);
    }
    if (location.engine == SqlEngine::Odbc) {
        // Engines known to take no LIMIT ... OFFSET get the standard paging at once.
        const auto dbms = db.driver()->dbmsType();
        m_dialect.standardPaging =
            dbms == QSqlDriver::MSSqlServer || dbms == QSqlDriver::Oracle || dbms == QSqlDriver::DB2;
        // The driver's identifier quote (SQL_IDENTIFIER_QUOTE_CHAR), as Qt applies it to a plain name.
        const QString q = db.driver()->escapeIdentifier("x", QSqlDriver::FieldName);
        if (q.size() == 3 && q[1] == 'x' && q[0].unicode() < 128 && q[2].unicode() < 128) {
            m_dialect.open = static_cast<char>(q[0].unicode());
            m_dialect.close = static_cast<char>(q[2].unicode());
        } else {
            m_dialect.open = m_dialect.close = 0;
        }
    }
}

SqlConnection::~SqlConnection()
{
    {
        QSqlDatabase db = QSqlDatabase::database(m_name, false);
        if (db.isValid())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_name);
}

QSqlDatabase SqlConnection::database() const
{
    return QSqlDatabase::database(m_name, false);
}

std::string SqlConnection::clean(const QString& text) const
{
    QString t = text.simplified();
    if (t.size() > 600)
        t = t.left(597) + "...";
    return scrubSecret(t.toStdString(), m_password);
}

QSqlQuery SqlConnection::exec(const std::string& sql, Phase phase, const std::string& what)
{
    QSqlQuery q(database());
    q.setForwardOnly(true);
    if (!q.exec(QString::fromStdString(sql)))
        fail(q.lastError(), phase, what);
    return q;
}

void SqlConnection::checkFetch(const QSqlQuery& query, const std::string& what)
{
    if (query.lastError().isValid())
        fail(query.lastError(), Phase::Run, what);
}

void SqlConnection::useStorageOrder()
{
    QSqlDatabase db = database();
    if (db.driver()->dbmsType() != QSqlDriver::PostgreSQL)
        return;
    // PostgreSQL may start a scan where another stopped (synchronized scans) and merges parallel workers'
    // rows in any order; without both, a scan follows the table's storage order. Session settings, and
    // this connection ends with the call.
    QSqlQuery set(db);
    set.exec("SET synchronize_seqscans = off");
    set.exec("SET max_parallel_workers_per_gather = 0");
}

bool SqlConnection::alive()
{
    QSqlDatabase db = database();
    if (!db.isOpen())
        return false;
    QSqlQuery q(db);
    return q.exec("SELECT 1") && q.next();
}

void SqlConnection::fail(const QSqlError& error, Phase phase, const std::string& what)
{
    const std::string text = clean(error.text());
    const std::string server = m_location.server();
    if (!alive())
        throw IoError("lost the connection to " + server + " while " + what + ": " + text);
    if (phase == Phase::Check || userState(error.nativeErrorCode()))
        throw InputError(what + " failed on " + server + ": " + text);
    throw IoError(server + " failed while " + what + ": " + text);
}

} // namespace rr::sql
