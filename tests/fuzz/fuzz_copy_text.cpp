// libFuzzer harness for PostgreSQL's COPY text rows (core/sources/CopyText): any bytes either parse into
// exactly the asked number of fields or raise EngineError; and a row written by appendCopyTextValue (every
// backslash, tab, line end and control escaped, NULL as \N) parses back to the same values. The first byte
// picks the number of columns (1..8).
#include "core/sources/CopyText.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace {

// A row as the release writes it to PostgreSQL (the server's CopyAttributeOutText escapes the same bytes).
std::string encode(const rr::sql::SqlRow& row)
{
    std::string out;
    for (std::size_t c = 0; c < row.size(); ++c) {
        if (c)
            out += '\t';
        if (row[c])
            rr::sql::appendCopyTextValue(out, *row[c]);
        else
            out += rr::sql::kCopyTextNull;
    }
    return out + '\n';
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::size_t columns = data[0] % 8 + 1;
    const std::string_view line(reinterpret_cast<const char*>(data + 1), size - 1);
    rr::sql::SqlRow row;
    try {
        rr::sql::parseCopyRow(line, columns, row);
        if (row.size() != columns)
            std::abort();
    } catch (const rr::sql::EngineError&) {
    }
    // The same bytes as values: split into `columns` pieces (a piece "N" stands for NULL), written and read back.
    rr::sql::SqlRow values(columns);
    const std::size_t piece = line.size() / columns + 1;
    for (std::size_t c = 0; c < columns; ++c) {
        const std::size_t begin = std::min(line.size(), c * piece);
        const std::string v(line.substr(begin, std::min(piece, line.size() - begin)));
        if (v != "N")
            values[c] = v;
    }
    rr::sql::SqlRow back;
    rr::sql::parseCopyRow(encode(values), columns, back);
    if (back != values)
        std::abort();
    return 0;
}
