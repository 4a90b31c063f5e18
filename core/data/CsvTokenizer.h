#pragma once
// Splits blocks of CSV text into records and fields: RFC 4180 with the exact behaviour of libcsv 3.0.3 in
// strict mode (CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL, only ' ' a space, CR and LF ending records),
// which this reader has always had: spaces around unquoted fields and between a closing quote and the
// delimiter are dropped, "" inside quotes is one quote, empty lines are no records, a quote inside an
// unquoted field or text after a closing quote is an error. Quoted fields keep their spaces: they are data.
//
// A block holds whole records. Blocks without a quote take a fast path that only looks for delimiters and
// line ends (16 bytes at a time) and hands out views into the block; blocks with quotes go through the
// byte-by-byte state machine. Both give the same records.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rr::csv {

struct Limits {
    std::size_t maxFieldBytes = std::size_t(1) << 20;  // 1 MiB
    std::size_t maxRecordBytes = std::size_t(1) << 24; // 16 MiB
};

// Told every record of a block: its fields, unquoted, without the spaces around unquoted fields.
// The views are valid during the call only.
class RecordHandler {
public:
    virtual ~RecordHandler() = default;
    // `offset`: where the record starts in the block (for an index of rows). Returns false to stop the
    // block (the handler recorded an error).
    virtual bool record(const std::string_view* fields, std::size_t count, std::size_t offset) = 0;
};

// A problem at a record of a block: `record` is its index among the block's records (0-based).
struct BlockError {
    std::size_t record = 0;
    std::string message; // what is wrong, without the file and record (the caller knows them)
    int column = -1;     // the field it is about, when it is about one
};

class BlockParser {
public:
    BlockParser(char delimiter, Limits limits);
    // The header's column count: in a one-column file a line holding only "" is a record (a missing
    // value); otherwise such a line is a line with nothing on it. 0 (the default) while reading the header.
    void setColumns(std::size_t columns) { m_blankIsRecord = columns == 1; }

    // Parses `block`, which starts at a record boundary and ends at one unless `endOfInput`. Returns the
    // number of records handed to `handler`; on a problem stops there and fills `error`.
    std::size_t parse(std::string_view block, RecordHandler& handler, std::optional<BlockError>& error);

private:
    std::size_t parseFast(std::string_view block, RecordHandler& handler, std::optional<BlockError>& error);
    std::size_t parseQuoted(std::string_view block, RecordHandler& handler, std::optional<BlockError>& error);
    bool deliver(RecordHandler& handler, std::size_t records, std::size_t offset, std::optional<BlockError>& error,
              bool checkUtf8);

    char m_delimiter;
    Limits m_limits;
    bool m_blankIsRecord = false;
    std::vector<std::string_view> m_fields;
    std::vector<std::string> m_storage; // unescaped fields of the quoted path, reused
};

// The end (one past the line break) of the last record that is complete in `text`, which starts at a
// record boundary; std::string::npos when no record ends in it. Line breaks inside quotes do not count.
std::size_t lastRecordEnd(std::string_view text);
// The end (one past the line break) of the record holding byte `from` of `text`, which starts at a record
// boundary: the first line break outside quotes at or after `from`; npos when `text` ends first.
std::size_t recordEndFrom(std::string_view text, std::size_t from);

} // namespace rr::csv
