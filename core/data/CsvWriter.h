#pragma once
#include "core/data/AtomicWrite.h"
#include "core/data/Table.h"

#include <string>
#include <string_view>

namespace rr {

// Writes `table` as RFC 4180 CSV (',' separated, quoted where needed, missing as `missingToken`),
// atomically. Weights, when present, go to a last column named `countColumn`.
void writeCsv(const Table& table, const std::string& path, const std::string& missingToken = "?",
              const std::string& countColumn = "count");

// The same CSV as a stream writer, so a table can be one file of a set written by writeFilesAtomically.
// The writer refers to `table`, which must outlive it.
StreamWriter csvWriter(const Table& table, const std::string& missingToken = "?",
                       const std::string& countColumn = "count");

// One CSV field, quoted when it holds a delimiter, quote or line break (or spaces at its ends).
std::string csvField(const std::string& value, char delimiter = ',');
// The same, appended to `out`.
void appendCsvField(std::string& out, std::string_view value, char delimiter = ',');

} // namespace rr
