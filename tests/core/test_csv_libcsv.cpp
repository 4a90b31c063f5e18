// The CSV reader's own RFC 4180 parser against libcsv 3.0.3, the parser it replaced: random small
// documents (quotes, doubled quotes, delimiters and line breaks inside quotes, CR, LF, CRLF, spaces
// around fields, empty and missing fields, a BOM, malformed quoting) are read by rr::readCsv and by
// libcsv driven as the former reader drove it (CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL, the
// detected delimiter, only ' ' a space) followed by the former reader's post-processing, except that a
// quoted field keeps its spaces. Both must fail, or both must give the same header, rows and cells.
#include "core/data/CsvReader.h"
#include "core/data/Errors.h"
#include "core/data/Table.h"
#include "core/data/Utf8.h"

#include <csv.h>

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

using namespace rr;

namespace {

using Cell = std::optional<std::string>; // nullopt: missing

// What reading one document gives.
struct Outcome {
    enum Kind { Read, Rejected, OtherException } kind = Rejected;
    std::string error; // why it failed (shown on a disagreement only)
    std::vector<std::string> header;
    std::vector<std::vector<Cell>> rows;
    std::vector<std::vector<std::string>> categories; // per column, in order of first appearance
};

// ---------------------------------------------------------------------------------------------
// The oracle: libcsv with the former reader's options, delimiter detection and post-processing.

struct RawRecords {
    std::vector<std::vector<std::string>> records;
    std::vector<std::string> fields;
};

void collectField(void* text, std::size_t len, void* data)
{
    auto* raw = static_cast<RawRecords*>(data);
    raw->fields.emplace_back(text ? static_cast<const char*>(text) : "", text ? len : 0);
}

void collectRecord(int, void* data)
{
    auto* raw = static_cast<RawRecords*>(data);
    raw->records.push_back(std::move(raw->fields));
    raw->fields.clear();
}

int onlySpace(unsigned char c)
{
    return c == CSV_SPACE ? 1 : 0;
}

// The former reader's detection: the most frequent of ',', ';', tab outside quotes in the first
// line of the first 64 KiB read, ',' on a tie.
char formerDelimiter(const std::string& bytes)
{
    const std::string first = bytes.substr(0, std::size_t(1) << 16);
    const std::string line = first.substr(0, first.find('\n'));
    const char cands[3] = {',', ';', '\t'};
    std::size_t counts[3] = {0, 0, 0};
    bool quoted = false;
    for (char c : line) {
        if (c == '"')
            quoted = !quoted;
        if (quoted)
            continue;
        for (int i = 0; i < 3; ++i)
            counts[i] += c == cands[i];
    }
    int best = 0;
    for (int i = 1; i < 3; ++i)
        if (counts[i] > counts[best])
            best = i;
    return cands[best];
}

std::string trimSpaces(std::string_view s)
{
    const auto b = s.find_first_not_of(' ');
    if (b == std::string_view::npos)
        return {};
    return std::string(s.substr(b, s.find_last_not_of(' ') - b + 1));
}

Outcome libcsvRead(const std::string& bytes)
{
    Outcome out;
    auto fail = [&](const std::string& why) {
        out.kind = Outcome::Rejected;
        out.error = why;
        return out;
    };
    if (bytes.empty())
        return fail("empty file");

    csv_parser parser;
    if (csv_init(&parser, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
        out.kind = Outcome::OtherException;
        out.error = "csv_init failed";
        return out;
    }
    csv_set_delim(&parser, static_cast<unsigned char>(formerDelimiter(bytes)));
    csv_set_space_func(&parser, onlySpace);
    RawRecords raw;
    const bool parsed =
        csv_parse(&parser, bytes.data(), bytes.size(), collectField, collectRecord, &raw) == bytes.size() &&
        csv_fini(&parser, collectField, collectRecord, &raw) == 0;
    const std::string parseError = csv_strerror(csv_error(&parser));
    csv_free(&parser);
    if (!parsed)
        return fail("libcsv: " + parseError);

    bool inHeader = true;
    for (auto& rec : raw.records) {
        const std::size_t columns = inHeader ? 0 : out.header.size();
        if (rec.size() == 1 && trimSpaces(rec[0]).empty() && columns != 1)
            continue; // a line with nothing on it is not a record
        if (inHeader) {
            if (rec[0].rfind("\xEF\xBB\xBF", 0) == 0)
                rec[0].erase(0, 3);
            for (auto& f : rec) {
                f = trimSpaces(f);
                if (!isValidUtf8(f))
                    return fail("header not UTF-8");
            }
            for (std::size_t i = 0; i < rec.size(); ++i) {
                if (rec[i].empty())
                    return fail("header column without a name");
                for (std::size_t j = 0; j < i; ++j)
                    if (rec[i] == rec[j])
                        return fail("header names a column twice");
            }
            out.header = rec;
            out.categories.resize(rec.size());
            inHeader = false;
            continue;
        }
        if (rec.size() != out.header.size())
            return fail("ragged row");
        std::vector<Cell> row;
        for (std::size_t i = 0; i < rec.size(); ++i) {
            // libcsv already drops the spaces around unquoted fields; a quoted field's spaces are data
            // (the reader trimmed them once, which the hardening audit found wrong).
            const std::string& value = rec[i];
            if (!isValidUtf8(value))
                return fail("value not UTF-8");
            if (value == "?" || value.empty()) { // the default missing tokens
                row.emplace_back(std::nullopt);
                continue;
            }
            auto& cats = out.categories[i];
            if (std::find(cats.begin(), cats.end(), value) == cats.end())
                cats.push_back(value);
            row.emplace_back(value);
        }
        out.rows.push_back(std::move(row));
    }
    if (inHeader)
        return fail("no header");
    if (out.rows.empty())
        return fail("no records");
    out.kind = Outcome::Read;
    return out;
}

// ---------------------------------------------------------------------------------------------
// The reader under test.

Outcome readerRead(const std::string& path, const CsvOptions& options = {})
{
    Outcome out;
    try {
        const rr::Table t = readCsv({path}, options);
        out.kind = Outcome::Read;
        out.rows.assign(t.rowCount(), {});
        for (const Attribute& a : t.attributes) {
            out.header.push_back(a.name);
            out.categories.push_back(a.categories);
            if (a.codes.size() != t.rowCount()) {
                out.kind = Outcome::OtherException;
                out.error = "column '" + a.name + "' has " + std::to_string(a.codes.size()) + " codes";
                return out;
            }
            for (std::size_t r = 0; r < a.codes.size(); ++r)
                out.rows[r].push_back(a.codes[r] == Attribute::kMissing ? Cell{} : Cell{a.categories.at(a.codes[r])});
        }
    } catch (const rr::InputError& e) {
        out = {};
        out.kind = Outcome::Rejected;
        out.error = e.what();
    } catch (const std::exception& e) {
        out = {};
        out.kind = Outcome::OtherException;
        out.error = std::string("not an InputError: ") + e.what();
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// Random documents.

// A document: the header line (with a BOM perhaps) and the records, each with its line ending.
struct Document {
    std::string head;
    std::vector<std::string> records;
    char delimiter = ',';
    std::size_t columns = 1;

    std::string bytes() const
    {
        std::string s = head;
        for (const auto& r : records)
            s += r;
        return s;
    }
};

class DocumentGenerator {
public:
    explicit DocumentGenerator(std::uint64_t seed) : m_rng(seed) {}

    // A random document: mostly well-formed CSV with occasional faults, sometimes byte soup.
    std::string next() { return below(5) == 0 ? soup() : structured().bytes(); }

    Document structured()
    {
        Document d;
        d.delimiter = ",;\t"[below(3)];
        d.columns = 1 + below(5);
        m_eolStyle = below(5); // LF, CRLF, CR, mixed, mixed
        if (chance(10))
            d.head += "\xEF\xBB\xBF";
        d.head += headerLine(d);
        const std::size_t records = chance(5) ? 0 : 1 + below(5);
        // (one random draw per statement, so the documents do not depend on evaluation order)
        for (std::size_t r = 0; r < records; ++r) {
            if (chance(8)) {
                d.records.push_back(blankLine(d.delimiter));
                d.records.back() += eol();
            }
            d.records.push_back(recordLine(d));
            if (r + 1 < records || chance(70))
                d.records.back() += eol();
        }
        if (chance(5) && !d.records.empty()) {
            d.records.push_back(blankLine(d.delimiter));
            if (chance(50))
                d.records.back() += eol();
        }
        if (chance(3)) { // cut short anywhere: unterminated quotes, half a CRLF, a lost record
            std::string all = d.bytes();
            d.head = all.substr(0, below(all.size() + 1));
            d.records.clear();
        }
        if (chance(2))
            d.records.push_back("\"unterminated" + std::string(chance(50) ? "\n" : ""));
        return d;
    }

    std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(m_rng() % n); }
    bool chance(int percent) { return below(100) < static_cast<std::size_t>(percent); }

private:
    std::string eol()
    {
        static const char* const kEols[3] = {"\n", "\r\n", "\r"};
        return kEols[m_eolStyle < 3 ? m_eolStyle : below(3)];
    }

    // Any bytes that matter to a CSV parser, in any order.
    std::string soup()
    {
        static constexpr std::string_view kPieces[] = {
            "a",        "b",    "?",       " ", "  ", ",", ";", "\t", "\"", "\"\"", "\r", "\n", "\r\n", "\xEF\xBB\xBF",
            "\xC3\xA9", "\xFF", {"\0", 1}, "x", "1"};
        std::string s;
        const std::size_t n = below(40);
        for (std::size_t i = 0; i < n; ++i)
            s += kPieces[below(std::size(kPieces))];
        return s;
    }

    std::string headerLine(const Document& d)
    {
        static const char* const kPlain[] = {"A", "B", "C", "age", "sex", "x y", "G", "\xE5\x90\x8D\xE5\x89\x8D"};
        // Names that need quotes; a line break in one also hides the rest of the line from the
        // delimiter detection.
        static const char* const kSpecial[] = {"C;D", "E,F", "t\tu", "q\"r", "line\nname"};
        std::vector<std::string> plain(std::begin(kPlain), std::end(kPlain));
        std::shuffle(plain.begin(), plain.end(), m_rng);
        std::vector<std::string> names;
        for (std::size_t c = 0; c < d.columns; ++c) {
            std::string name = chance(12) ? kSpecial[below(std::size(kSpecial))] : plain[c];
            if (chance(2))
                name = names.empty() ? "" : names.back(); // no name, or a name twice
            names.push_back(name);
        }
        std::string line = join(names, d);
        return line + eol();
    }

    std::string recordLine(const Document& d)
    {
        static const char* const kValues[] = {"a",
                                              "a",
                                              "b",
                                              "b",
                                              "c",
                                              "x y",
                                              "?",
                                              "?",
                                              "",
                                              "",
                                              " ",
                                              " ? ",
                                              "\xC3\xA9",
                                              "\xE6\x97\xA5\xE6\x9C\xAC",
                                              "1.5",
                                              "a\"b",
                                              "\"",
                                              "\"\"",
                                              "two\nlines",
                                              "cr\rx",
                                              "crlf\r\nx",
                                              ",",
                                              ";",
                                              "\t",
                                              "a,b",
                                              "a;b",
                                              "a\tb",
                                              " lead",
                                              "trail ",
                                              "\xEF\xBB\xBF"
                                              "bom",
                                              "\xFF",
                                              "\xC3"};
        constexpr std::size_t kCount = sizeof(kValues) / sizeof(kValues[0]);
        std::size_t n = d.columns;
        if (chance(2)) // a ragged row
            n = chance(50) ? n + 1 : n - 1;
        std::vector<std::string> values;
        for (std::size_t c = 0; c < n; ++c) {
            std::size_t k = below(kCount);
            if (k >= 30 && chance(80)) // invalid UTF-8 rarely
                k = 0;
            values.emplace_back(kValues[k]);
        }
        return join(values, d);
    }

    // Fields joined by the delimiter, each quoted or not, padded or not, sometimes malformed.
    std::string join(const std::vector<std::string>& values, const Document& d)
    {
        std::string line;
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (i > 0)
                line += chance(1) ? std::string(1, ",;\t"[below(3)]) : std::string(1, d.delimiter);
            line += field(values[i], d.delimiter);
        }
        return line;
    }

    std::string field(const std::string& value, char delimiter)
    {
        const bool special = value.find_first_of(std::string("\"\r\n") + delimiter) != std::string::npos;
        const bool quote = special ? chance(97) : chance(30);
        std::string f;
        if (chance(20))
            f.append(1 + below(2), ' ');
        if (chance(1))
            f += '\t';
        if (!quote) {
            f += value;
        } else {
            f += '"';
            const bool doubleQuotes = chance(98);
            for (char c : value) {
                f += c;
                if (c == '"' && doubleQuotes)
                    f += '"';
            }
            f += '"';
            if (chance(1)) // text after the closing quote
                f += chance(50) ? "x" : " \"";
        }
        if (chance(20))
            f.append(1 + below(2), ' ');
        return f;
    }

    std::string blankLine(char delimiter)
    {
        switch (below(5)) {
        case 0: return "";
        case 1: return "   ";
        case 2: return "\"\"";
        case 3: return " \"  \" ";
        default: return std::string(1, delimiter);
        }
    }

    std::mt19937_64 m_rng;
    std::size_t m_eolStyle = 0;
};

// Printable bytes for a failure message.
std::string escaped(const std::string& s)
{
    std::string out;
    for (unsigned char c : s) {
        if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\t')
            out += "\\t";
        else if (c == '\\')
            out += "\\\\";
        else if (c < 0x20 || c >= 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02X", c);
            out += buf;
        } else
            out += static_cast<char>(c);
    }
    return out;
}

std::string describe(const Outcome& o)
{
    if (o.kind != Outcome::Read)
        return (o.kind == Outcome::Rejected ? "InputError: " : "other error: ") + o.error;
    std::string s = "table, header [";
    for (const auto& h : o.header)
        s.append("'").append(escaped(h)).append("' ");
    s.append("], ").append(std::to_string(o.rows.size())).append(" rows:");
    const std::size_t shown = 8; // the last ones: the random records follow any filler
    if (o.rows.size() > shown)
        s += " ...";
    for (std::size_t r = o.rows.size() > shown ? o.rows.size() - shown : 0; r < o.rows.size(); ++r) {
        const auto& row = o.rows[r];
        s += " [";
        for (const auto& c : row)
            c ? s.append("'").append(escaped(*c)).append("' ") : s.append("<missing> ");
        s += "]";
    }
    return s;
}

// Empty when the two agree, otherwise what differs.
std::string disagreement(const Outcome& oracle, const Outcome& reader)
{
    if (oracle.kind != reader.kind)
        return "outcome";
    if (oracle.kind != Outcome::Read)
        return {};
    if (oracle.header != reader.header)
        return "header names";
    if (oracle.rows.size() != reader.rows.size())
        return "row count";
    if (oracle.rows != reader.rows)
        return "cells";
    if (oracle.categories != reader.categories)
        return "category order";
    return {};
}

} // namespace

class TestCsvLibcsv : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::size_t m_tables = 0;
    std::size_t m_errors = 0;
    std::size_t m_written = 0;
    std::map<std::string, std::size_t> m_reasons; // why the oracle rejected documents
    std::vector<std::string> m_failures;

    // Reads `bytes` both ways; records a disagreement.
    void compare(const std::string& bytes)
    {
        // A new file each time: truncating and rewriting one file makes ext4 flush it to disk.
        const std::string path = m_dir.filePath(QStringLiteral("doc-%1.csv").arg(++m_written)).toStdString();
        {
            std::ofstream out(path, std::ios::binary | std::ios::trunc);
            out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
            QVERIFY(out.good());
        }
        const Outcome oracle = libcsvRead(bytes);
        const Outcome reader = readerRead(path);
        // The same file cut into tiny blocks parsed by two threads: block cutting, carried records and
        // the ordered merge must not change anything.
        CsvOptions tiny;
        tiny.blockBytes = bytes.size() > 4096 ? 1000 + m_written % 3000 : 1 + m_written % 23;
        tiny.threads = 2;
        const Outcome blocks = m_written % 4 == 0 ? readerRead(path, tiny) : reader;
        std::remove(path.c_str());
        if (!disagreement(reader, blocks).empty() && m_failures.size() < 5)
            m_failures.push_back("blocks of " + std::to_string(tiny.blockBytes) + " bytes differ (" +
                                 disagreement(reader, blocks) + ") on \"" + escaped(bytes.substr(0, 400)) +
                                 "\"\n  whole: " + describe(reader) + "\n  blocks: " + describe(blocks));
        (oracle.kind == Outcome::Read ? m_tables : m_errors) += 1;
        if (oracle.kind != Outcome::Read)
            ++m_reasons[oracle.error];
        const std::string what = disagreement(oracle, reader);
        if (!what.empty() && m_failures.size() < 5) {
            const std::string shown = bytes.size() > 400 ? "..." + bytes.substr(bytes.size() - 400) : bytes;
            m_failures.push_back("differ in " + what + " on \"" + escaped(shown) + "\" (" +
                                 std::to_string(bytes.size()) + " bytes)\n  libcsv: " + describe(oracle) +
                                 "\n  reader: " + describe(reader));
        } else if (!what.empty()) {
            m_failures.emplace_back();
        }
    }

    void reportFailures()
    {
        std::string msg;
        for (const auto& f : m_failures)
            if (!f.empty())
                msg += f + "\n";
        QVERIFY2(m_failures.empty(),
                 (std::to_string(m_failures.size()) + " disagreement(s) with libcsv, first ones:\n" + msg).c_str());
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void init()
    {
        m_tables = m_errors = 0;
        m_failures.clear();
        m_reasons.clear();
    }

    // The oracle itself: libcsv set up as the former reader did.
    void oracleSanity()
    {
        const Outcome o = libcsvRead("\xEF\xBB\xBF"
                                     " a ; \"b;c\"\r\n\"x\"\"y\" ;?\r\n\r\n  \"two\nlines\"  ;  z");
        QCOMPARE(int(o.kind), int(Outcome::Read));
        QCOMPARE(o.header, (std::vector<std::string>{"a", "b;c"}));
        QCOMPARE(o.rows, (std::vector<std::vector<Cell>>{{Cell("x\"y"), Cell()}, {Cell("two\nlines"), Cell("z")}}));
        QCOMPARE(int(libcsvRead("a,b\n\"x\"y,1\n").kind), int(Outcome::Rejected)); // text after a quote
        QCOMPARE(int(libcsvRead("a,b\nx\"y,1\n").kind), int(Outcome::Rejected));   // quote in a plain field
        QCOMPARE(int(libcsvRead("a,b\n\"x,1\n").kind), int(Outcome::Rejected));    // unterminated
        QCOMPARE(int(libcsvRead("a,b\nx,1,2\n").kind), int(Outcome::Rejected));    // ragged
        QCOMPARE(int(libcsvRead("a,b\n").kind), int(Outcome::Rejected));           // no records
    }

    // The reader still names libcsv's strict-mode message for a parse error.
    void parseErrorMessage()
    {
        const std::string path = m_dir.filePath("malformed.csv").toStdString();
        std::ofstream(path, std::ios::binary) << "a,b\n\"x\"y,1\n";
        try {
            readCsv({path});
            QFAIL("no InputError");
        } catch (const InputError& e) {
            const std::string msg = e.what();
            QVERIFY2(msg.find(csv_strerror(CSV_EPARSE)) != std::string::npos, msg.c_str());
        }
    }

    // 30,000 small documents, each read in one chunk.
    void randomDocuments()
    {
        DocumentGenerator gen(0x5EED'C5F0'2026ull);
        constexpr std::size_t kDocuments = 30000;
        for (std::size_t i = 0; i < kDocuments; ++i)
            compare(gen.next());
        qInfo("%zu documents compared: %zu tables, %zu errors on both sides (unless reported)", kDocuments, m_tables,
              m_errors);
        for (const auto& [why, count] : m_reasons)
            qInfo("  rejected (%s): %zu", why.c_str(), count);
        reportFailures();
        // Both outcomes must be well represented, or the comparison proves little.
        QVERIFY2(m_tables > kDocuments / 3, std::to_string(m_tables).c_str());
        QVERIFY2(m_errors > kDocuments / 10, std::to_string(m_errors).c_str());
    }

    // The reader reads 64 KiB chunks: random records placed across the first chunk boundary.
    void chunkBoundaries()
    {
        DocumentGenerator gen(0xB0DA'121E'5ull);
        constexpr std::size_t kChunk = std::size_t(1) << 16;
        constexpr std::size_t kDocuments = 300;
        for (std::size_t i = 0; i < kDocuments; ++i) {
            Document d = gen.structured();
            const std::size_t target = kChunk - gen.below(48); // where the random records begin
            std::string filler;
            std::string plain = "z";
            for (std::size_t c = 1; c < d.columns; ++c)
                plain += std::string(1, d.delimiter) + "z";
            plain += "\n";
            if (d.head.size() + plain.size() <= target) {
                const std::size_t room = target - d.head.size();
                const std::size_t pad = room % plain.size();
                filler.append("z").append(pad, ' ').append(plain, 1); // trailing spaces are trimmed
                while (filler.size() + plain.size() <= room)
                    filler += plain;
            }
            std::string bytes = d.head + filler;
            for (const auto& r : d.records)
                bytes += r;
            compare(bytes);
        }
        qInfo("%zu documents across the chunk boundary: %zu tables, %zu errors", kDocuments, m_tables, m_errors);
        reportFailures();
        QVERIFY2(m_tables > kDocuments / 3, std::to_string(m_tables).c_str());
    }
};

QTEST_GUILESS_MAIN(TestCsvLibcsv)
#include "test_csv_libcsv.moc"
