#pragma once
// Where a SQL source lives: a database URL plus a table or a query, parsed and checked without Qt
// (pure functions, so a fuzzer can drive them). The password is kept apart and never printed.
#include "core/sources/QueryRefusals.h"

#include <string>
#include <utility>
#include <vector>

namespace rr::sql {

enum class SqlEngine { SQLite, PostgreSQL, Odbc };

// A login. The password is never part of a message, a description or a stored URL.
struct Credentials {
    std::string user;
    std::string password;
};

// A table named by its parts as the database knows them (catalog, schema, table), unquoted.
struct TableName {
    std::vector<std::string> parts;
    // "public.adult", with a part in double quotes when it needs them.
    std::string display() const;
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

// The parts of a table name: `adult`, `public.adult`, `"odd.name"`, `"s"."t"` ("" inside quotes is one
// quote). At most three parts; none empty; no control character. Throws InputError.
TableName parseTableName(const std::string& text);

// One identifier in the engine's quotes (`open`/`close`, e.g. '"' and '"' or '[' and ']'), with the
// closing quote doubled inside. Throws InputError for a NUL or an empty name.
std::string quoteIdentifier(const std::string& name, char open, char close);
std::string quoteTableName(const TableName& table, char open, char close);

// A string literal: '...' with quotes doubled; for PostgreSQL E'...' with backslashes doubled too (right
// whatever standard_conforming_strings says). ODBC refuses a backslash (some engines treat it as an
// escape) and every engine refuses a NUL, with InputError.
std::string quoteLiteral(const std::string& value, SqlEngine engine);

// Checks that a query is one SELECT-like statement that can stand in `FROM (query) AS src`: no ';'
// except trailing ones (removed), balanced parentheses, no unterminated literal or comment, read with the
// engine's own comment and quote rules (PostgreSQL: nested comments, $$ and E'' quotes; SQLite: flat
// comments, [names]; ODBC: the engine is unknown, so the query must read as the same one statement under
// the PostgreSQL, SQLite/SQL Server and MySQL rules). Returns the query without trailing ';' and spaces.
// Throws InputError naming the offset of the problem. The engines also refuse a second statement when
// the query is sent (EngineConnection::exec).
std::string checkQuery(const std::string& query, SqlEngine engine);

// The names in a query (checked by checkQuery), outside literals and comments, read with PostgreSQL's rules.
std::vector<QueryWord> queryNames(const std::string& query);

// A value of an ODBC connection string attribute, in braces when it holds ';', '{', '}' or a space.
std::string odbcAttributeValue(const std::string& value);

// Where the secrets of `text` are, as [begin, end) offsets in order: the password of a URL
// (scheme://user:password@host) and the value of each secret-looking key=value pair of a connection string
// (any case: PWD, Password, Passwd, Pass, Credential, Token, Secret, ...Key), in braces or up to ';'.
std::vector<std::pair<std::size_t, std::size_t>> secretSpans(const std::string& text);
// `text` with each of its secretSpans replaced by "***" (drivers repeat connection strings in messages).
std::string scrubSecrets(const std::string& text);

// Why a session file's stored query is not run unattended, showing the query (on one line) and the URL
// (secrets scrubbed): for the CLI's and the headless export's --session without --allow-session-sql.
std::string storedQueryRefusal(const std::string& sessionPath, const std::string& url, const std::string& query);

// `message` with every occurrence of `secret` (4 characters or more) replaced by "***".
std::string scrubSecret(std::string message, const std::string& secret);

} // namespace rr::sql
