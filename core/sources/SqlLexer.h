#pragma once
// Reading a query the way each engine reads it (comments, quotes, dollar quotes, brackets): one statement
// that can stand in FROM (query) AS src, and the names it holds.
#include "core/sources/QueryRefusals.h"
#include "core/sources/SqlEngine.h"

#include <string>
#include <vector>

namespace rr::sql {

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

} // namespace rr::sql
