#pragma once
// Where a SQL source lives: a database URL plus a table or a query, parsed and checked without Qt
// (pure functions, so a fuzzer can drive them). The password is kept apart and never printed. The parts:
// PercentCoding, OdbcConnectionString, SqlIdentifiers (names, literals), SqlLexer (queries), SecretScrub.
#include "core/sources/SqlEngine.h"
#include "core/sources/SqlIdentifiers.h"

#include <string>
#include <utility>
#include <vector>

namespace rr::sql {

// A login. The password is never part of a message, a description or a stored URL.
struct Credentials {
    std::string user;
    std::string password;
};

struct SqlLocation {
    SqlEngine engine = SqlEngine::SQLite;
    // PostgreSQL: host (empty: the local socket), port (0: the default 5432) and database.
    std::string host;
    int port = 0;
    // PostgreSQL: the database name. SQLite: the file's path.
    std::string database;
    // ODBC: a data source name (odbc://DSN), or a connection string (odbc:///?Driver=...;...) with
    // any UID/PWD moved into `credentials`.
    std::string dsn;
    std::string connectionString;
    // PostgreSQL connection options from the URL's query (sslmode=require, connect_timeout=10, ...).
    std::vector<std::pair<std::string, std::string>> options;
    Credentials credentials; // from the URL; the password may be empty
    TableName table;         // set when the source is a table
    std::string query;       // set when the source is a query (checked: one statement)

    bool isQuery() const { return !query.empty(); }
    // The URL without the password or any secret-looking ODBC attribute (Token=, ...): what a session may store.
    std::string url() const;
    // The server or file, for messages: "PostgreSQL server 127.0.0.1:5432, database 'rr'".
    std::string server() const;
    // The server and the table or query, for messages and titles.
    std::string description() const;
};

// Parses `url` (sqlite:///path/to/file.db, sqlite:relative.db, postgresql://user[:password]@host[:port]/db
// [?sslmode=...], odbc://[user[:password]@]DSN, odbc:///?Driver=...;...) with exactly one of a table
// name and a query. Throws InputError naming the part that is wrong; no message contains the password.
SqlLocation parseSqlLocation(const std::string& url, const std::string& table, const std::string& query);

} // namespace rr::sql
