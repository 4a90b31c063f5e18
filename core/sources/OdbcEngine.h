#pragma once
// Any engine with an ODBC driver, through unixODBC: SQLDriverConnect with SQL_ATTR_ACCESS_MODE =
// SQL_MODE_READ_ONLY (and, on PostgreSQL, whose driver ignores that, READ ONLY sessions), SQLExecDirectW, SQLFetch and SQLGetData in pieces (UTF-16, so any text and any
// length arrive whole), SQLSTATE from SQLGetDiagRec. Whether rows stream or the driver buffers the whole
// result is the driver's choice (psqlodbc streams with UseDeclareFetch=1 in the DSN).
#include "core/sources/EngineConnection.h"

namespace rr::sql {

// The statement that makes a session of the engine named `dbms` (SQL_DBMS_NAME) read only at the server
// (PostgreSQL, MySQL, MariaDB, SQLite), or empty when none is known: the connection then carries a
// readOnlyWarning().
std::string odbcReadOnlyStatement(const std::string& dbms);

// Access::Write leaves out the read-only settings (SqlReleaseTable only).
std::unique_ptr<EngineConnection> connectOdbc(const SqlLocation& location, const Credentials& credentials,
                                              Access access, unsigned timeoutSeconds);

} // namespace rr::sql
