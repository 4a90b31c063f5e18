#pragma once
// The database engines a SQL source can be read from.
namespace rr::sql {

enum class SqlEngine { SQLite, PostgreSQL, Odbc };

} // namespace rr::sql
