#pragma once
// PostgreSQL's COPY text format, as COPY ... TO STDOUT sends a row (PostgresEngine's bulk scan): fields split
// by tabs, "\N" alone for NULL, backslash escapes (\b \f \n \r \t \v, octal \ddd, hex \xhh, any other
// character as itself). Separate from the engine so that it is fuzzed without a server.
#include "core/sources/EngineConnection.h"

#include <string_view>

namespace rr::sql {

// Appends `value` as COPY's text format writes it (backslash, tab, line ends and \b \f \v escaped), so
// that no value is read as NULL ("\N"), as the end marker ("\.") or as a separator. NULL is kCopyTextNull.
void appendCopyTextValue(std::string& line, std::string_view value);
inline constexpr const char* kCopyTextNull = "\\N";

// One row (without or with its '\n') into `row`, resized to `columns`. Throws EngineError when the row has
// another number of fields, or a value is over kMaxValueBytes.
void parseCopyRow(std::string_view line, std::size_t columns, SqlRow& row);

} // namespace rr::sql
