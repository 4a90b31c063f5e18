#pragma once
// Which table a name or a source means, as the engine itself identifies it, so that a release never writes
// over what its source reads however either is spelled (ADULT for adult in SQLite, public.a2 for a2, a name
// PostgreSQL truncates to 63 bytes, a query that reads the table). PostgreSQL: relation oids (to_regclass,
// which resolves the name as the server does: search_path, quotes, truncation), and for a source the relations
// EXPLAIN (VERBOSE, FORMAT JSON) says its plan scans, with the partitioned tables above them. SQLite: the
// schema and the case-folded name (the authorizer callback names the tables a statement reads as it is
// prepared; pragma table_list resolves a name). Other ODBC engines: unknown (SqlReleaseTable then compares
// names, refusing any name that matches in any case).
#include "core/sources/SqlUrl.h"

#include <optional>
#include <string>
#include <vector>

namespace rr::sql {

class EngineConnection;

// A table as its engine knows it. PostgreSQL: `name` is the oid, `schema` empty. SQLite: the schema and the
// name in ASCII lower case (SQLite's own folding); an empty schema when the engine did not say which (any).
struct TableKey {
    std::string schema;
    std::string name;
    std::string display; // for messages: "public.adult"
};

bool sameTable(const TableKey& a, const TableKey& b);

// What a release's table name resolves to.
struct TargetTable {
    std::optional<TableKey> existing; // the table the name means now (a replace drops it)
    bool temporary = false;           // in a temporary schema (gone when the connection closes)
    std::string dependents;           // what depends on the existing table and blocks a plain DROP ("view public.v")
};

// PostgreSQL through `c` (libpq, or the PostgreSQL behind an ODBC driver): plain SQL, run as `c` runs
// statements. Throw EngineError.
std::vector<TableKey> postgresTablesRead(EngineConnection& c, const std::string& select);
TargetTable postgresTarget(EngineConnection& c, const TableName& name);

// The relation names of a PostgreSQL EXPLAIN (VERBOSE, FORMAT JSON) plan, as (schema, name) pairs.
std::vector<std::pair<std::string, std::string>> explainedRelations(const std::string& json);

} // namespace rr::sql
