#include "core/sources/CopyText.h"

namespace rr::sql {

void appendCopyTextValue(std::string& line, std::string_view value)
{
    std::size_t plain = 0; // the start of the run of bytes that need no escape
    for (std::size_t i = 0; i < value.size(); ++i) {
        char escaped = 0;
        switch (value[i]) {
        case '\\': escaped = '\\'; break;
        case '\t': escaped = 't'; break;
        case '\n': escaped = 'n'; break;
        case '\r': escaped = 'r'; break;
        case '\b': escaped = 'b'; break;
        case '\f': escaped = 'f'; break;
        case '\v': escaped = 'v'; break;
        default: continue;
        }
        line.append(value.data() + plain, i - plain);
        line += '\\';
        line += escaped;
        plain = i + 1;
    }
    line.append(value.data() + plain, value.size() - plain);
}

namespace {

inline int hexDigit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

// The escape after the backslash at raw[k - 1] (\b \f \n \r \t \v, \xHH, \ooo, or the character itself)
// appended to `value`; k moves to its last character.
inline void appendEscape(std::string_view raw, std::size_t& k, std::string& value)
{
    const char c = raw[k];
    switch (c) {
    case 'b': value += '\b'; break;
    case 'f': value += '\f'; break;
    case 'n': value += '\n'; break;
    case 'r': value += '\r'; break;
    case 't': value += '\t'; break;
    case 'v': value += '\v'; break;
    case 'x':
        if (k + 1 < raw.size() && hexDigit(raw[k + 1]) >= 0) {
            int v = hexDigit(raw[++k]);
            if (k + 1 < raw.size() && hexDigit(raw[k + 1]) >= 0)
                v = v * 16 + hexDigit(raw[++k]);
            value += static_cast<char>(v);
        } else {
            value += 'x';
        }
        break;
    default:
        if (c >= '0' && c <= '7') {
            int v = c - '0';
            for (int d = 0; d < 2 && k + 1 < raw.size() && raw[k + 1] >= '0' && raw[k + 1] <= '7'; ++d)
                v = v * 8 + (raw[++k] - '0');
            value += static_cast<char>(v);
        } else {
            value += c;
        }
    }
}

// A field with backslash escapes, unescaped into `value` (a trailing backslash kept as it is).
inline void unescapeField(std::string_view raw, std::string& value)
{
    value.clear();
    for (std::size_t k = 0; k < raw.size(); ++k) {
        if (raw[k] != '\\' || k + 1 == raw.size()) {
            value += raw[k];
            continue;
        }
        ++k;
        appendEscape(raw, k, value);
    }
}

} // namespace

void parseCopyRow(std::string_view line, std::size_t columns, SqlRow& row)
{
    if (!line.empty() && line.back() == '\n')
        line.remove_suffix(1);
    row.resize(columns);
    std::size_t field = 0;
    std::string value;
    std::size_t i = 0;
    while (true) {
        const std::size_t begin = i;
        while (i < line.size() && line[i] != '\t')
            ++i;
        const std::string_view raw = line.substr(begin, i - begin);
        if (field >= columns)
            throw EngineError(EngineError::Kind::Statement, "",
                              "the server sent a COPY row of more than " + std::to_string(columns) + " fields");
        if (raw == "\\N") {
            row[field].reset();
        } else if (raw.find('\\') == std::string_view::npos) {
            checkValueSize(raw.size());
            row[field].emplace(raw);
        } else {
            unescapeField(raw, value);
            checkValueSize(value.size());
            row[field].emplace(value);
        }
        ++field;
        if (i == line.size())
            break;
        ++i; // the tab
    }
    if (field != columns)
        throw EngineError(EngineError::Kind::Statement, "",
                          "the server sent a COPY row of " + std::to_string(field) + " fields, not " +
                              std::to_string(columns));
}

} // namespace rr::sql
