#include "core/sources/SqlLexer.h"

#include "core/data/Errors.h"
#include "core/sources/SqlCharacters.h"

#include <cctype>

namespace rr::sql {

namespace {

// The first word of a query, past spaces, '(' and comments.
std::string firstWord(const std::string& q)
{
    std::size_t i = 0;
    while (i < q.size()) {
        if (q[i] == ' ' || q[i] == '\t' || q[i] == '\r' || q[i] == '\n' || q[i] == '(') {
            ++i;
        } else if (q.compare(i, 2, "--") == 0) {
            const auto nl = q.find('\n', i);
            i = nl == std::string::npos ? q.size() : nl;
        } else if (q.compare(i, 2, "/*") == 0) {
            const auto close = q.find("*/", i + 2);
            i = close == std::string::npos ? q.size() : close + 2;
        } else {
            break;
        }
    }
    std::size_t j = i;
    while (j < q.size() && std::isalpha(static_cast<unsigned char>(q[j])))
        ++j;
    return q.substr(i, j - i);
}

// How one engine reads comments, quotes and literals: what decides where a statement ends.
struct QueryRules {
    bool nestedComments = false;   // PostgreSQL: /* /* */ */ is one comment
    bool dollarQuotes = false;     // PostgreSQL: $tag$ ... $tag$
    bool eStrings = false;         // PostgreSQL: E'...' takes backslash escapes
    bool backslashStrings = false; // MySQL: every '...' and "..." takes backslash escapes
    bool brackets = false;         // SQLite, SQL Server: [name]
    bool hashComments = false;     // MySQL: # to the end of the line
    bool dashSpace = false;        // MySQL: -- begins a comment only before a space ("--x" is minus minus x)
};

QueryRules postgresRules()
{
    QueryRules r;
    r.nestedComments = r.dollarQuotes = r.eStrings = true;
    return r;
}

QueryRules sqliteRules()
{
    QueryRules r;
    r.brackets = true;
    return r;
}

QueryRules mysqlRules()
{
    QueryRules r;
    r.backslashStrings = r.hashComments = r.dashSpace = true;
    return r;
}

// Where the next token starts after `i`: past spaces and comments (read with `rules`).
std::size_t nextToken(const std::string& query, std::size_t i, const QueryRules& rules)
{
    const std::size_t n = query.size();
    while (i < n) {
        if (std::isspace(static_cast<unsigned char>(query[i]))) {
            ++i;
        } else if (query.compare(i, 2, "--") == 0) {
            const auto nl = query.find('\n', i);
            i = nl == std::string::npos ? n : nl;
        } else if (query.compare(i, 2, "/*") == 0) {
            int nesting = 1;
            for (i += 2; i < n && nesting > 0; ++i) {
                if (rules.nestedComments && query.compare(i, 2, "/*") == 0) {
                    ++nesting;
                    ++i;
                } else if (query.compare(i, 2, "*/") == 0) {
                    --nesting;
                    ++i;
                }
            }
        } else {
            break;
        }
    }
    return i;
}

// The name ending before `end` (a word, or a double-quoted name with "" inside), for the words list.
void addWord(std::vector<QueryWord>* words, const std::string& query, std::string text, bool quoted, std::size_t end,
             const QueryRules& rules)
{
    if (!words)
        return;
    const std::size_t next = nextToken(query, end, rules);
    words->push_back({std::move(text), quoted, next < query.size() && query[next] == '('});
}

// A query refused, saying what and where.
[[noreturn]] void failAt(const std::string& what, std::size_t at)
{
    throw InputError("the query " + what + " (at character " + std::to_string(at + 1) + ")");
}

// A quoted string or name opened by query[i]: its end (the closing quote); a name goes to the words list.
std::size_t skipQuoted(const std::string& query, std::size_t i, const QueryRules& rules,
                       std::vector<QueryWord>* words)
{
    const std::size_t n = query.size();
    const char c = query[i];
    const char close = c == '[' ? ']' : c;
    // E'...' strings take backslash escapes (PostgreSQL), every string does in MySQL; quotes are
    // doubled inside.
    const bool escapes = (rules.backslashStrings && c != '`') ||
                         (rules.eStrings && c == '\'' && i > 0 && (query[i - 1] == 'E' || query[i - 1] == 'e') &&
                          (i < 2 || !isIdentifierChar(query[i - 2])));
    if (c == '"' && rules.dollarQuotes && i >= 2 && query[i - 1] == '&' &&
        (query[i - 2] == 'U' || query[i - 2] == 'u') && (i < 3 || !isIdentifierChar(query[i - 3])))
        failAt("has a Unicode-escaped name U&\"...\", which is not accepted (write the name plainly)", i - 2);
    std::size_t j = i + 1;
    for (;; ++j) {
        if (j >= n)
            failAt("has a " + std::string(1, c) + " that is never closed", i);
        if (escapes && query[j] == '\\') {
            ++j;
        } else if (query[j] == close) {
            if (c != '[' && j + 1 < n && query[j + 1] == close) {
                ++j;
                continue;
            }
            break;
        }
    }
    if (c == '"' || c == '`' || c == '[') {
        std::string name = query.substr(i + 1, j - i - 1);
        if (c != '[')
            for (auto at = name.find(std::string(2, c)); at != std::string::npos; at = name.find(std::string(2, c), at + 1))
                name.erase(at, 1);
        addWord(words, query, std::move(name), true, j + 1, rules);
    }
    return j;
}

// A word starting at i (a name to the words list, a number not): its last character.
std::size_t skipWord(const std::string& query, std::size_t i, const QueryRules& rules, std::vector<QueryWord>* words)
{
    std::size_t j = i;
    while (j < query.size() && (isIdentifierChar(query[j]) || query[j] == '$'))
        ++j;
    if (!std::isdigit(static_cast<unsigned char>(query[i]))) // a number is no name
        addWord(words, query, query.substr(i, j - i), false, j, rules);
    return j - 1;
}

// A /* comment starting at i (nested where the engine nests them): its last character.
std::size_t skipBlockComment(const std::string& query, std::size_t i, const QueryRules& rules)
{
    const std::size_t n = query.size();
    int nesting = 1;
    std::size_t j = i + 2;
    for (; j < n && nesting > 0; ++j) {
        if (rules.nestedComments && query[j] == '/' && j + 1 < n && query[j + 1] == '*') {
            ++nesting;
            ++j;
        } else if (query[j] == '*' && j + 1 < n && query[j + 1] == '/') {
            --nesting;
            ++j;
        }
    }
    if (nesting > 0)
        failAt("has a /* comment that is never closed", i);
    return j - 1;
}

// $tag$ ... $tag$ (PostgreSQL dollar quoting) starting at i: its last character; $1 is a parameter, not a
// quote (i itself).
std::size_t skipDollarQuote(const std::string& query, std::size_t i)
{
    const std::size_t n = query.size();
    std::size_t j = i + 1;
    while (j < n && isIdentifierChar(query[j]) && !(j == i + 1 && std::isdigit(static_cast<unsigned char>(query[j]))))
        ++j;
    if (j < n && query[j] == '$') {
        const std::string tag = query.substr(i, j - i + 1);
        const auto closing = query.find(tag, j + 1);
        if (closing == std::string::npos)
            failAt("has a " + tag + " quote that is never closed", i);
        return closing + tag.size() - 1;
    }
    return i;
}

std::string checkQueryWith(const std::string& query, const QueryRules& rules, std::vector<QueryWord>* words = nullptr)
{
    const std::size_t n = query.size();
    int depth = 0;
    std::size_t end = n;
    for (std::size_t i = 0; i < n && end == n; ++i) {
        const char c = query[i];
        const char next = i + 1 < n ? query[i + 1] : '\0';
        if (c == '\0') {
            failAt("contains a NUL character", i);
        } else if (c == '\'' || c == '"' || c == '`' || (c == '[' && rules.brackets)) {
            i = skipQuoted(query, i, rules, words);
        } else if (isIdentifierChar(c) && (i == 0 || !isIdentifierChar(query[i - 1]))) {
            i = skipWord(query, i, rules, words);
        } else if ((c == '-' && next == '-' &&
                    (!rules.dashSpace || (i + 2 < n && std::isspace(static_cast<unsigned char>(query[i + 2]))))) ||
                   (c == '#' && rules.hashComments)) {
            const auto nl = query.find('\n', i);
            i = nl == std::string::npos ? n : nl;
        } else if (c == '/' && next == '*') {
            i = skipBlockComment(query, i, rules);
        } else if (c == '$' && rules.dollarQuotes && (i == 0 || !isIdentifierChar(query[i - 1]))) {
            i = skipDollarQuote(query, i);
        } else if (c == '(') {
            ++depth;
        } else if (c == ')') {
            if (--depth < 0)
                failAt("closes a parenthesis it never opened", i);
        } else if (c == ';') {
            if (query.find_first_not_of(" \t\r\n;", i) != std::string::npos)
                failAt("holds more than one statement (';' before the end)", i);
            end = i;
        }
    }
    if (depth != 0)
        throw InputError("the query leaves " + std::to_string(depth) + " parenthesis(es) open");
    std::string out = query.substr(0, end);
    const auto last = out.find_last_not_of(" \t\r\n");
    out.erase(last == std::string::npos ? 0 : last + 1);
    return out;
}

} // namespace

std::string checkQuery(const std::string& query, SqlEngine engine)
{
    if (query.size() > 1'000'000)
        throw InputError("the query is longer than 1,000,000 characters");
    std::string out;
    std::vector<QueryWord> words;
    switch (engine) {
    case SqlEngine::PostgreSQL: out = checkQueryWith(query, postgresRules(), &words); break;
    case SqlEngine::SQLite: out = checkQueryWith(query, sqliteRules()); break;
    case SqlEngine::Odbc: {
        // The engine behind the driver is not known yet: the query must be one statement under each
        // family's rules, and the same one.
        out = checkQueryWith(query, postgresRules(), &words);
        for (const QueryRules& rules : {sqliteRules(), mysqlRules()})
            if (checkQueryWith(query, rules) != out)
                throw InputError("the query's comments or quotes end differently in different SQL dialects; "
                                 "over ODBC write it so that they do not (no nested /* */, $$ or backslashes "
                                 "in quotes)");
        break;
    }
    }
    if (out.empty())
        throw InputError("the query is empty");
    const std::string head = asciiLower(firstWord(out));
    if (head != "select" && head != "with" && head != "values" && head != "table")
        throw InputError("the query must be one SELECT statement (SELECT, WITH, VALUES or TABLE ...): it is read as "
                         "FROM (query) AS src");
    refuseWritingCalls(words); // PostgreSQL (and an ODBC engine that may be it): what a read-only transaction allows
    return out;
}

std::vector<QueryWord> queryNames(const std::string& query)
{
    std::vector<QueryWord> words;
    checkQueryWith(query, postgresRules(), &words);
    return words;
}

} // namespace rr::sql
