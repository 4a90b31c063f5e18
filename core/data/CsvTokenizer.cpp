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
    std::size_t records = 0, fieldStart = 0, lineStart = 0;
    m_fields.clear();

    // The limits fall where the byte-by-byte parser finds them, so that both paths (and any cut of the input
    // into blocks) give the same error: a record fails at its first byte past maxRecordBytes (line breaks
    // not counted), a field at the first byte that takes its value (spaces trimmed) past maxFieldBytes;
    // the earlier of the two is reported.
    auto endField = [&](std::size_t end) {
        const std::string_view value = trimSpaces(std::string_view(base + fieldStart, end - fieldStart));
        const std::size_t recordFails = lineStart + m_limits.maxRecordBytes; // the first byte too many
        std::size_t fieldFails = std::string_view::npos;
        if (value.size() > m_limits.maxFieldBytes) {
            fieldFails = static_cast<std::size_t>(value.data() - base) + m_limits.maxFieldBytes;
            while (base[fieldFails] == ' ') // a space counts once a byte follows it
                ++fieldFails;
        }
        // The bytes the other parser has counted by the time it stops: through the failing byte of the field,
        // or through the delimiter that ends it (a line break does not count).
        const std::size_t counted = fieldFails != std::string_view::npos ? fieldFails + 1
                                    : end < n && base[end] == m_delimiter ? end + 1
                                                                          : end;
        if (recordFails < counted) {
            error = BlockError{
                records, "is longer than " + sizeText(m_limits.maxRecordBytes) + " (the maximum record size)", -1};
            return false;
        }
        if (fieldFails != std::string_view::npos) {
            error = BlockError{
                records, "has a field longer than " + sizeText(m_limits.maxFieldBytes) + " (the maximum field size)",
                static_cast<int>(m_fields.size())};
            return false;
        }
        m_fields.push_back(value);
        return true;
    };
    auto endRecord = [&](std::size_t end) {
        if (!endField(end))
            return false;
        const bool blank = m_fields.size() == 1 && m_fields[0].empty(); // an empty line is no record
        if (!blank) {
            if (!deliver(handler, records, lineStart, error, checkUtf8))
                return false;
            ++records;
        }
        m_fields.clear();
        return true;
    };
    auto separator = [&](std::size_t i) {
        if (base[i] == m_delimiter) {
            if (!endField(i))
                return false;
            fieldStart = i + 1;
            return true;
        }
        if (!endRecord(i))
            return false;
        fieldStart = lineStart = i + 1;
        return true;
    };

    std::size_t i = 0;
#if defined(__SSE2__)
    const __m128i delim = _mm_set1_epi8(m_delimiter), lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    for (; i + 16 <= n; i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(base + i));
        unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, delim), _mm_cmpeq_epi8(v, lf)), _mm_cmpeq_epi8(v, cr))));
        while (mask) {
            if (!separator(i + static_cast<std::size_t>(__builtin_ctz(mask))))
                return records;
            mask &= mask - 1;
        }
    }
#endif
    for (; i < n; ++i) {
        const char c = base[i];
        if ((c == m_delimiter || c == '\n' || c == '\r') && !separator(i))
            return records;
    }
    if (fieldStart < n || !m_fields.empty()) // a last record without a line break
        endRecord(n);
    return records;
}

std::size_t BlockParser::parseQuoted(std::string_view block, RecordHandler& handler, std::optional<BlockError>& error)
{
    enum Class : unsigned char { Other, Space, Delimiter, Quote, Terminator };
    enum State { RowNotBegun, FieldNotBegun, FieldBegun, FieldMightHaveEnded };
    std::array<Class, 256> cls;
    cls.fill(Other);
    cls[' '] = Space;
    cls['\r'] = cls['\n'] = Terminator;
    cls['"'] = Quote;
    cls[static_cast<unsigned char>(m_delimiter)] = Delimiter;

    const auto* s = reinterpret_cast<const unsigned char*>(block.data());
    const std::size_t len = block.size();
    std::size_t records = 0, fieldCount = 0, recordBytes = 0, spaces = 0, recordStart = 0;
    State state = RowNotBegun;
    bool quoted = false;
    const bool checkUtf8 = !isAscii(block);
    auto entry = [&]() -> std::string& {
        if (fieldCount >= m_storage.size())
            m_storage.resize(fieldCount + 1);
        return m_storage[fieldCount];
    };
    auto fail = [&](std::string message, int column = -1) {
        error = BlockError{records, std::move(message), column};
        return records;
    };
    auto tooLong = [&]() {
        return fail("has a field longer than " + sizeText(m_limits.maxFieldBytes) + " (the maximum field size)",
                    static_cast<int>(fieldCount));
    };
    // The field's value so far: without the spaces that may still trail an unquoted field, nor the quote
    // (and spaces) that may close a quoted one.
    auto valueBytes = [&]() {
        const std::size_t size = m_storage[fieldCount].size();
        return state == FieldMightHaveEnded ? size - spaces - 1 : quoted ? size : size - spaces;
    };
    auto submitField = [&]() {
        std::string& e = entry();
        if (!quoted)
            e.resize(e.size() - spaces); // trailing spaces of an unquoted field
        ++fieldCount;
        state = FieldNotBegun;
        quoted = false;
        spaces = 0;
        entry().clear();
    };
    auto submitRecord = [&]() {
        const bool blank = fieldCount == 1 && trimSpaces(m_storage[0]).empty() && !m_blankIsRecord;
        bool ok = true;
        if (!blank) {
            m_fields.clear();
            for (std::size_t k = 0; k < fieldCount; ++k)
                m_fields.emplace_back(m_storage[k]);
            ok = deliver(handler, records, recordStart, error, checkUtf8);
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
    };

    entry().clear();
    std::size_t pos = 0;
    while (pos < len) {
        const unsigned char c = s[pos++];
        const Class k = cls[c];
        const bool lineBreak = k == Terminator && !(state == FieldBegun && quoted);
        if (!lineBreak && ++recordBytes > m_limits.maxRecordBytes) // line breaks ending a record do not count
            return fail("is longer than " + sizeText(m_limits.maxRecordBytes) + " (the maximum record size)");
        if (state == RowNotBegun && k != Space && k != Terminator)
            recordStart = pos - 1;
        switch (state) {
        case RowNotBegun:
        case FieldNotBegun:
            if (k == Space)
                continue;
            if (k == Terminator) {
                if (state == FieldNotBegun) {
                    submitField();
                    if (!submitRecord())
                        return records;
                } // an empty line is no record
                recordBytes = 0;
                continue;
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
            break;
        case FieldBegun:
            if (k == Quote) {
                if (!quoted) // a quote inside an unquoted field
                    return fail(kStrictParseError);
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
                        return records;
                }
            } else if (!quoted && k == Space) {
                entry().push_back(' ');
                ++spaces;
            } else {
                entry().push_back(static_cast<char>(c));
                spaces = 0;
            }
            break;
        case FieldMightHaveEnded: // after a quote inside a quoted field
            if (k == Delimiter) {
                entry().resize(entry().size() - spaces - 1); // spaces and the closing quote
                submitField();
            } else if (k == Terminator) {
                entry().resize(entry().size() - spaces - 1);
                submitField();
                if (!submitRecord())
                    return records;
            } else if (k == Space) {
                entry().push_back(' ');
                ++spaces;
            } else if (k == Quote && spaces == 0) { // "" is one quote
                state = FieldBegun;
            } else { // text or a quote after the closing quote
                return fail(kStrictParseError);
            }
            break;
        }
        if (state != RowNotBegun && valueBytes() > m_limits.maxFieldBytes)
            return tooLong();
    }
    // The end of the input: a last record without a line break.
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
