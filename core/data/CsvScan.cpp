#include "core/data/CsvScan.h"

#include "core/data/ColumnNames.h"
#include "core/data/Errors.h"
#include "core/data/Utf8.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <future>
#include <limits>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <unordered_set>

namespace rr {
namespace {

// A file read in pieces, appended to a buffer.
class FileReader {
public:
    explicit FileReader(const std::string& path) : m_path(path)
    {
        m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (m_fd < 0)
            throw InputError("cannot open '" + path + "': " + std::strerror(errno));
        struct stat st {};
        if (::fstat(m_fd, &st) == 0) {
            if (S_ISDIR(st.st_mode)) {
                ::close(m_fd);
                throw InputError("'" + path + "' is a folder, not a CSV file");
            }
            if (S_ISREG(st.st_mode)) {
                m_size = static_cast<std::size_t>(st.st_size);
                m_sizeKnown = true;
            }
        }
    }
    FileReader(const FileReader&) = delete;
    FileReader& operator=(const FileReader&) = delete;
    ~FileReader() { ::close(m_fd); }

    bool eof() const { return m_eof; }
    // Reading goes on at `offset` (a regular file).
    void seek(std::uint64_t offset)
    {
        if (::lseek(m_fd, static_cast<off_t>(offset), SEEK_SET) < 0)
            throw IoError("cannot seek in '" + m_path + "': " + std::strerror(errno));
        m_offset = static_cast<std::size_t>(offset);
        m_eof = false;
    }
    std::size_t size() const { return m_size; } // 0 when unknown (a pipe, a device)

    // Appends up to `want` bytes to `buf`; returns how many.
    std::size_t read(std::string& buf, std::size_t want)
    {
        // A known size caps the buffer (one byte more, to see the end): resizing zero-fills it, and a small
        // file would otherwise pay for a whole block.
        if (m_sizeKnown && m_offset <= m_size)
            want = std::min(want, m_size - m_offset + 1);
        const std::size_t old = buf.size();
        buf.resize(old + want);
        std::size_t got = 0;
        while (got < want) {
            const ssize_t n = ::read(m_fd, buf.data() + old + got, want - got);
            if (n < 0) {
                if (errno == EINTR)
                    continue;
                const int err = errno;
                buf.resize(old + got);
                throw IoError("cannot read '" + m_path + "': " + std::strerror(err));
            }
            if (n == 0) {
                m_eof = true;
                break;
            }
            got += static_cast<std::size_t>(n);
        }
        m_offset += got;
        buf.resize(old + got);
        return got;
    }

private:
    std::string m_path;
    int m_fd = -1;
    std::size_t m_size = 0;
    std::size_t m_offset = 0; // bytes read so far
    bool m_sizeKnown = false; // a regular file (an empty one too)
    bool m_eof = false;
};

std::string_view trimSpaces(std::string_view s)
{
    std::size_t b = 0, e = s.size();
    while (b < e && s[b] == ' ')
        ++b;
    while (e > b && s[e - 1] == ' ')
        --e;
    return s.substr(b, e - b);
}

// The end of the first line that is not blank, outside quotes; npos when it does not end in `text`.
std::size_t firstRecordEnd(std::string_view text)
{
    bool inQuotes = false, content = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            inQuotes = !inQuotes;
            content = true;
        } else if (!inQuotes && (c == '\n' || c == '\r')) {
            if (content)
                return i + 1;
        } else if (c != ' ') {
            content = true;
        }
    }
    return std::string_view::npos;
}

// The length of the lines at the start of `text` that hold nothing but spaces (each ended by a line break).
std::size_t blankLines(std::string_view text)
{
    std::size_t end = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n' || text[i] == '\r')
            end = i + 1;
        else if (text[i] != ' ')
            break;
    }
    return end;
}

// Captures the first record of a block.
class FirstRecord : public csv::RecordHandler {
public:
    bool record(const std::string_view* fields, std::size_t count, std::size_t) override
    {
        this->fields.assign(fields, fields + count);
        captured = true;
        return false; // one is enough
    }
    std::vector<std::string> fields;
    bool captured = false;
};

struct BlockResult {
    std::unique_ptr<CsvBlockSink> sink;
    std::string text; // the block's bytes, handed back so that its buffer is read into again
    std::size_t records = 0;
    std::optional<csv::BlockError> error;
    std::uint64_t offset = 0; // of the block in its file
};

BlockResult parseBlock(const std::string& block, std::size_t fileIndex, std::uint64_t offset, char delimiter,
                       std::size_t columns, const csv::Limits& limits, const CsvScanCallbacks& callbacks)
{
    BlockResult r;
    r.offset = offset;
    r.sink = callbacks.newSink();
    r.sink->fileIndex = fileIndex;
    r.sink->byteOffset = offset;
    csv::BlockParser parser(delimiter, limits);
    parser.setColumns(columns);
    r.records = parser.parse(block, *r.sink, r.error);
    if (r.error && r.error->message.empty() && r.sink->error) // the sink stopped the block
        r.error = r.sink->error;
    if (!r.error)
        r.sink->finish();
    return r;
}

class FileScan {
public:
    FileScan(const std::string& path, std::size_t fileIndex, const CsvOptions& options,
             const CsvScanCallbacks& callbacks, CsvHeader& header)
        : m_path(path), m_fileIndex(fileIndex), m_options(options), m_callbacks(callbacks), m_first(fileIndex == 0),
          m_header(header), m_reader(path)
    {}

    std::size_t size() const { return m_reader.size(); }

    void run(const std::function<bool(std::size_t)>& progress)
    {
        std::string buf;
        std::uint64_t stopAt = std::numeric_limits<std::uint64_t>::max();
        if (!start(buf, stopAt))
            return; // no record starts in the range
        const unsigned threads =
            m_options.threads ? m_options.threads : std::max(1u, std::thread::hardware_concurrency());
        const bool parallel = threads > 1 && (m_reader.size() == 0 || m_reader.size() > 2 * m_options.blockBytes);
        std::deque<std::future<BlockResult>> pending;
        // The blocks' buffers go round (a few MiB each, as many as blocks in flight) instead of one new one per
        // block: the allocator then holds the same memory however long the file.
        std::vector<std::string> spare;
        auto mergeFront = [&]() {
            BlockResult r = pending.front().get();
            pending.pop_front();
            r.text.clear();
            spare.push_back(std::move(r.text));
            merge(r);
        };
        const auto mergeAll = [&] {
            while (!pending.empty())
                mergeFront();
        };
        std::size_t consumed = 0;
        for (;;) {
            while (!m_reader.eof() && buf.size() < m_options.blockBytes) // a block fills its buffer, no more
                m_reader.read(buf, m_options.blockBytes - buf.size());
            std::string block;
            bool last = m_reader.eof();
            if (!cutBlock(buf, stopAt, last, block, spare, mergeAll))
                continue;
            consumed += block.size();
            const std::uint64_t offset = m_offset;
            m_offset += block.size();
            if (parallel) {
                pending.push_back(std::async(std::launch::async, [this, offset, b = std::move(block)]() mutable {
                    BlockResult r =
                        parseBlock(b, m_fileIndex, offset, m_delimiter, m_columns, m_options.limits, m_callbacks);
                    r.text = std::move(b);
                    return r;
                }));
                while (pending.size() > threads)
                    mergeFront();
            } else {
                BlockResult r =
                    parseBlock(block, m_fileIndex, offset, m_delimiter, m_columns, m_options.limits, m_callbacks);
                merge(r);
            }
            if (progress && !progress(consumed)) {
                for (auto& f : pending) // let running blocks finish before their inputs go away
                    f.wait();
                throw CsvScanCancelled();
            }
            if (last)
                break;
        }
        mergeAll();
    }

private:
    // The header read and, with a byte range, `buf` moved to the first record in it; false when none starts
    // there. `stopAt`: where the range ends.
    bool start(std::string& buf, std::uint64_t& stopAt)
    {
        m_reader.read(buf, m_options.blockBytes);
        if (buf.empty())
            throw InputError("'" + m_path + "' is empty (no header, no records)");
        readHeader(buf);
        if (m_options.range) {
            if (!enterRange(buf))
                return false;
            stopAt = m_options.range->end;
        }
        return true;
    }

    // The next block cut from `buf`: up to its last whole record (the rest stays in `buf`, in a spare buffer),
    // or all of it when `last`; a range ends after the record holding its end. False when no record ends in
    // `buf` yet: more is read into it (a record over the limit refused, once the blocks before it are merged).
    template <class MergeAll>
    bool cutBlock(std::string& buf, std::uint64_t stopAt, bool& last, std::string& block,
                  std::vector<std::string>& spare, MergeAll&& mergeAll)
    {
        if (m_offset + buf.size() >= stopAt) { // the range ends in this buffer: after the record holding its end
            const std::size_t cut = csv::recordEndFrom(buf, static_cast<std::size_t>(stopAt - 1 - m_offset));
            if (cut != std::string_view::npos) {
                buf.resize(cut);
                last = true;
            } else if (!last) {
                if (buf.size() > m_options.limits.maxRecordBytes + 1 &&
                    csv::lastRecordEnd(buf) == std::string_view::npos) {
                    mergeAll();
                    overLongRecord(buf, m_records + 1, m_header.columns);
                }
                m_reader.read(buf, m_options.blockBytes); // the last record goes on: read on
                return false;
            }
        }
        if (last) {
            block = std::move(buf);
            buf.clear();
            return true;
        }
        const std::size_t cut = csv::lastRecordEnd(buf);
        if (cut == std::string_view::npos) {
            if (buf.size() > m_options.limits.maxRecordBytes + 1) { // a record over the limit
                mergeAll();
                overLongRecord(buf, m_records + 1, m_header.columns);
            }
            m_reader.read(buf, m_options.blockBytes); // a record longer than a block: read on
            return false;
        }
        std::string next;
        if (!spare.empty()) {
            next = std::move(spare.back());
            spare.pop_back();
        }
        next.assign(buf, cut); // the start of the next block's first record
        buf.resize(cut);
        block = std::move(buf);
        buf = std::move(next);
        return true;
    }

    // Moves `buf` and m_offset to the first record that starts in the byte range: after the first line break
    // outside quotes at or after byte begin - 1 (the quote state there follows from range.quotedBefore). False
    // when no record starts in the range.
    bool enterRange(std::string& buf)
    {
        const CsvOptions::ByteRange& r = *m_options.range;
        const std::uint64_t dataStart = m_offset;
        if (r.end <= r.begin || r.end <= dataStart)
            return false;
        if (r.begin <= dataStart)
            return true;
        const std::uint64_t from = r.begin - 1;
        m_reader.seek(from);
        buf.clear();
        m_offset = from;
        bool inQuotes = r.quotedBefore, first = true;
        for (;;) {
            if (buf.empty() && m_reader.read(buf, m_options.blockBytes) == 0)
                return false; // the file ends inside the range's first record
            if (first && buf[0] == '"')
                inQuotes = !inQuotes; // the state before byte begin - 1, which the loop counts again
            first = false;
            for (std::size_t i = 0; i < buf.size(); ++i) {
                const char c = buf[i];
                if (c == '"') {
                    inQuotes = !inQuotes;
                } else if (!inQuotes && (c == '\n' || c == '\r')) {
                    buf.erase(0, i + 1);
                    m_offset += i + 1;
                    return m_offset < r.end;
                }
            }
            m_offset += buf.size();
            buf.clear();
            if (m_offset - from > m_options.limits.maxRecordBytes + 1)
                throw InputError("'" + m_path + "': no record ends within " +
                                 std::to_string(m_options.limits.maxRecordBytes) + " bytes after byte " +
                                 std::to_string(r.begin) + " (the maximum record size)" + m_options.limitHint);
        }
    }

    void readHeader(std::string& buf)
    {
        chooseDelimiter(buf);
        std::size_t end = 0;
        std::vector<std::string> fields = readFirstRecord(buf, end);
        if (!m_options.hasHeader) {
            for (std::size_t i = 0; i < fields.size(); ++i)
                fields[i] = std::to_string(i + 1);
        } else {
            buf.erase(0, end);
            m_offset += end;
            if (!fields.empty() && fields[0].rfind("\xEF\xBB\xBF", 0) == 0)
                fields[0].erase(0, 3); // UTF-8 BOM
            for (auto& f : fields) {
                f = std::string(trimSpaces(f)); // names are not data: spaces around them go
                if (!isValidUtf8(f))
                    throw InputError("'" + m_path + "': the header is not valid UTF-8");
            }
        }
        if (!m_options.columnNames.empty()) { // the owner's names replace the header's (or "1", "2", ...)
            checkColumnNames(m_options.columnNames, fields.size(), m_options.columnNamesSource, "'" + m_path + "'");
            fields = m_options.columnNames;
        }
        adoptHeader(fields);
        m_columns = fields.size();
    }

    // The delimiter: the options', or detected in the first line (within its first 64 KiB).
    void chooseDelimiter(std::string& buf)
    {
        m_delimiter = m_options.delimiter;
        constexpr std::size_t kDetectBytes = std::size_t(1) << 16; // the delimiter is detected in the first line
        while (m_delimiter == 0 && buf.size() < kDetectBytes && buf.find('\n') == std::string::npos && !m_reader.eof())
            m_reader.read(buf, std::min(m_options.blockBytes, kDetectBytes));
        if (m_delimiter == 0) {
            const std::string_view head(buf.data(), std::min(buf.size(), kDetectBytes));
            m_delimiter = detectDelimiter(std::string(head.substr(0, head.find('\n'))));
        }
    }

    // The first record's fields; lines with nothing on them (blank, or only "") come before it and are
    // dropped from `buf`. `end`: where the record ends in `buf`.
    std::vector<std::string> readFirstRecord(std::string& buf, std::size_t& end)
    {
        csv::BlockParser parser(m_delimiter, m_options.limits);
        FirstRecord first;
        while (!first.captured) {
            end = firstRecordEnd(buf);
            while (end == std::string_view::npos && !m_reader.eof()) {
                const std::size_t blank = blankLines(buf); // no records: only what follows them is bounded
                buf.erase(0, blank);
                m_offset += blank;
                if (buf.size() > m_options.limits.maxRecordBytes + 1)
                    overLongRecord(buf, 1, {});
                m_reader.read(buf, m_options.blockBytes);
                end = firstRecordEnd(buf);
            }
            if (end == std::string_view::npos)
                end = buf.size();
            if (end == 0)
                throw InputError("'" + m_path + "': no header row");
            std::optional<csv::BlockError> error;
            parser.parse(std::string_view(buf.data(), end), first, error);
            if (error && !first.captured)
                throwRecordError(1, *error, {});
            if (!first.captured) {
                buf.erase(0, end);
                m_offset += end;
            }
        }
        return first.fields;
    }

    // The first file's names become the header (each named once); a later file's must be the same.
    void adoptHeader(const std::vector<std::string>& fields)
    {
        if (m_first) {
            std::unordered_set<std::string_view> seen;
            for (std::size_t i = 0; i < fields.size(); ++i) {
                if (fields[i].empty())
                    throw InputError("'" + m_path + "': header column " + std::to_string(i + 1) + " has no name");
                if (!seen.insert(fields[i]).second)
                    throw InputError("'" + m_path + "': header names column '" + fields[i] + "' twice");
            }
            m_header.columns = fields;
            m_header.delimiter = m_delimiter;
            if (m_callbacks.header)
                m_callbacks.header(m_header);
        } else if (fields != m_header.columns) {
            throw InputError("'" + m_path +
                             "': its header differs from the first file's; files can only be concatenated when their "
                             "headers are identical");
        }
    }

    void merge(BlockResult& r)
    {
        if (r.error)
            throwRecordError(m_records + r.error->record + 1, *r.error, m_header.columns);
        const CsvBlockPosition position{&m_path, m_fileIndex, m_records, r.offset, m_delimiter};
        m_callbacks.merge(*r.sink, position);
        m_records += r.records;
    }

    [[noreturn]] void throwRecordError(std::size_t recordNumber, const csv::BlockError& e,
                                       const std::vector<std::string>& columns)
    {
        throw InputError(describeRecordError(m_path, recordNumber, e, columns) +
                         (e.message.find("maximum") != std::string::npos ? m_options.limitHint : ""));
    }

    // `pending` holds the start of record `recordNumber` and no line break, and more bytes than a record may
    // have. The error is the one parsing it gives (the parser stops at the first byte past a limit, or at
    // malformed CSV before it), as it would with the whole file in one block: the message does not depend on
    // where the blocks were cut.
    [[noreturn]] void overLongRecord(std::string_view pending, std::size_t recordNumber,
                                     const std::vector<std::string>& columns)
    {
        csv::BlockParser parser(m_delimiter, m_options.limits);
        FirstRecord ignored;
        std::optional<csv::BlockError> error;
        parser.parse(pending, ignored, error);
        if (!error || error->message.empty()) // not reached: more than maxRecordBytes bytes always fail
            error = csv::BlockError{0, "is longer than " + std::to_string(m_options.limits.maxRecordBytes) +
                                           " bytes (the maximum record size)",
                                    -1};
        throwRecordError(recordNumber + error->record, *error, columns);
    }

    const std::string& m_path;
    std::size_t m_fileIndex;
    const CsvOptions& m_options;
    const CsvScanCallbacks& m_callbacks;
    bool m_first;
    CsvHeader& m_header;
    FileReader m_reader;
    char m_delimiter = ',';
    std::size_t m_columns = 0;
    std::size_t m_records = 0;  // data records of this file merged so far
    std::uint64_t m_offset = 0; // bytes of the file handed out so far (header included)
};

} // namespace

bool CsvBlockSink::checkWidth(std::size_t count, std::size_t columns)
{
    if (count == columns)
        return true;
    return fail(" has " + std::to_string(count) + (count == 1 ? " field" : " fields") + ", the header has " +
                std::to_string(columns) + " (ragged row)");
}

bool CsvBlockSink::fail(std::string message, int column)
{
    error = csv::BlockError{m_record, std::move(message), column};
    return false;
}

std::string describeRecordError(const std::string& path, std::size_t recordNumber, const csv::BlockError& error,
                                const std::vector<std::string>& columns)
{
    std::string out = "'" + path + "' record " + std::to_string(recordNumber);
    if (error.column >= 0)
        out += " column " + (static_cast<std::size_t>(error.column) < columns.size()
                                 ? "'" + columns[static_cast<std::size_t>(error.column)] + "'"
                                 : std::to_string(error.column + 1));
    if (error.message.empty())
        return out;
    if (error.message.front() == ':' || error.message.front() == ' ')
        return out + error.message;
    return out + " " + error.message;
}

void scanCsv(const std::vector<std::string>& paths, const CsvOptions& options, const CsvScanCallbacks& callbacks,
             const std::function<bool(double)>& progress)
{
    if (paths.empty())
        throw InputError("no data file given");
    if (options.range && paths.size() != 1)
        throw InputError("a byte range reads one file, not " + std::to_string(paths.size()));
    CsvHeader header;
    std::vector<std::unique_ptr<FileScan>> files;
    std::size_t total = 0;
    bool sizeKnown = true;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        files.push_back(std::make_unique<FileScan>(paths[i], i, options, callbacks, header));
        total += files.back()->size();
        sizeKnown = sizeKnown && files.back()->size() > 0;
    }
    std::size_t done = 0;
    for (auto& f : files) {
        f->run([&](std::size_t consumed) {
            if (!progress)
                return true;
            return progress(sizeKnown && total > 0 ? std::min(1.0, double(done + consumed) / double(total)) : -1.0);
        });
        done += f->size();
    }
}

} // namespace rr
