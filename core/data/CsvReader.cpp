#include "core/data/CsvReader.h"

#include "core/data/Errors.h"
#include "core/data/Utf8.h"

#include <csv.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <memory>
#include <unordered_map>

namespace rr {
namespace {

// Per-column label -> code map, built in order of first appearance.
struct ColumnBuilder {
    std::unordered_map<std::string, int32_t> index;
    bool fixedOrder = false;
};

struct ParseState {
    const CsvOptions* options = nullptr;
    std::string path;
    bool firstFile = true;
    bool inHeader = true;
    std::vector<std::string> header;    // header of the first file
    std::vector<std::string> fields;    // fields of the record being read
    std::size_t record = 0;             // data records of this file seen so far
    int countColumn = -1;               // index within the file's columns
    std::vector<int> columnToAttribute; // file column -> attribute index (-1 for count column)
    Table* table = nullptr;
    std::vector<ColumnBuilder> builders;
    std::string error;
};

std::string trim(const std::string& s)
{
    auto b = s.find_first_not_of(' ');
    if (b == std::string::npos)
        return {};
    auto e = s.find_last_not_of(' ');
    return s.substr(b, e - b + 1);
}

void onField(void* data, std::size_t len, void* state)
{
    auto* st = static_cast<ParseState*>(state);
    st->fields.emplace_back(data ? static_cast<const char*>(data) : "", data ? len : 0);
}

std::string where(const ParseState& st)
{
    return "'" + st.path + "' record " + std::to_string(st.record + 1);
}

void setupHeader(ParseState& st)
{
    auto& fields = st.fields;
    if (!fields.empty() && fields[0].rfind("\xEF\xBB\xBF", 0) == 0)
        fields[0].erase(0, 3); // UTF-8 BOM
    for (auto& f : fields) {
        f = trim(f);
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
        throw InputError("'" + st.path + "': its header differs from the first file's; files can only be "
                         "concatenated when their headers are identical");
    }
}

void addRecord(ParseState& st)
{
    auto& fields = st.fields;
    if (fields.size() != st.columnToAttribute.size())
        throw InputError(where(st) + " has " + std::to_string(fields.size()) + " fields, the header has " +
                         std::to_string(st.columnToAttribute.size()) + " (ragged row)");
    const auto& missing = st.options->missingTokens;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        std::string value = trim(fields[i]);
        if (!isValidUtf8(value))
            throw InputError(where(st) + " column '" + st.header[i] + "' is not valid UTF-8");
        if (static_cast<int>(i) == st.countColumn) {
            double w = 0;
            auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), w);
            if (ec != std::errc() || ptr != value.data() + value.size() || !std::isfinite(w) || w < 0)
                throw InputError(where(st) + ": count '" + value + "' is not a non-negative number");
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
                throw InputError(where(st) + ": value '" + value + "' of '" + attr.name +
                                 "' is not among the schema's categories");
            it = b.index.emplace(value, static_cast<int32_t>(attr.categories.size())).first;
            attr.categories.push_back(value);
        }
        attr.codes.push_back(it->second);
    }
    ++st.record;
}

void onRecord(int, void* state)
{
    auto* st = static_cast<ParseState*>(state);
    if (!st->error.empty()) {
        st->fields.clear();
        return;
    }
    try {
        // A line with nothing on it is not a record.
        if (st->fields.size() == 1 && trim(st->fields[0]).empty() && st->columnToAttribute.size() != 1) {
            st->fields.clear();
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
    st->fields.clear();
}

int onlySpace(unsigned char c) { return c == CSV_SPACE ? 1 : 0; }

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

    csv_parser parser;
    if (csv_init(&parser, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0)
        throw std::runtime_error("cannot initialise the CSV parser");
    std::unique_ptr<csv_parser, void (*)(csv_parser*)> guard(&parser, [](csv_parser* p) { csv_free(p); });
    csv_set_delim(&parser, static_cast<unsigned char>(delim));
    csv_set_space_func(&parser, onlySpace);

    auto fail = [&](const std::string& why) { throw InputError("'" + path + "': " + why); };
    while (got > 0) {
        if (csv_parse(&parser, buf.data(), got, onField, onRecord, &st) != got)
            fail(std::string("malformed CSV near record ") + std::to_string(st.record + 1) + " (" +
                 csv_strerror(csv_error(&parser)) + ")");
        if (!st.error.empty())
            throw InputError(st.error);
        in.read(buf.data(), kChunk);
        got = static_cast<std::size_t>(in.gcount());
    }
    if (csv_fini(&parser, onField, onRecord, &st) != 0)
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
