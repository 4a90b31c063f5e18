#include "core/data/CsvReader.h"

#include "core/data/Errors.h"
#include "core/data/Utf8.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <functional>
#include <memory>
#include <string_view>
#include <unordered_map>

namespace rr {
namespace {

// Hash and equality that accept std::string and std::string_view alike, so a field is
// looked up without copying it into a std::string.
// FNV-1a: labels are short, and a cheap hash beats a strong one here (the order of
// categories is that of first appearance either way).
struct LabelHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const
    {
        std::uint64_t h = 14695981039346656037ull;
        for (unsigned char c : s)
            h = (h ^ c) * 1099511628211ull;
        return static_cast<std::size_t>(h ^ (h >> 32));
    }
};

// ASCII is valid UTF-8; most fields are ASCII and this check is cheaper than a full one.
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

// Per-column label -> code map, built in order of first appearance.
struct ColumnBuilder {
    std::unordered_map<std::string, int32_t, LabelHash, std::equal_to<>> index;
    bool fixedOrder = false;
};

struct ParseState {
    const CsvOptions* options = nullptr;
    std::string path;
    bool firstFile = true;
    bool inHeader = true;
    std::vector<std::string> header;    // header of the first file
    std::vector<std::string> fields;    // fields of the record being read: the first fieldCount;
    std::size_t fieldCount = 0;         // the strings are reused from record to record
    std::size_t record = 0;             // data records of this file seen so far
    int countColumn = -1;               // index within the file's columns
    std::vector<int> columnToAttribute; // file column -> attribute index (-1 for count column)
    Table* table = nullptr;
    std::vector<ColumnBuilder> builders;
    std::string error;
};

std::string_view trim(std::string_view s)
{
    auto b = s.find_first_not_of(' ');
    if (b == std::string_view::npos)
        return {};
    auto e = s.find_last_not_of(' ');
    return s.substr(b, e - b + 1);
}

void onField(void* data, std::size_t len, void* state)
{
    auto* st = static_cast<ParseState*>(state);
    const char* text = data ? static_cast<const char*>(data) : "";
    if (!data)
        len = 0;
    if (st->fieldCount < st->fields.size())
        st->fields[st->fieldCount].assign(text, len);
    else
        st->fields.emplace_back(text, len);
    ++st->fieldCount;
}

std::string where(const ParseState& st)
{
    return "'" + st.path + "' record " + std::to_string(st.record + 1);
}

void setupHeader(ParseState& st)
{
    std::vector<std::string> fields(st.fields.begin(), st.fields.begin() + static_cast<std::ptrdiff_t>(st.fieldCount));
    if (!fields.empty() && fields[0].rfind("\xEF\xBB\xBF", 0) == 0)
        fields[0].erase(0, 3); // UTF-8 BOM
    for (auto& f : fields) {
        f = std::string(trim(f));
        if (!isValidUtf8(f))
            throw InputError("'" + st.path + "': the header is not valid UTF-8");
    }
    if (st.firstFile) {
        st.header = fields;
        for (std::size_t i = 0; i < fields.size(); ++i) {
            if (fields[i].empty())
                throw InputError("'" + st.path + "': header column " + std::to_string(i + 1) + " has no name");
            for (std::size_t j = 0; j < i; ++j)
                if (fields[j] == fields[i])
                    throw InputError("'" + st.path + "': header names column '" + fields[i] + "' twice");
        }
        st.columnToAttribute.assign(fields.size(), -1);
        for (std::size_t i = 0; i < fields.size(); ++i) {
            if (st.options->countColumn && fields[i] == *st.options->countColumn) {
                st.countColumn = static_cast<int>(i);
                continue;
            }
            Attribute a;
            a.name = fields[i];
            ColumnBuilder b;
            auto it = st.options->categoryOrder.find(a.name);
            if (it != st.options->categoryOrder.end()) {
                a.categories = it->second;
                for (std::size_t c = 0; c < a.categories.size(); ++c)
                    b.index.emplace(a.categories[c], static_cast<int32_t>(c));
                b.fixedOrder = true;
            }
            st.columnToAttribute[i] = static_cast<int>(st.table->attributes.size());
            st.table->attributes.push_back(std::move(a));
            st.builders.push_back(std::move(b));
        }
        if (st.options->countColumn && st.countColumn < 0)
            throw InputError("'" + st.path + "': count column '" + *st.options->countColumn + "' is not in the header");
        if (st.table->attributes.empty())
            throw InputError("'" + st.path + "': no attribute columns");
    } else if (fields != st.header) {
        throw InputError("'" + st.path +
                         "': its header differs from the first file's; files can only be "
                         "concatenated when their headers are identical");
    }
}

void addRecord(ParseState& st)
{
    const auto& fields = st.fields;
    const std::size_t n = st.fieldCount;
    if (n != st.columnToAttribute.size())
        throw InputError(where(st) + " has " + std::to_string(n) + (n == 1 ? " field" : " fields") +
                         ", the header has " + std::to_string(st.columnToAttribute.size()) + " (ragged row)");
    const auto& missing = st.options->missingTokens;
    for (std::size_t i = 0; i < n; ++i) {
        const std::string_view value = trim(fields[i]);
        if (!isAscii(value) && !isValidUtf8(value))
            throw InputError(where(st) + " column '" + st.header[i] + "' is not valid UTF-8");
        if (static_cast<int>(i) == st.countColumn) {
            double w = 0;
            auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), w);
            if (ec != std::errc() || ptr != value.data() + value.size() || !std::isfinite(w) || w < 0)
                throw InputError(where(st) + ": count '" + std::string(value) + "' is not a non-negative number");
            st.table->weights.push_back(w);
            continue;
        }
        const int a = st.columnToAttribute[i];
        auto& attr = st.table->attributes[a];
        if (std::find(missing.begin(), missing.end(), value) != missing.end()) {
            attr.codes.push_back(Attribute::kMissing);
            continue;
        }
        auto& b = st.builders[a];
        auto it = b.index.find(value);
        if (it == b.index.end()) {
            if (b.fixedOrder)
                throw InputError(where(st) + ": value '" + std::string(value) + "' of '" + attr.name +
                                 "' is not among the schema's categories");
            it = b.index.emplace(std::string(value), static_cast<int32_t>(attr.categories.size())).first;
            attr.categories.emplace_back(value);
        }
        attr.codes.push_back(it->second);
    }
    ++st.record;
}

void onRecord(int, void* state)
{
    auto* st = static_cast<ParseState*>(state);
    if (!st->error.empty()) {
        st->fieldCount = 0;
        return;
    }
    try {
        // A line with nothing on it is not a record.
        if (st->fieldCount == 1 && trim(st->fields[0]).empty() && st->columnToAttribute.size() != 1) {
            st->fieldCount = 0;
            return;
        }
        if (st->inHeader) {
            setupHeader(*st);
            st->inHeader = false;
        } else {
            addRecord(*st);
        }
    } catch (const InputError& e) {
        st->error = e.what();
    }
    st->fieldCount = 0;
}

// RFC 4180 reader with the exact behaviour of libcsv 3.0.3 in strict mode (CSV_STRICT |
// CSV_STRICT_FINI | CSV_APPEND_NULL, only ' ' as a space, CR and LF ending records), which the
// reader used before: spaces around unquoted fields and between a closing quote and the
// delimiter are dropped, "" inside quotes is one quote, empty lines are no records, a quote
// inside an unquoted field or text after a closing quote is an error. It keeps libcsv's
// callbacks but runs a byte-class table inline instead of two function calls per byte.
class StrictCsvParser {
public:
    using FieldCallback = void (*)(void*, std::size_t, void*);
    using RecordCallback = void (*)(int, void*);

    StrictCsvParser(char delimiter, FieldCallback onField, RecordCallback onRecord, void* data)
        : m_onField(onField), m_onRecord(onRecord), m_data(data)
    {
        m_class.fill(Other);
        m_class[' '] = Space;
        m_class['\r'] = m_class['\n'] = Terminator;
        m_class['"'] = Quote;
        m_class[static_cast<unsigned char>(delimiter)] = Delimiter;
    }

    // Parses a chunk; returns the bytes consumed, fewer than `len` on a parse error.
    std::size_t parse(const char* text, std::size_t len)
    {
        const auto* s = reinterpret_cast<const unsigned char*>(text);
        std::size_t pos = 0;
        while (pos < len) {
            const unsigned char c = s[pos++];
            const Class k = m_class[c];
            switch (m_state) {
            case RowNotBegun:
            case FieldNotBegun:
                if (k == Space)
                    continue;
                if (k == Terminator) {
                    if (m_state == FieldNotBegun) {
                        submitField();
                        submitRecord(c);
                    } // an empty line is no record
                    continue;
                }
                if (k == Delimiter) {
                    submitField();
                } else if (k == Quote) {
                    m_state = FieldBegun;
                    m_quoted = true;
                } else {
                    m_state = FieldBegun;
                    m_quoted = false;
                    m_entry.push_back(static_cast<char>(c));
                }
                break;
            case FieldBegun:
                if (!m_quoted) { // the common case: copy a run of plain bytes at once
                    std::size_t end = pos - 1;
                    while (end < len && m_class[s[end]] == Other)
                        ++end;
                    if (end > pos - 1) {
                        m_entry.append(reinterpret_cast<const char*>(s + pos - 1), end - (pos - 1));
                        m_spaces = 0;
                        pos = end;
                        continue;
                    }
                }
                if (k == Quote) {
                    if (!m_quoted) { // a quote inside an unquoted field
                        m_failed = true;
                        return pos - 1;
                    }
                    m_entry.push_back('"');
                    m_state = FieldMightHaveEnded;
                } else if (k == Delimiter) {
                    if (m_quoted)
                        m_entry.push_back(static_cast<char>(c));
                    else
                        submitField();
                } else if (k == Terminator) {
                    if (m_quoted) {
                        m_entry.push_back(static_cast<char>(c));
                    } else {
                        submitField();
                        submitRecord(c);
                    }
                } else if (!m_quoted && k == Space) {
                    m_entry.push_back(' ');
                    ++m_spaces;
                } else {
                    m_entry.push_back(static_cast<char>(c));
                    m_spaces = 0;
                }
                break;
            case FieldMightHaveEnded: // after a quote inside a quoted field
                if (k == Delimiter) {
                    m_entry.resize(m_entry.size() - m_spaces - 1); // spaces and the closing quote
                    submitField();
                } else if (k == Terminator) {
                    m_entry.resize(m_entry.size() - m_spaces - 1);
                    submitField();
                    submitRecord(c);
                } else if (k == Space) {
                    m_entry.push_back(' ');
                    ++m_spaces;
                } else if (k == Quote && m_spaces == 0) { // "" is one quote
                    m_state = FieldBegun;
                } else { // text or a quote after the closing quote
                    m_failed = true;
                    return pos - 1;
                }
                break;
            }
        }
        return pos;
    }

    // Ends the input (a last record without a line break); false for an unterminated quote.
    bool finish()
    {
        if (m_state == FieldBegun && m_quoted) {
            m_failed = true;
            return false;
        }
        if (m_state == FieldMightHaveEnded)
            m_entry.resize(m_entry.size() - m_spaces - 1);
        if (m_state != RowNotBegun) {
            submitField();
            submitRecord(-1);
        }
        m_state = RowNotBegun;
        return true;
    }

    bool failed() const { return m_failed; }

private:
    enum Class : unsigned char { Other, Space, Delimiter, Quote, Terminator };
    enum State { RowNotBegun, FieldNotBegun, FieldBegun, FieldMightHaveEnded };

    void submitField()
    {
        if (!m_quoted)
            m_entry.resize(m_entry.size() - m_spaces); // trailing spaces of an unquoted field
        m_onField(m_entry.data(), m_entry.size(), m_data);
        m_state = FieldNotBegun;
        m_entry.clear();
        m_quoted = false;
        m_spaces = 0;
    }

    void submitRecord(int c)
    {
        m_onRecord(c, m_data);
        m_state = RowNotBegun;
        m_entry.clear();
        m_quoted = false;
        m_spaces = 0;
    }

    FieldCallback m_onField;
    RecordCallback m_onRecord;
    void* m_data;
    std::array<Class, 256> m_class{};
    State m_state = RowNotBegun;
    bool m_quoted = false;
    bool m_failed = false;
    std::size_t m_spaces = 0;
    std::string m_entry;
};

// The message libcsv gave for a parse error in strict mode.
constexpr const char* kStrictParseError = "error parsing data while strict checking enabled";

void readOne(ParseState& st, const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError("cannot open '" + path + "': " + std::strerror(errno));
    st.path = path;
    st.inHeader = true;
    st.record = 0;

    constexpr std::size_t kChunk = 1 << 16;
    std::vector<char> buf(kChunk);
    in.read(buf.data(), kChunk);
    std::size_t got = static_cast<std::size_t>(in.gcount());
    if (got == 0)
        throw InputError("'" + path + "' is empty (no header, no records)");

    char delim = st.options->delimiter;
    if (delim == 0) {
        std::string head(buf.data(), got);
        auto nl = head.find('\n');
        delim = detectDelimiter(nl == std::string::npos ? head : head.substr(0, nl));
    }

    StrictCsvParser parser(delim, onField, onRecord, &st);
    auto fail = [&](const std::string& why) { throw InputError("'" + path + "': " + why); };
    while (got > 0) {
        if (parser.parse(buf.data(), got) != got)
            fail(std::string("malformed CSV near record ") + std::to_string(st.record + 1) + " (" + kStrictParseError +
                 ")");
        if (!st.error.empty())
            throw InputError(st.error);
        in.read(buf.data(), kChunk);
        got = static_cast<std::size_t>(in.gcount());
    }
    if (!parser.finish())
        fail("malformed CSV at the end of the file (unterminated quote?)");
    if (!st.error.empty())
        throw InputError(st.error);
    if (st.inHeader)
        fail("no header row");
    st.firstFile = false;
}

} // namespace

char detectDelimiter(const std::string& headerLine)
{
    std::size_t counts[3] = {0, 0, 0};
    const char cands[3] = {',', ';', '\t'};
    bool quoted = false;
    for (char c : headerLine) {
        if (c == '"')
            quoted = !quoted;
        if (quoted)
            continue;
        for (int i = 0; i < 3; ++i)
            if (c == cands[i])
                ++counts[i];
    }
    int best = 0;
    for (int i = 1; i < 3; ++i)
        if (counts[i] > counts[best])
            best = i;
    return cands[best];
}

Table readCsv(const std::vector<std::string>& paths, const CsvOptions& options)
{
    if (paths.empty())
        throw InputError("no data file given");
    Table table;
    ParseState st;
    st.options = &options;
    st.table = &table;
    for (const auto& p : paths)
        readOne(st, p);
    if (table.rowCount() == 0)
        throw InputError("'" + paths.front() + "' has a header but no records (empty table)");
    return table;
}

} // namespace rr
