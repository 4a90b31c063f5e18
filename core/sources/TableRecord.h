#pragma once
// How a released record travels to a database table: one CSV line where every value is in double quotes
// and a missing value is nothing at all, so NULL and the empty text stay apart. It is exactly PostgreSQL's
// `COPY ... (FORMAT csv)` input (NULL: an unquoted empty field; a quoted "\." is data, not the end
// marker), so the fast path sends the lines as they are; other engines split them here.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rr::sql {

// Appends `value` in double quotes, its quotes doubled.
void appendTableValue(std::string& line, std::string_view value);

// The values of one line made of appendTableValue fields and empty (missing) ones, separated by ',' and
// ending in '\n' or not. Throws IoError when the line is not of that form.
void splitTableRecord(std::string_view line, std::vector<std::optional<std::string>>& values);

} // namespace rr::sql
