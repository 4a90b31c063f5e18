#include "core/data/ColumnNames.h"

#include "core/data/CsvReader.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "core/data/Utf8.h"

#include <cctype>
#include <unordered_set>

namespace rr {
namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

// The first whitespace-separated word of `s` (trimmed) and what follows it, trimmed.
std::pair<std::string_view, std::string_view> firstWord(std::string_view s)
{
    std::size_t end = 0;
    while (end < s.size() && !isSpace(s[end]))
        ++end;
    return {s.substr(0, end), trim(s.substr(end))};
}

bool allDigits(std::string_view s)
{
    if (s.empty() || s.size() > 9)
        return false;
    for (char c : s)
        if (c < '0' || c > '9')
            return false;
    return true;
}

bool equalsIgnoringCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

// "Nr Name Description", "No. Name", "# Name ...": the heading of a dictionary's table, not a column.
bool isHeading(std::string_view line)
{
    const auto [first, rest] = firstWord(line);
    const auto second = firstWord(rest).first;
    if (!equalsIgnoringCase(second, "name"))
        return false;
    for (std::string_view word : {"nr", "nr.", "no", "no.", "number", "index", "#"})
        if (equalsIgnoringCase(first, word))
            return true;
    return false;
}

struct Line {
    std::size_t number = 0; // 1-based, in the file
    std::string_view text;  // trimmed
};

// The lines that say something: no blank lines, no '#' comments, no heading.
std::vector<Line> contentLines(std::string_view text)
{
    std::vector<Line> lines;
    std::size_t number = 0;
    bool any = false;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        std::string_view line = trim(text.substr(0, end));
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        ++number;
        if (number == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") // UTF-8 BOM
            line = trim(line.substr(3));
        if (line.empty() || line.front() == '#' || (!any && isHeading(line)))
            continue;
        any = true;
        lines.push_back({number, line});
    }
    return lines;
}

// The fields of one CSV header line (RFC 4180 quotes), each trimmed as the CSV reader trims header names.
std::vector<std::string> splitHeader(std::string_view line, char delimiter, const std::string& where)
{
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                fields.back() += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                fields.back() += c;
            }
        } else if (c == '"' && trim(fields.back()).empty()) {
            fields.back().clear();
            quoted = true;
        } else if (c == delimiter) {
            fields.emplace_back();
        } else {
            fields.back() += c;
        }
    }
    if (quoted)
        throw InputError(where + ": a quote is not closed");
    for (auto& f : fields)
        f = std::string(trim(f));
    return fields;
}

} // namespace

ColumnNames parseColumnNames(std::string_view text, const std::string& source)
{
    const std::vector<Line> lines = contentLines(text);
    if (lines.empty())
        throw InputError(source + " holds no column names");
    const auto at = [&](const Line& l) { return source + " line " + std::to_string(l.number); };
    ColumnNames out;
    const auto [firstToken, firstRest] = firstWord(lines.front().text);
    const bool dictionary = allDigits(firstToken) && !firstRest.empty();
    const bool header = !dictionary && lines.size() == 1 &&
                        lines.front().text.find_first_of(",;\t") != std::string_view::npos;
    std::vector<std::size_t> lineOf; // the file line of each name, for messages
    if (header) {
        const Line& l = lines.front();
        out.names = splitHeader(l.text, detectDelimiter(std::string(l.text)), at(l));
        out.labels.assign(out.names.size(), std::string());
        lineOf.assign(out.names.size(), l.number);
    } else {
        for (const Line& l : lines) {
            if (dictionary) {
                const auto [number, rest] = firstWord(l.text);
                if (!allDigits(number))
                    throw InputError(at(l) + ": expected 'number name description' as on line " +
                                     std::to_string(lines.front().number) + ", got '" + std::string(l.text) + "'");
                if (std::stoul(std::string(number)) != out.names.size() + 1)
                    throw InputError(at(l) + ": column number " + std::string(number) + " where " +
                                     std::to_string(out.names.size() + 1) + " comes next");
                const auto [name, description] = firstWord(rest);
                if (name.empty())
                    throw InputError(at(l) + ": column " + std::string(number) + " has no name");
                out.names.emplace_back(name);
                out.labels.emplace_back(description);
            } else {
                out.names.emplace_back(l.text);
                out.labels.emplace_back();
            }
            lineOf.push_back(l.number);
        }
    }
    std::unordered_set<std::string_view> seen;
    for (std::size_t i = 0; i < out.names.size(); ++i) {
        const std::string where = source + " line " + std::to_string(lineOf[i]);
        if (out.names[i].empty())
            throw InputError(where + ": column " + std::to_string(i + 1) + " has an empty name");
        if (!isValidUtf8(out.names[i]) || !isValidUtf8(out.labels[i]))
            throw InputError(where + ": not valid UTF-8");
        if (!seen.insert(out.names[i]).second)
            throw InputError(where + ": the name '" + out.names[i] + "' is given twice");
    }
    return out;
}

ColumnNames readColumnNames(const std::string& path)
{
    const std::string source = "names file '" + path + "'";
    return parseColumnNames(readFileBounded(path, kMaxColumnNamesFileBytes, "names file"), source);
}

void checkColumnNames(const std::vector<std::string>& names, std::size_t columns, const std::string& source,
                      const std::string& data)
{
    if (names.size() != columns)
        throw InputError(source + " gives " + std::to_string(names.size()) + (names.size() == 1 ? " name" : " names") +
                         " but " + data + " has " + std::to_string(columns) +
                         (columns == 1 ? " column" : " columns"));
    std::unordered_set<std::string_view> seen;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (names[i].empty())
            throw InputError(source + ": column " + std::to_string(i + 1) + " has an empty name");
        if (!seen.insert(names[i]).second)
            throw InputError(source + ": the name '" + names[i] + "' is given twice");
    }
}

} // namespace rr
