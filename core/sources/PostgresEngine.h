#pragma once
// PostgreSQL through libpq. Read only unless opened for a release table (Access::Write, which fills it with
// COPY ... FROM STDIN): every transaction of the session is READ ONLY
// (default_transaction_read_only=on in the connection's options). Rows stream in single-row mode, so a
// result of any size takes the memory of one row; stopping early sends PQcancel.
#include "core/sources/EngineConnection.h"

namespace rr::sql {

std::unique_ptr<EngineConnection> connectPostgres(const SqlLocation& location, const Credentials& credentials,
                                                  Access access, unsigned timeoutSeconds);

} // namespace rr::sql
