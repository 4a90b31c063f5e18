#include "core/distortion/MatrixFile.h"

#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "core/data/Utf8.h"
#include "core/distortion/MatrixValidation.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <system_error>

namespace rr {

namespace {

struct Field {
    std::string text;
    bool quoted = false;
};

std::string sourceLabel(const std::string& source)
{
    return source.empty() ? std::string("matrix text") : "matrix file '" + source + "'";
}

[[noreturn]] void fail(const std::string& source, std::size_t line, const std::string& what)
{
    throw InputError(sourceLabel(source) + ", line " + std::to_string(line) + ": " + what);
}

bool isBlank(char c)
{
    return c == ' ' || c == '\t';
}

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && isBlank(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isBlank(s.back()))
        s.remove_suffix(1);
    return s;
}

// Printable excerpt of a field for messages (at most 40 bytes).
std::string excerpt(std::string_view s)
{
    std::string out;
    for (char c : s.substr(0, 40))
        out += (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) ? '?' : c;
    if (s.size() > 40)
        out += "...";
    return out;
}

enum class NumberStatus { Ok, NotANumber, OutOfRange, ZeroDenominator, NotFinite };

// "nan", "-inf", "Infinity", ...: a number's spelling, not a label, but never a probability.
bool isNonFiniteSpelling(std::string_view s)
{
    s = trimmed(s);
    if (!s.empty() && (s.front() == '+' || s.front() == '-'))
        s.remove_prefix(1);
    std::string lower(s);
    for (char& c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return lower == "nan" || lower == "inf" || lower == "infinity";
}

NumberStatus parseDecimal(std::string_view s, double& out)
{
    if (isNonFiniteSpelling(s))
        return NumberStatus::NotFinite;
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    if (s.empty())
        return NumberStatus::NotANumber;
    // only digits, sign, point and exponent: rejects "inf", "nan" and hex floats
    for (char c : s)
        if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+'))
            return NumberStatus::NotANumber;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    if (ec == std::errc::result_out_of_range)
        return NumberStatus::OutOfRange;
    if (ec != std::errc() || ptr != s.data() + s.size())
        return NumberStatus::NotANumber;
    return std::isfinite(out) ? NumberStatus::Ok : NumberStatus::OutOfRange;
}

// A decimal number or a fraction a/b.
NumberStatus parseEntry(std::string_view s, double& out)
{
    const std::size_t slash = s.find('/');
    if (slash == std::string_view::npos)
        return parseDecimal(s, out);
    double num = 0, den = 0;
    const NumberStatus a = parseDecimal(trimmed(s.substr(0, slash)), num);
    if (a != NumberStatus::Ok)
        return a;
    const NumberStatus b = parseDecimal(trimmed(s.substr(slash + 1)), den);
    if (b != NumberStatus::Ok)
        return b;
    if (den == 0)
        return NumberStatus::ZeroDenominator;
    out = num / den;
    return std::isfinite(out) ? NumberStatus::Ok : NumberStatus::OutOfRange;
}

// Splits one line into fields; refuses more than `maxFields` before storing them.
std::vector<Field> splitLine(std::string_view line, std::size_t lineNo, const std::string& source,
                             std::size_t maxFields)
{
    std::vector<Field> fields;
    std::size_t i = 0;
    while (true) {
        if (fields.size() == maxFields)
            fail(source, lineNo,
                 "more than " + std::to_string(kMaxMatrixCategories) + " columns; at most " +
                     std::to_string(kMaxMatrixCategories) + " categories are supported");
        while (i < line.size() && isBlank(line[i]))
            ++i;
        Field f;
        if (i < line.size() && line[i] == '"') {
            f.quoted = true;
            ++i;
            bool closed = false;
            while (i < line.size()) {
                if (line[i] == '"') {
                    if (i + 1 < line.size() && line[i + 1] == '"') {
                        f.text += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    closed = true;
                    break;
                }
                f.text += line[i++];
            }
            if (!closed)
                fail(source, lineNo, "field " + std::to_string(fields.size() + 1) + " opens a quote that never closes");
            while (i < line.size() && isBlank(line[i]))
                ++i;
            if (i < line.size() && line[i] != ',')
                fail(source, lineNo,
                     "field " + std::to_string(fields.size() + 1) + " has text after its closing quote");
        } else {
            const std::size_t start = i;
            while (i < line.size() && line[i] != ',')
                ++i;
            f.text = std::string(trimmed(line.substr(start, i - start)));
        }
        fields.push_back(std::move(f));
        if (i >= line.size())
            break;
        ++i; // the comma
    }
    return fields;
}

// A header has a quoted field, an empty corner cell, or a field with a character no number has; "1e999" or "1/0" is a
// bad number in a data row, not a label.
bool looksLikeHeader(const std::vector<Field>& fields)
{
    if (fields.size() > 1 && fields.front().text.empty())
        return true; // the corner cell of a header with row labels
    for (const Field& f : fields) {
        if (f.quoted)
            return true;
        if (isNonFiniteSpelling(f.text)) // "nan,0.2" is a row with a bad entry, not a header
            continue;
        for (char c : f.text)
            if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+' || c == '/' ||
                  c == ' ' || c == '\t'))
                return true;
    }
    return false;
}

std::string fieldError(NumberStatus status, std::size_t column, std::string_view text)
{
    const std::string where = "column " + std::to_string(column) + " ('" + excerpt(text) + "')";
    switch (status) {
    case NumberStatus::OutOfRange: return where + " is out of range; entries are probabilities in [0, 1]";
    case NumberStatus::ZeroDenominator: return where + " divides by zero";
    case NumberStatus::NotFinite:
        return where + " is not a finite number; entries are probabilities in [0, 1] (NaN and infinity are not)";
    default: return where + " is not a number (write a decimal such as 0.25 or a fraction such as 1/4)";
    }
}

// The text without its byte-order mark, refused when too long or not UTF-8.
std::string_view checkedMatrixText(std::string_view text, const std::string& sourceName)
{
    if (text.size() > kMaxMatrixFileBytes)
        throw InputError(sourceLabel(sourceName) + " has " + std::to_string(text.size()) + " bytes; at most " +
                         std::to_string(kMaxMatrixFileBytes) + " are read");
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    if (!isValidUtf8(text))
        throw InputError(sourceLabel(sourceName) + " is not valid UTF-8 text");
    return text;
}

// The line starting at `pos` (without its end: \n, \r or \r\n); `pos` moves past it.
std::string_view nextLine(std::string_view text, std::size_t& pos)
{
    std::size_t end = pos;
    while (end < text.size() && text[end] != '\n' && text[end] != '\r')
        ++end;
    const std::string_view line = text.substr(pos, end - pos);
    pos = end;
    if (pos < text.size() && text[pos] == '\r') {
        ++pos;
        if (pos < text.size() && text[pos] == '\n')
            ++pos;
    } else if (pos < text.size()) {
        ++pos; // '\n'
    }
    return line;
}

// What the rows read so far say of the matrix.
struct MatrixRows {
    bool haveHeader = false, rowLabels = false;
    std::size_t columns = 0, rows = 0;
    std::vector<double> values;
};

// The first row: a header (its labels to `out`; true, nothing more to read in it) or the first data row
// (fixing the number of columns; false).
bool readFirstRow(const std::vector<Field>& fields, std::size_t lineNo, const std::string& sourceName,
                  MatrixRows& m, MatrixText& out)
{
    if (looksLikeHeader(fields)) {
        m.haveHeader = true;
        m.rowLabels = fields.size() > 1 && fields.front().text.empty();
        for (std::size_t k = m.rowLabels ? 1 : 0; k < fields.size(); ++k)
            out.labels.push_back(fields[k].text);
        m.columns = out.labels.size();
        if (m.columns > static_cast<std::size_t>(kMaxMatrixCategories))
            fail(sourceName, lineNo,
                 "the header names " + std::to_string(m.columns) + " categories; at most " +
                     std::to_string(kMaxMatrixCategories) + " are supported");
        for (std::size_t k = 0; k < out.labels.size(); ++k)
            if (out.labels[k].empty())
                fail(sourceName, lineNo, "header label " + std::to_string(k + 1) + " is empty");
        return true;
    }
    m.columns = fields.size();
    if (m.columns > static_cast<std::size_t>(kMaxMatrixCategories))
        fail(sourceName, lineNo,
             "the first row has " + std::to_string(m.columns) + " columns; at most " +
                 std::to_string(kMaxMatrixCategories) + " are supported");
    return false;
}

// A row of entries (after its label, checked against the header's): its numbers to the values.
void readDataRow(const std::vector<Field>& fields, std::size_t lineNo, const std::string& sourceName, MatrixRows& m,
                 const MatrixText& out)
{
    const std::size_t expected = m.columns + (m.rowLabels ? 1 : 0);
    if (fields.size() != expected)
        fail(sourceName, lineNo,
             "has " + std::to_string(fields.size()) + " fields, expected " + std::to_string(expected) +
                 (m.rowLabels ? " (a row label and one entry per category)" : " (one entry per category)"));
    if (m.rows == static_cast<std::size_t>(kMaxMatrixCategories))
        fail(sourceName, lineNo,
             "more than " + std::to_string(kMaxMatrixCategories) + " rows; at most " +
                 std::to_string(kMaxMatrixCategories) + " categories are supported");
    std::size_t first = 0;
    if (m.rowLabels) {
        if (m.rows < out.labels.size() && fields[0].text != out.labels[m.rows])
            fail(sourceName, lineNo,
                 "row label '" + excerpt(fields[0].text) + "' should be '" + excerpt(out.labels[m.rows]) + "' (row " +
                     std::to_string(m.rows + 1) + " is randomized value " + std::to_string(m.rows + 1) +
                     ", labelled like column " + std::to_string(m.rows + 1) + ")");
        first = 1;
    }
    for (std::size_t k = first; k < fields.size(); ++k) {
        double x = 0;
        const NumberStatus status = parseEntry(fields[k].text, x);
        if (status != NumberStatus::Ok || fields[k].quoted)
            fail(sourceName, lineNo, fieldError(status, k - first + 1, fields[k].text));
        m.values.push_back(x);
    }
    ++m.rows;
}

// The rows read made the matrix, once they are square.
void finishMatrix(const MatrixRows& m, const std::string& sourceName, MatrixText& out)
{
    if (m.rows == 0)
        throw InputError(sourceLabel(sourceName) + " has no rows of numbers");
    if (m.rows != m.columns) {
        std::string msg = sourceLabel(sourceName) + " has " + std::to_string(m.rows) + " rows and " +
                          std::to_string(m.columns) +
                          " columns; a distortion matrix is square (rows = randomized value, columns = original "
                          "value)";
        if (!m.haveHeader && m.rows == m.columns + 1)
            msg += "; if the first row is a header of numeric labels, quote them (\"0\",\"1\")";
        throw InputError(msg);
    }
    out.matrix.resize(static_cast<Eigen::Index>(m.rows), static_cast<Eigen::Index>(m.columns));
    for (std::size_t r = 0; r < m.rows; ++r)
        for (std::size_t c = 0; c < m.columns; ++c)
            out.matrix(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = m.values[r * m.columns + c];
}

} // namespace

MatrixText parseMatrixCsv(std::string_view text, const std::string& sourceName)
{
    text = checkedMatrixText(text, sourceName);
    MatrixText out;
    MatrixRows m;
    bool firstRow = true;
    std::size_t lineNo = 0, pos = 0;
    while (pos < text.size()) {
        const std::string_view line = nextLine(text, pos);
        ++lineNo;
        const std::string_view body = trimmed(line);
        if (body.empty() || body.front() == '#')
            continue;
        std::vector<Field> fields = splitLine(line, lineNo, sourceName, kMaxMatrixCategories + 1);
        if (firstRow) {
            firstRow = false;
            if (readFirstRow(fields, lineNo, sourceName, m, out))
                continue;
        }
        readDataRow(fields, lineNo, sourceName, m, out);
    }
    finishMatrix(m, sourceName, out);
    return out;
}

MatrixText readMatrixFile(const std::string& path)
{
    // The bytes read are counted (st_size is 0 for a device); a folder or FIFO is refused before opening.
    const std::string text = readFileBounded(path, kMaxMatrixFileBytes, "matrix file");
    return parseMatrixCsv(text, path);
}

void checkMatrixForAttribute(const MatrixText& parsed, const std::string& sourceName, const std::string& attribute,
                             const std::vector<std::string>& categories)
{
    MatrixOrigin origin{sourceName, attribute, static_cast<int>(categories.size())};
    if (!parsed.labels.empty()) {
        if (parsed.labels.size() != categories.size())
            throw InputError(describeOrigin(origin) + " names " + std::to_string(parsed.labels.size()) +
                             " categories in its header but the attribute has " + std::to_string(categories.size()));
        for (std::size_t k = 0; k < categories.size(); ++k)
            if (parsed.labels[k] != categories[k])
                throw InputError(describeOrigin(origin) + ": header label " + std::to_string(k + 1) + " is '" +
                                 parsed.labels[k] + "' but category " + std::to_string(k + 1) +
                                 " of the attribute is '" + categories[k] +
                                 "' (labels must list the categories in the attribute's order)");
    }
    validateDistortionMatrix(parsed.matrix, origin);
}

std::string formatMatrixCsv(const Eigen::MatrixXd& m, const std::vector<std::string>& labels)
{
    std::string out;
    if (!labels.empty()) {
        if (labels.size() != static_cast<std::size_t>(m.cols()))
            throw InputError("a matrix with " + std::to_string(m.cols()) + " columns needs as many labels, not " +
                             std::to_string(labels.size()));
        for (std::size_t k = 0; k < labels.size(); ++k) {
            if (labels[k].find_first_of("\r\n") != std::string::npos)
                throw InputError("category label " + std::to_string(k + 1) +
                                 " holds a line break, which a matrix file cannot store");
            if (k)
                out += ',';
            out += '"';
            for (char c : labels[k]) {
                if (c == '"')
                    out += '"';
                out += c;
            }
            out += '"';
        }
        out += '\n';
    }
    char buf[32];
    for (Eigen::Index u = 0; u < m.rows(); ++u) {
        for (Eigen::Index v = 0; v < m.cols(); ++v) {
            if (v)
                out += ',';
            const auto res = std::to_chars(buf, buf + sizeof buf, m(u, v));
            out.append(buf, res.ptr);
        }
        out += '\n';
    }
    return out;
}

} // namespace rr
