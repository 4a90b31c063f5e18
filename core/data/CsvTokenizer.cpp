#include "core/data/CsvTokenizer.h"

#include "core/data/Utf8.h"

#include <array>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rr::csv {
namespace {

constexpr const char* kStrictParseError = "malformed CSV (error parsing data while strict checking enabled)";

std::string_view trimSpaces(std::string_view s)
{
    std::size_t b = 0, e = s.size();
    while (b < e && s[b] == ' ')
        ++b;
    while (e > b && s[e - 1] == ' ')
        --e;
    return s.substr(b, e - b);
}

bool isAscii(std::string_view s)
{
    std::uint64_t any = 0;
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
        std::uint64_t word;
        std::memcpy(&word, s.data() + i, 8);
        any |= word;
    }
    for (; i < s.size(); ++i)
        any |= static_cast<unsigned char>(s[i]);
    return (any & 0x8080808080808080ull) == 0;
}

std::string sizeText(std::size_t bytes)
{
    if (bytes % (1 << 20) == 0)
        return std::to_string(bytes >> 20) + " MiB";
    if (bytes % (1 << 10) == 0)
        return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + " bytes";
}

// The fast path over a block without quotes, a separator at a time: fields trimmed of spaces, records handed
// over as views of the block. The limits fall where the byte-by-byte parser finds them, so that both paths
// (and any cut of the input into blocks) give the same error: a record fails at its first byte past
// maxRecordBytes (line breaks not counted), a field at the first byte that takes its value (spaces trimmed)
// past maxFieldBytes; the earlier of the two is reported. `deliver(records, lineStart)` hands `fields` over.
template <class Deliver>
struct FastScan {
    const char* base;
    std::size_t n;
    char delimiter;
    const Limits& limits;
    std::vector<std::string_view>& fields;
    std::optional<BlockError>& error;
    Deliver& deliver;
    std::size_t records = 0, fieldStart = 0, lineStart = 0;

    bool endField(std::size_t end)
    {
        const std::string_view value = trimSpaces(std::string_view(base + fieldStart, end - fieldStart));
        const std::size_t recordFails = lineStart + limits.maxRecordBytes; // the first byte too many
        std::size_t fieldFails = std::string_view::npos;
        if (value.size() > limits.maxFieldBytes) {
            fieldFails = static_cast<std::size_t>(value.data() - base) + limits.maxFieldBytes;
            while (base[fieldFails] == ' ') // a space counts once a byte follows it
                ++fieldFails;
        }
        // The bytes the other parser has counted by the time it stops: through the failing byte of the field,
        // or through the delimiter that ends it (a line break does not count).
        const std::size_t counted = fieldFails != std::string_view::npos ? fieldFails + 1
                                    : end < n && base[end] == delimiter   ? end + 1
                                                                          : end;
        if (recordFails < counted) {
            error = BlockError{
                records, "is longer than " + sizeText(limits.maxRecordBytes) + " (the maximum record size)", -1};
            return false;
        }
        if (fieldFails != std::string_view::npos) {
            error = BlockError{
                records, "has a field longer than " + sizeText(limits.maxFieldBytes) + " (the maximum field size)",
                static_cast<int>(fields.size())};
            return false;
        }
        fields.push_back(value);
        return true;
    }

    bool endRecord(std::size_t end)
    {
        if (!endField(end))
            return false;
        const bool blank = fields.size() == 1 && fields[0].empty(); // an empty line is no record
        if (!blank) {
            if (!deliver(records, lineStart))
                return false;
            ++records;
        }
        fields.clear();
        return true;
    }

    // base[i], a delimiter or a line break, ends a field or a record.
    bool separator(std::size_t i)
    {
        if (base[i] == delimiter) {
            if (!endField(i))
                return false;
            fieldStart = i + 1;
            return true;
        }
        if (!endRecord(i))
            return false;
        fieldStart = lineStart = i + 1;
        return true;
    }
};

// What a step of the quoted path's state machine leaves the loop to do: go on to the next byte, check the
// field's size first, or stop (the error is set, or the handler stopped).
enum class Step { Next, Check, Stop };

// The quoted path's state machine over a block, a byte at a time (RFC 4180 quotes, spaces around unquoted
// fields trimmed): the record's fields so far, unescaped into `storage` and handed over as views of it.
// `deliver(records, recordStart)` hands `fields` to the handler.
template <class Deliver>
struct QuotedScan {
    enum Class : unsigned char { Other, Space, Delimiter, Quote, Terminator };
    enum State { RowNotBegun, FieldNotBegun, FieldBegun, FieldMightHaveEnded };

    std::vector<std::string>& storage;
    std::vector<std::string_view>& fields;
    const Limits& limits;
    const bool blankIsRecord;
    std::optional<BlockError>& error;
    Deliver& deliver;
    std::size_t records = 0, fieldCount = 0, recordBytes = 0, spaces = 0, recordStart = 0;
    State state = RowNotBegun;
    bool quoted = false;

    std::string& entry()
    {
        if (fieldCount >= storage.size())
            storage.resize(fieldCount + 1);
        return storage[fieldCount];
    }

    std::size_t fail(std::string message, int column = -1)
    {
        error = BlockError{records, std::move(message), column};
        return records;
    }

    std::size_t tooLong()
    {
        return fail("has a field longer than " + sizeText(limits.maxFieldBytes) + " (the maximum field size)",
                    static_cast<int>(fieldCount));
    }

    // The field's value so far: without the spaces that may still trail an unquoted field, nor the quote
    // (and spaces) that may close a quoted one.
    std::size_t valueBytes() const
    {
        const std::size_t size = storage[fieldCount].size();
        return state == FieldMightHaveEnded ? size - spaces - 1 : quoted ? size : size - spaces;
    }

    void submitField()
    {
        std::string& e = entry();
        if (!quoted)
            e.resize(e.size() - spaces); // trailing spaces of an unquoted field
        ++fieldCount;
        state = FieldNotBegun;
        quoted = false;
        spaces = 0;
        entry().clear();
    }

    bool submitRecord()
    {
        const bool blank = fieldCount == 1 && trimSpaces(storage[0]).empty() && !blankIsRecord;
        bool ok = true;
        if (!blank) {
            fields.clear();
            for (std::size_t k = 0; k < fieldCount; ++k)
                fields.emplace_back(storage[k]);
            ok = deliver(records, recordStart);
            if (ok)
                ++records;
        }
        fieldCount = 0;
        recordBytes = 0;
        state = RowNotBegun;
        quoted = false;
        spaces = 0;
        entry().clear();
        return ok;
    }

    // RowNotBegun, FieldNotBegun: spaces skipped, a line break ends the record (an empty line is none), a
    // delimiter an empty field; a quote or any other byte begins the field.
    Step beforeField(Class k, unsigned char c)
    {
        if (k == Space)
            return Step::Next;
        if (k == Terminator) {
            if (state == FieldNotBegun) {
                submitField();
                if (!submitRecord())
                    return Step::Stop;
            } // an empty line is no record
            recordBytes = 0;
            return Step::Next;
        }
        if (k == Delimiter) {
            submitField();
        } else if (k == Quote) {
            state = FieldBegun;
            quoted = true;
        } else {
            state = FieldBegun;
            quoted = false;
            entry().push_back(static_cast<char>(c));
        }
        return Step::Check;
    }

    // FieldBegun: in a quoted field everything but a quote is its text; an unquoted one ends at a delimiter or
    // a line break, and may hold no quote.
    Step inField(Class k, unsigned char c)
    {
        if (k == Quote) {
            if (!quoted) { // a quote inside an unquoted field
                fail(kStrictParseError);
                return Step::Stop;
            }
            entry().push_back('"');
            state = FieldMightHaveEnded;
        } else if (k == Delimiter) {
            if (quoted)
                entry().push_back(static_cast<char>(c));
            else
                submitField();
        } else if (k == Terminator) {
            if (quoted) {
                entry().push_back(static_cast<char>(c));
            } else {
                submitField();
                if (!submitRecord())
                    return Step::Stop;
            }
        } else if (!quoted && k == Space) {
            entry().push_back(' ');
            ++spaces;
        } else {
            entry().push_back(static_cast<char>(c));
            spaces = 0;
        }
        return Step::Check;
    }

    // FieldMightHaveEnded, after a quote inside a quoted field: a delimiter or a line break ends the field, ""
    // is one quote, spaces may follow the closing quote; anything else is malformed.
    Step afterQuote(Class k)
    {
        if (k == Delimiter) {
            entry().resize(entry().size() - spaces - 1); // spaces and the closing quote
            submitField();
        } else if (k == Terminator) {
            entry().resize(entry().size() - spaces - 1);
            submitField();
            if (!submitRecord())
                return Step::Stop;
        } else if (k == Space) {
            entry().push_back(' ');
            ++spaces;
        } else if (k == Quote && spaces == 0) { // "" is one quote
            state = FieldBegun;
        } else { // text or a quote after the closing quote
            fail(kStrictParseError);
            return Step::Stop;
        }
        return Step::Check;
    }

    // The end of the input: a last record without a line break.
    std::size_t finish()
    {
        if (state == FieldBegun && quoted)
            return fail("malformed CSV at the end of the file (unterminated quote?)");
        if (state == FieldMightHaveEnded)
            entry().resize(entry().size() - spaces - 1);
        if (state != RowNotBegun) {
            submitField();
            submitRecord();
        }
        return records;
    }
};

} // namespace

BlockParser::BlockParser(char delimiter, Limits limits) : m_delimiter(delimiter), m_limits(limits) {}

std::size_t BlockParser::parse(std::string_view block, RecordHandler& handler, std::optional<BlockError>& error)
{
    if (std::memchr(block.data(), '"', block.size()) == nullptr)
        return parseFast(block, handler, error);
    return parseQuoted(block, handler, error);
}

bool BlockParser::deliver(RecordHandler& handler, std::size_t records, std::size_t offset,
                       std::optional<BlockError>& error, bool checkUtf8)
{
    if (checkUtf8)
        for (std::size_t i = 0; i < m_fields.size(); ++i)
            if (!isAscii(m_fields[i]) && !isValidUtf8(m_fields[i])) {
                error = BlockError{records, "is not valid UTF-8", static_cast<int>(i)};
                return false;
            }
    if (!handler.record(m_fields.data(), m_fields.size(), offset)) {
        error = BlockError{records, {}, -1}; // the handler keeps its own message
        return false;
    }
    return true;
}

std::size_t BlockParser::parseFast(std::string_view block, RecordHandler& handler, std::optional<BlockError>& error)
{
    const char* base = block.data();
    const std::size_t n = block.size();
    const bool checkUtf8 = !isAscii(block);
    m_fields.clear();
    auto deliverRecord = [&](std::size_t records, std::size_t lineStart) {
        return deliver(handler, records, lineStart, error, checkUtf8);
    };
    FastScan<decltype(deliverRecord)> f{base, n, m_delimiter, m_limits, m_fields, error, deliverRecord};

    std::size_t i = 0;
#if defined(__SSE2__)
    const __m128i delim = _mm_set1_epi8(m_delimiter), lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    for (; i + 16 <= n; i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(base + i));
        unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, delim), _mm_cmpeq_epi8(v, lf)), _mm_cmpeq_epi8(v, cr))));
        while (mask) {
            if (!f.separator(i + static_cast<std::size_t>(__builtin_ctz(mask))))
                return f.records;
            mask &= mask - 1;
        }
    }
#endif
    for (; i < n; ++i) {
        const char c = base[i];
        if ((c == m_delimiter || c == '\n' || c == '\r') && !f.separator(i))
            return f.records;
    }
    if (f.fieldStart < n || !m_fields.empty()) // a last record without a line break
        f.endRecord(n);
    return f.records;
}

std::size_t BlockParser::parseQuoted(std::string_view block, RecordHandler& handler, std::optional<BlockError>& error)
{
    const bool checkUtf8 = !isAscii(block);
    auto deliverRecord = [&](std::size_t records, std::size_t recordStart) {
        return deliver(handler, records, recordStart, error, checkUtf8);
    };
    using Scan = QuotedScan<decltype(deliverRecord)>;
    std::array<Scan::Class, 256> cls;
    cls.fill(Scan::Other);
    cls[' '] = Scan::Space;
    cls['\r'] = cls['\n'] = Scan::Terminator;
    cls['"'] = Scan::Quote;
    cls[static_cast<unsigned char>(m_delimiter)] = Scan::Delimiter;

    const auto* s = reinterpret_cast<const unsigned char*>(block.data());
    const std::size_t len = block.size();
    Scan q{m_storage, m_fields, m_limits, m_blankIsRecord, error, deliverRecord};
    q.entry().clear();
    std::size_t pos = 0;
    while (pos < len) {
        const unsigned char c = s[pos++];
        const Scan::Class k = cls[c];
        const bool lineBreak = k == Scan::Terminator && !(q.state == Scan::FieldBegun && q.quoted);
        if (!lineBreak && ++q.recordBytes > m_limits.maxRecordBytes) // line breaks ending a record do not count
            return q.fail("is longer than " + sizeText(m_limits.maxRecordBytes) + " (the maximum record size)");
        if (q.state == Scan::RowNotBegun && k != Scan::Space && k != Scan::Terminator)
            q.recordStart = pos - 1;
        Step step = Step::Check;
        switch (q.state) {
        case Scan::RowNotBegun:
        case Scan::FieldNotBegun: step = q.beforeField(k, c); break;
        case Scan::FieldBegun: step = q.inField(k, c); break;
        case Scan::FieldMightHaveEnded: step = q.afterQuote(k); break;
        }
        if (step == Step::Stop)
            return q.records;
        if (step == Step::Next)
            continue;
        if (q.state != Scan::RowNotBegun && q.valueBytes() > m_limits.maxFieldBytes)
            return q.tooLong();
    }
    return q.finish();
}

std::size_t recordEndFrom(std::string_view text, std::size_t from)
{
    const char* base = text.data();
    const std::size_t n = text.size();
    if (from >= n)
        return std::string_view::npos;
    if (std::memchr(base, '"', n) == nullptr) {
        for (std::size_t i = from; i < n; ++i)
            if (base[i] == '\n' || base[i] == '\r')
                return i + 1;
        return std::string_view::npos;
    }
    bool inQuotes = false;
    for (std::size_t i = 0; i < n; ++i) {
        const char c = base[i];
        if (c == '"')
            inQuotes = !inQuotes;
        else if (!inQuotes && i >= from && (c == '\n' || c == '\r'))
            return i + 1;
    }
    return std::string_view::npos;
}

std::size_t lastRecordEnd(std::string_view text)
{
    const char* base = text.data();
    const std::size_t n = text.size();
    if (std::memchr(base, '"', n) == nullptr) {
        for (std::size_t i = n; i-- > 0;)
            if (base[i] == '\n' || base[i] == '\r')
                return i + 1;
        return std::string_view::npos;
    }
    bool inQuotes = false;
    std::size_t end = std::string_view::npos;
    for (std::size_t i = 0; i < n; ++i) {
        const char c = base[i];
        if (c == '"')
            inQuotes = !inQuotes;
        else if (!inQuotes && (c == '\n' || c == '\r'))
            end = i + 1;
    }
    return end;
}

} // namespace rr::csv
