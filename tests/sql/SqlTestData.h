#pragma once
// The Adult sample in a database, for the SQL tests and the benchmark (no Qt): loading it into SQLite
// (sqlite3, read-write) or the test PostgreSQL server (libpq), and that server's coordinates from the
// environment (scripts/pg-test-server.sh writes them to DIR/env.sh; scripts/test.sh exports them).
#include "TestData.h"

#include "core/data/CsvReader.h"
#include "core/data/Table.h"

#include <libpq-fe.h>
#include <sqlite3.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
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

[[noreturn]] inline void setupFailed(const std::string& why, const std::string& sql)
{
    throw std::runtime_error("test setup statement failed: " + why + "\n" + sql.substr(0, 300));
}

// Where the fixtures are written: a database the test may write to (the sources themselves only read).
class FixtureDatabase {
public:
    virtual ~FixtureDatabase() = default;
    virtual void exec(const std::string& sql) = 0; // throws std::runtime_error
};

// A SQLite file opened read-write (created when missing).
class SqliteFixture : public FixtureDatabase {
public:
    explicit SqliteFixture(const std::string& path)
    {
        sqlite3* db = nullptr;
        const int rc = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
        m_db.reset(db);
        if (rc != SQLITE_OK)
            throw std::runtime_error("the test cannot create '" + path + "'");
    }
    void exec(const std::string& sql) override
    {
        char* error = nullptr;
        if (sqlite3_exec(m_db.get(), sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
            const std::string why = error ? error : sqlite3_errmsg(m_db.get());
            sqlite3_free(error);
            setupFailed(why, sql);
        }
    }

private:
    struct Close {
        void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
    };
    std::unique_ptr<sqlite3, Close> m_db;
};

// Creates `table` (already quoted) in `db` and loads every row of `t` in one transaction, 500 rows per
// INSERT. A missing value is stored as NULL when `missingAsNull`, else as the text '?'.
inline void loadTable(FixtureDatabase& db, const std::string& table, const Table& t, bool missingAsNull)
{
    std::string create = "CREATE TABLE " + table + " (";
    for (std::size_t c = 0; c < t.attributes.size(); ++c)
        create += (c ? ", " : "") + quoted(t.attributes[c].name) +
                  (isIntegerColumn(t.attributes[c].name) ? " INTEGER" : " TEXT");
    db.exec(create + ")");
    db.exec("BEGIN");
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
        db.exec(sql);
    }
    db.exec("COMMIT");
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

// A read-write libpq connection of the test's own to the test server (setup and the backend killer).
class AdminConnection : public FixtureDatabase {
public:
    explicit AdminConnection(const PgServer& s)
    {
        const std::string port = std::to_string(s.port);
        const char* keys[] = {"host", "port", "dbname", "user", "password", nullptr};
        const char* values[] = {s.host.c_str(), port.c_str(), s.database.c_str(), s.user.c_str(),
                                s.password.c_str(), nullptr};
        m_connection.reset(PQconnectdbParams(keys, values, 0));
        if (!m_connection || PQstatus(m_connection.get()) != CONNECTION_OK)
            throw std::runtime_error(std::string("the test cannot reach the test server: ") +
                                     (m_connection ? PQerrorMessage(m_connection.get()) : "no memory"));
        exec("SET client_min_messages = warning"); // no NOTICEs on stderr
    }
    void exec(const std::string& sql) override { rows(sql); }
    // The statement's rows as text (NULL as "").
    std::vector<std::vector<std::string>> rows(const std::string& sql)
    {
        const std::unique_ptr<PGresult, Clear> r(PQexec(m_connection.get(), sql.c_str()));
        const ExecStatusType status = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
        if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK)
            setupFailed(PQerrorMessage(m_connection.get()), sql);
        std::vector<std::vector<std::string>> out(static_cast<std::size_t>(PQntuples(r.get())));
        for (std::size_t i = 0; i < out.size(); ++i)
            for (int c = 0; c < PQnfields(r.get()); ++c)
                out[i].emplace_back(PQgetvalue(r.get(), static_cast<int>(i), c));
        return out;
    }

private:
    struct Finish {
        void operator()(PGconn* c) const { PQfinish(c); }
    };
    struct Clear {
        void operator()(PGresult* r) const { PQclear(r); }
    };
    std::unique_ptr<PGconn, Finish> m_connection;
};

} // namespace rr::sqltest
