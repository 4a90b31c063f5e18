#pragma once
// SQLite through its C library: the file opened with SQLITE_OPEN_READONLY (never created, never
// written), rows stepped one at a time.
#include "core/sources/EngineConnection.h"

namespace rr::sql {

// InputError when there is no such file; EngineError (Connect) when SQLite cannot open it.
std::unique_ptr<EngineConnection> connectSqlite(const SqlLocation& location);

} // namespace rr::sql
