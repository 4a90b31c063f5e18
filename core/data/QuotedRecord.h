#pragma once
// How a released record travels to a target that is not a CSV file (a SQLite or ODBC table, an SPSS/Stata/SAS
// file): one CSV line where every value is in double quotes and a missing value is nothing at all, so
// missing and the empty text stay apart; the targets split them here. (A PostgreSQL table takes COPY's text
// format instead: core/sources/CopyText.h.)
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rr {

// Appends `value` in double quotes, its quotes doubled.
void appendQuotedValue(std::string& line, std::string_view value);

// The values of one line made of appendQuotedValue fields and empty (missing) ones, separated by ',' and
// ending in '\n' or not. Throws IoError when the line is not of that form.
void splitQuotedRecord(std::string_view line, std::vector<std::optional<std::string>>& values);

} // namespace rr
