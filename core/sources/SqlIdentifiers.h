#pragma once
// SQL names and literals: a table name parsed into its parts, identifiers and values quoted for an engine.
#include "core/sources/SqlEngine.h"

#include <string>
#include <vector>

namespace rr::sql {

// A table named by its parts as the database knows them (catalog, schema, table), unquoted.
struct TableName {
    std::vector<std::string> parts;
    // "public.adult", with a part in double quotes when it needs them.
    std::string display() const;
};

// The parts of a table name: `adult`, `public.adult`, `"odd.name"`, `"s"."t"` ("" inside quotes is one
// quote). At most three parts; none empty; no control character. Throws InputError.
TableName parseTableName(const std::string& text);

// One identifier in the engine's quotes (`open`/`close`, e.g. '"' and '"' or '[' and ']'), with the
// closing quote doubled inside. Throws InputError for a NUL or an empty name.
std::string quoteIdentifier(const std::string& name, char open, char close);
std::string quoteTableName(const TableName& table, char open, char close);

// A string literal: '...' with quotes doubled; for PostgreSQL E'...' with backslashes doubled too (right
// whatever standard_conforming_strings says). ODBC refuses a backslash (some engines treat it as an
// escape) and every engine refuses a NUL, with InputError.
std::string quoteLiteral(const std::string& value, SqlEngine engine);

} // namespace rr::sql
