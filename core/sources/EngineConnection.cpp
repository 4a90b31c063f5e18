#include "core/sources/EngineConnection.h"

#include "core/sources/OdbcEngine.h"
#include "core/sources/PostgresEngine.h"
#include "core/sources/SqliteEngine.h"

namespace rr::sql {

std::unique_ptr<EngineConnection> connectEngine(const SqlLocation& location, const Credentials& credentials)
{
    switch (location.engine) {
    case SqlEngine::SQLite: return connectSqlite(location);
    case SqlEngine::PostgreSQL: return connectPostgres(location, credentials);
    case SqlEngine::Odbc: return connectOdbc(location, credentials);
    }
    throw EngineError(EngineError::Kind::Connect, "", "unknown engine");
}

void checkValueSize(std::size_t bytes)
{
    if (bytes > kMaxValueBytes)
        throw EngineError(EngineError::Kind::Refused, "",
                          "a value of " + std::to_string(bytes) + " bytes, over the limit of " +
                              std::to_string(kMaxValueBytes) + " bytes for one value");
}

} // namespace rr::sql
