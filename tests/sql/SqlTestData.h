#pragma once
// The Adult sample in a database, for the SQL tests and the benchmark (Qt Core + Qt SQL only, no QtTest):
// loading it into SQLite or the test PostgreSQL server, and that server's coordinates from the
// environment (scripts/pg-test-server.sh writes them to DIR/env.sh; scripts/test.sh exports them).
#include "TestData.h"

#include "core/data/CsvReader.h"
#include "core/data/Table.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace rr::sqltest {

// Both Adult files as the CSV reader loads them: 48,842 rows, '?' missing.
inline Table adultRaw()
{
    return readCsv({testdata::sharedData("adult/adult.data.csv"), testdata::sharedData("adult/adult.test.csv")});
}

// Adult's integer columns (stored as INTEGER, so reading them exercises the cast to text).
inline bool isIntegerColumn(const std::string& name)
{
    return name == "age" || name == "fnlwgt" || name == "education-num" || name == "capital-gain" ||
           name == "capital-loss" || name == "hours-per-week";
}

inline std::string quoted(const std::string& name)
{
    std::string out = "\"";
    for (char c : name)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

inline std::string literal(const std::string& v)
{
    std::string out = "'";
    for (char c : v)
        out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

// The value of a raw CSV cell (nullopt: missing).
inline std::optional<std::string> csvValue(const Table& t, std::size_t column, std::size_t row)
{
    const Attribute& a = t.attributes[column];
    const int32_t code = a.codes[row];
    if (code == Attribute::kMissing)
        return std::nullopt;
    return a.categories[static_cast<std::size_t>(code)];
}

inline void execOrFail(QSqlQuery& q, const std::string& sql)
{
    if (!q.exec(QString::fromStdString(sql)))
        throw std::runtime_error("test setup statement failed: " + q.lastError().text().toStdString() + "\n" +
                                 sql.substr(0, 300));
}

// Creates `table` (already quoted) in `db` and loads every row of `t` in one transaction, 500 rows per
// INSERT. A missing value is stored as NULL when `missingAsNull`, else as the text '?'.
inline void loadTable(QSqlDatabase db, const std::string& table, const Table& t, bool missingAsNull)
{
    QSqlQuery q(db);
    std::string create = "CREATE TABLE " + table + " (";
    for (std::size_t c = 0; c < t.attributes.size(); ++c)
        create += (c ? ", " : "") + quoted(t.attributes[c].name) +
                  (isIntegerColumn(t.attributes[c].name) ? " INTEGER" : " TEXT");
    execOrFail(q, create + ")");
    if (!db.transaction())
        throw std::runtime_error("cannot begin a transaction: " + db.lastError().text().toStdString());
    const std::size_t n = t.rowCount();
    for (std::size_t start = 0; start < n; start += 500) {
        std::string sql = "INSERT INTO " + table + " VALUES ";
        for (std::size_t r = start; r < std::min(n, start + 500); ++r) {
            sql += r == start ? "(" : ", (";
            for (std::size_t c = 0; c < t.attributes.size(); ++c) {
                const auto v = csvValue(t, c, r);
                sql += c ? ", " : "";
                if (!v)
                    sql += missingAsNull ? "NULL" : "'?'";
                else
                    sql += isIntegerColumn(t.attributes[c].name) ? *v : literal(*v);
            }
            sql += ")";
        }
        execOrFail(q, sql);
    }
    if (!db.commit())
        throw std::runtime_error("cannot commit: " + db.lastError().text().toStdString());
}

// The test server's coordinates, or nothing when the server tests should be skipped.
struct PgServer {
    std::string host, user, password, database, dsn;
    int port = 0;
    std::string url(const std::string& password = {}) const
    {
        return "postgresql://" + user + (password.empty() ? "" : ":" + password) + "@" + host + ":" +
               std::to_string(port) + "/" + database;
    }
};

inline std::optional<PgServer> pgServer()
{
    const char* port = std::getenv("RR_TEST_PG_PORT");
    if (!port || !*port)
        return std::nullopt;
    auto env = [](const char* name, const char* fallback) {
        const char* v = std::getenv(name);
        return std::string(v && *v ? v : fallback);
    };
    PgServer s;
    s.port = std::atoi(port);
    s.host = env("RR_TEST_PG_HOST", "127.0.0.1");
    s.user = env("RR_TEST_PG_USER", "rr_test");
    s.password = env("RR_TEST_PG_PASSWORD", "");
    s.database = env("RR_TEST_PG_DATABASE", "rr_test");
    s.dsn = env("RR_TEST_ODBC_DSN", "rr_test_pg");
    return s;
}

// A Qt connection of the test's own (setup and the backend killer), removed when it goes.
class AdminConnection {
public:
    AdminConnection(const PgServer& s, const std::string& name) : m_name(QString::fromStdString(name))
    {
        QSqlDatabase db = QSqlDatabase::addDatabase("QPSQL", m_name);
        db.setHostName(QString::fromStdString(s.host));
        db.setPort(s.port);
        db.setDatabaseName(QString::fromStdString(s.database));
        db.setUserName(QString::fromStdString(s.user));
        db.setPassword(QString::fromStdString(s.password));
        if (!db.open())
            throw std::runtime_error("the test cannot reach the test server: " + db.lastError().text().toStdString());
        QSqlQuery(db).exec("SET client_min_messages = warning"); // no NOTICEs on stderr
    }
    ~AdminConnection()
    {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    QSqlDatabase db() const { return QSqlDatabase::database(m_name, false); }

private:
    QString m_name;
};

} // namespace rr::sqltest
