#include "core/sources/EngineConnection.h"

#include "core/sources/OdbcEngine.h"
#include "core/sources/PostgresEngine.h"
#include "core/sources/SqliteEngine.h"

namespace rr::sql {

std::unique_ptr<EngineConnection> connectEngine(const SqlLocation& location, const Credentials& credentials,
                                                Access access, unsigned timeoutSeconds)
{
    switch (location.engine) {
    case SqlEngine::SQLite: return connectSqlite(location, access);
    case SqlEngine::PostgreSQL: return connectPostgres(location, credentials, access, timeoutSeconds);
    case SqlEngine::Odbc: return connectOdbc(location, credentials, access, timeoutSeconds);
    }
    throw EngineError(EngineError::Kind::Connect, "", "unknown engine");
}

void EngineConnection::begin()
{
    runStatement(*this, "BEGIN");
}

void EngineConnection::commit()
{
    runStatement(*this, "COMMIT");
}

void EngineConnection::rollback() noexcept
{
    try {
        runStatement(*this, "ROLLBACK");
    } catch (const std::exception&) {
        // the connection is gone, and the server rolled back with it
    }
}

void runStatement(EngineConnection& connection, const std::string& sql)
{
    auto rows = connection.exec(sql);
    SqlRow row;
    while (rows->next(row)) {
    }
}

} // namespace rr::sql
