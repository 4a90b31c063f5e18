#include "core/sources/SqlIdentifiers.h"

#include "core/data/Errors.h"
#include "core/sources/SqlCharacters.h"

#include <algorithm>
#include <cctype>

namespace rr::sql {

namespace {

constexpr std::size_t kMaxNameLength = 1024;

} // namespace

std::string TableName::display() const
{
    std::string out;
    for (const auto& p : parts) {
        const bool plain = !p.empty() && std::all_of(p.begin(), p.end(), isIdentifierChar) &&
                           !std::isdigit(static_cast<unsigned char>(p.front()));
        out += (out.empty() ? "" : ".") + (plain ? p : quoteIdentifier(p, '"', '"'));
    }
    return out;
}

TableName parseTableName(const std::string& text)
{
    if (text.size() > kMaxNameLength)
        throw InputError("the table name is longer than " + std::to_string(kMaxNameLength) + " characters");
    if (std::any_of(text.begin(), text.end(), isControlChar))
        throw InputError("the table name contains a control character");
    TableName out;
    std::size_t i = 0;
    const std::size_t n = text.size();
    for (;;) {
        while (i < n && text[i] == ' ')
            ++i;
        std::string part;
        if (i < n && text[i] == '"') {
            for (++i;; ++i) {
                if (i >= n)
                    throw InputError("the table name '" + text + "' has a '\"' without its closing '\"'");
                if (text[i] == '"') {
                    if (i + 1 < n && text[i + 1] == '"') {
                        part += '"';
                        ++i;
                        continue;
                    }
                    ++i;
                    break;
                }
                part += text[i];
            }
            if (part.empty())
                throw InputError("the table name '" + text + "' has an empty quoted part \"\"");
        } else {
            const auto end = std::min(text.find('.', i), n);
            part = text.substr(i, end - i);
            while (!part.empty() && part.back() == ' ')
                part.pop_back();
            i = end;
            if (part.find('"') != std::string::npos)
                throw InputError("the table name '" + text +
                                 "' has a '\"' inside a part (quote the whole part: " + "\"my\"\"name\")");
            if (part.empty())
                throw InputError(text.empty() ? std::string("the table name is empty")
                                              : "the table name '" + text + "' has an empty part");
        }
        out.parts.push_back(std::move(part));
        while (i < n && text[i] == ' ')
            ++i;
        if (i == n)
            break;
        if (text[i] != '.')
            throw InputError("the table name '" + text + "' has text after a quoted part that is not '.'");
        ++i;
        if (out.parts.size() == 3)
            throw InputError("the table name '" + text + "' has more than three parts (catalog.schema.table)");
    }
    return out;
}

std::string quoteIdentifier(const std::string& name, char open, char close)
{
    if (name.empty())
        throw InputError("an empty name cannot be an SQL identifier");
    if (name.find('\0') != std::string::npos)
        throw InputError("the name '" + std::string(name.c_str()) + "...' contains a NUL character");
    std::string out(1, open);
    for (char c : name) {
        out += c;
        if (c == close)
            out += close;
    }
    return out + close;
}

std::string quoteTableName(const TableName& table, char open, char close)
{
    std::string out;
    for (const auto& p : table.parts) {
        if (!out.empty())
            out += '.';
        out += quoteIdentifier(p, open, close);
    }
    return out;
}

std::string quoteLiteral(const std::string& value, SqlEngine engine)
{
    if (value.find('\0') != std::string::npos)
        throw InputError("the value '" + std::string(value.c_str()) + "...' contains a NUL character");
    const bool backslash = value.find('\\') != std::string::npos;
    if (engine == SqlEngine::Odbc && backslash)
        throw InputError("the value '" + value +
                         "' contains a backslash, which some ODBC engines read as an escape; it cannot be sent");
    std::string out = engine == SqlEngine::PostgreSQL && backslash ? "E'" : "'";
    for (char c : value) {
        out += c;
        if (c == '\'' || (c == '\\' && engine == SqlEngine::PostgreSQL))
            out += c;
    }
    return out + "'";
}

} // namespace rr::sql
