#pragma once
#include "core/data/Table.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rr {

struct CsvOptions {
    // Field tokens that mean "missing" (compared after trimming surrounding spaces).
    std::vector<std::string> missingTokens{"?", ""};
    // Header name of a column holding a record count (aggregated input); not an attribute.
    std::optional<std::string> countColumn;
    // 0 = detect from the header line among ',', ';' and tab.
    char delimiter = 0;
    // Optional schema: category order per attribute. A value outside it is an error.
    std::map<std::string, std::vector<std::string>> categoryOrder;
};

// Reads RFC 4180 CSV files with a header row (quotes, CRLF, UTF-8 BOM) in streaming
// fashion. Several files must share the same header; their records are concatenated.
// Throws InputError naming the file and record for: missing file, empty table,
// ragged rows, invalid UTF-8, bad count values, values outside a schema.
Table readCsv(const std::vector<std::string>& paths, const CsvOptions& options = {});

// The delimiter detected in a header line (',' when nothing else fits).
char detectDelimiter(const std::string& headerLine);

} // namespace rr
