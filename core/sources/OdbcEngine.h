#pragma once
// Any engine with an ODBC driver, through unixODBC: SQLDriverConnect with SQL_ATTR_ACCESS_MODE =
// SQL_MODE_READ_ONLY (and, on PostgreSQL, whose driver ignores that, READ ONLY sessions), SQLExecDirectW, SQLFetch and SQLGetData in pieces (UTF-16, so any text and any
// length arrive whole), SQLSTATE from SQLGetDiagRec. Whether rows stream or the driver buffers the whole
// result is the driver's choice (psqlodbc streams with UseDeclareFetch=1 in the DSN).
#include "core/sources/EngineConnection.h"

namespace rr::sql {

// Access::Write leaves out the read-only settings (SqlReleaseTable only).
std::unique_ptr<EngineConnection> connectOdbc(const SqlLocation& location, const Credentials& credentials,
                                              Access access, unsigned timeoutSeconds);

} // namespace rr::sql
