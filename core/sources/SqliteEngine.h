#pragma once
// SQLite through its C library: the file opened with SQLITE_OPEN_READONLY (never created, never
// written), rows stepped one at a time. Access::Write (a release table only) opens it read-write, still never
// created, and fills the table through one prepared INSERT.
#include "core/sources/EngineConnection.h"

namespace rr::sql {

// InputError when there is no such file; EngineError (Connect) when SQLite cannot open it.
std::unique_ptr<EngineConnection> connectSqlite(const SqlLocation& location, Access access);

} // namespace rr::sql
