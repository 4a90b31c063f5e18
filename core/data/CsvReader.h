#pragma once
#include "core/data/CsvTokenizer.h"
#include "core/data/Table.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rr {

struct CsvOptions {
    // Field tokens that mean "missing" (compared with the field as read: an unquoted field without its
    // surrounding spaces, a quoted field as it is).
    std::vector<std::string> missingTokens{"?", ""};
    // Header name of a column holding a record count (aggregated input); not an attribute.
    std::optional<std::string> countColumn;
    // 0 = detect from the header line among ',', ';' and tab.
    char delimiter = 0;
    // false: the first line is data and the columns are named "1", "2", ...
    bool hasHeader = true;
    // Names for the columns in file order (core/data/ColumnNames.h), replacing the header's or "1", "2", ...;
    // empty: those. Exactly one per column, unique and non-empty, or reading fails naming `columnNamesSource`.
    std::vector<std::string> columnNames;
    // What each named column is ("Customer Subtype"), from a data dictionary: the attribute's label; "" for
    // none. Empty, or as long as columnNames.
    std::vector<std::string> columnLabels;
    // Where the names come from, for messages: "names file 'coil-names.txt'", "the session".
    std::string columnNamesSource = "the column names";
    // Optional schema: category order per attribute. A value outside it is an error.
    std::map<std::string, std::vector<std::string>> categoryOrder;
    // The largest field and record accepted; larger ones are an error naming the record.
    csv::Limits limits;
    // Appended to a message about a limit, saying how the user raises it (e.g. the CLI's option names).
    std::string limitHint;
    // Worker threads for large files (0 = one per core).
    unsigned threads = 0;
    // Bytes read per block.
    std::size_t blockBytes = std::size_t(4) << 20;
    // Only the records that start in bytes [begin, end) of the (one) file, to count a file in parts on several
    // machines (the parts of a partition of the file give every record once). `quotedBefore`: whether bytes
    // [0, begin) hold an odd number of '"', which in RFC 4180 CSV says whether `begin` lies inside a quoted
    // field. The header is read from the file's start as always.
    struct ByteRange {
        std::uint64_t begin = 0;
        std::uint64_t end = 0;
        bool quotedBefore = false;
    };
    std::optional<ByteRange> range;
};

// Reads RFC 4180 CSV files with a header row (quotes, CRLF, UTF-8 BOM) in streaming fashion into
// memory, every column coded. Several files must share the same header; their records are concatenated.
// Throws InputError naming the file and record for: missing file, a folder, empty table, ragged rows,
// invalid UTF-8, bad count values or a total that is not finite, values outside a schema, a field or
// record over the limits.
Table readCsv(const std::vector<std::string>& paths, const CsvOptions& options = {});

// The delimiter detected in a header line (',' when nothing else fits).
char detectDelimiter(const std::string& headerLine);

} // namespace rr
