#include "core/sources/SqlUrl.h"

#include "core/data/Errors.h"
#include "core/sources/QueryRefusals.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

namespace rr::sql {

namespace {

constexpr std::size_t kMaxUrlLength = 8192;
constexpr std::size_t kMaxNameLength = 1024;
constexpr std::string_view kForms =
    "sqlite:///path/to/file.db, postgresql://user[:password]@host[:port]/database or odbc://DSN";

// libpq options a URL may carry (the rest of libpq's keywords would override what the URL says).
constexpr std::array<std::string_view, 14> kPostgresOptions{"application_name",
                                                            "connect_timeout",
                                                            "gssencmode",
                                                            "keepalives",
                                                            "keepalives_count",
                                                            "keepalives_idle",
                                                            "keepalives_interval",
                                                            "options",
                                                            "sslcert",
                                                            "sslcrl",
                                                            "sslkey",
                                                            "sslmode",
                                                            "sslrootcert",
                                                            "target_session_attrs"};

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool isControl(char c)
{
    const auto u = static_cast<unsigned char>(c);
    return u < 0x20 || u == 0x7f;
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// Percent-decodes one part of the URL; `what` names it in the message (the value itself is never shown:
// it may be a password).
std::string decode(std::string_view s, const std::string& what)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '%') {
            out += s[i];
            continue;
        }
        if (i + 2 >= s.size())
            throw InputError("the database URL's " + what + " has a '%' not followed by two hex digits");
        const int a = hexValue(s[i + 1]);
        const int b = hexValue(s[i + 2]);
        if (a < 0 || b < 0)
            throw InputError("the database URL's " + what + " has a '%' not followed by two hex digits");
        const char c = static_cast<char>(a * 16 + b);
        if (c == '\0')
            throw InputError("the database URL's " + what + " contains an encoded NUL (%00)");
        out += c;
        i += 2;
    }
    return out;
}

// Percent-encodes everything but unreserved characters (and those in `keep`).
std::string encode(std::string_view s, std::string_view keep = {})
{
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '-' || c == '.' || c == '_' || c == '~' || keep.find(c) != std::string_view::npos) {
            out += c;
        } else {
            out += '%';
            out += hex[u >> 4];
            out += hex[u & 15];
        }
    }
    return out;
}

void parseUserInfo(std::string_view info, Credentials& out)
{
    const auto colon = info.find(':');
    out.user = decode(info.substr(0, colon), "user name");
    if (colon != std::string_view::npos)
        out.password = decode(info.substr(colon + 1), "password");
    if (out.user.empty() && !out.password.empty())
        throw InputError("the database URL has a password but no user name (user:password@host)");
}

bool validHostName(std::string_view h)
{
    return !h.empty() && std::all_of(h.begin(), h.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return std::isalnum(u) || c == '-' || c == '.' || c == '_';
    });
}

void parseHostPort(std::string_view authority, SqlLocation& loc)
{
    std::string_view portText;
    if (!authority.empty() && authority.front() == '[') {
        const auto close = authority.find(']');
        if (close == std::string_view::npos)
            throw InputError("the database URL's IPv6 host has no closing ']'");
        loc.host = std::string(authority.substr(1, close - 1));
        const bool ok = !loc.host.empty() && std::all_of(loc.host.begin(), loc.host.end(), [](char c) {
            return std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.';
        });
        if (!ok)
            throw InputError("the database URL's host '[" + loc.host + "]' is not an IPv6 address");
        const auto rest = authority.substr(close + 1);
        if (!rest.empty() && rest.front() != ':')
            throw InputError("the database URL has text after the IPv6 host's ']' that is not ':port'");
        if (!rest.empty())
            portText = rest.substr(1);
        if (rest.size() == 1)
            throw InputError("the database URL has ':' but no port after the host");
    } else {
        const auto colon = authority.find(':');
        loc.host = std::string(authority.substr(0, colon));
        if (!loc.host.empty() && !validHostName(loc.host))
            throw InputError("the database URL's host '" + loc.host +
                             "' is not a host name or address (letters, digits, '-', '.', '_'; IPv6 in [ ])");
        if (colon != std::string_view::npos) {
            portText = authority.substr(colon + 1);
            if (portText.empty())
                throw InputError("the database URL has ':' but no port after the host");
        }
    }
    if (!portText.empty()) {
        const bool digits = portText.size() <= 5 &&
                            std::all_of(portText.begin(), portText.end(), [](char c) { return c >= '0' && c <= '9'; });
        const int port = digits ? std::stoi(std::string(portText)) : -1;
        if (port < 1 || port > 65535)
            throw InputError("the database URL's port '" + std::string(portText) + "' is not a number in 1..65535");
        loc.port = port;
    }
}

void parsePostgresOptions(std::string_view query, SqlLocation& loc)
{
    std::size_t start = 0;
    while (start <= query.size()) {
        const auto amp = query.find('&', start);
        const auto item = query.substr(start, amp == std::string_view::npos ? std::string_view::npos : amp - start);
        start = amp == std::string_view::npos ? query.size() + 1 : amp + 1;
        if (item.empty())
            continue;
        const auto eq = item.find('=');
        if (eq == std::string_view::npos)
            throw InputError("the database URL's option '" + decode(item, "options") + "' has no '=value'");
        const std::string key = lower(decode(item.substr(0, eq), "option names"));
        const std::string value = decode(item.substr(eq + 1), "option '" + key + "'");
        if (std::find(kPostgresOptions.begin(), kPostgresOptions.end(), key) == kPostgresOptions.end()) {
            std::string known;
            for (auto k : kPostgresOptions)
                known += (known.empty() ? "" : ", ") + std::string(k);
            throw InputError("the database URL's option '" + key + "' is not one a URL may set (allowed: " + known +
                             ")");
        }
        if (value.empty() || value.find(';') != std::string::npos || std::any_of(value.begin(), value.end(), isControl))
            throw InputError("the database URL's option '" + key + "' needs a value without ';' or control characters");
        for (const auto& [k, v] : loc.options)
            if (k == key)
                throw InputError("the database URL sets option '" + key + "' twice");
        loc.options.emplace_back(key, value);
    }
}

void parsePostgres(std::string_view rest, SqlLocation& loc)
{
    // user:password@host:port/database?options; the last '@' ends the login, so a password may hold '@'.
    const auto at = rest.rfind('@');
    if (at != std::string_view::npos) {
        parseUserInfo(rest.substr(0, at), loc.credentials);
        rest = rest.substr(at + 1);
    }
    if (rest.find('#') != std::string_view::npos)
        throw InputError("the database URL has a '#' after the host (percent-encode it as %23)");
    const auto slash = rest.find('/');
    const auto question = rest.find('?');
    const auto authorityEnd = std::min(slash, question);
    parseHostPort(rest.substr(0, authorityEnd), loc);
    if (slash == std::string_view::npos || slash > question)
        throw InputError("the database URL names no database (postgresql://user@host:port/database)");
    const auto path =
        rest.substr(slash + 1, question == std::string_view::npos ? std::string_view::npos : question - slash - 1);
    loc.database = decode(path, "database name");
    if (loc.database.empty())
        throw InputError("the database URL names no database (postgresql://user@host:port/database)");
    if (loc.database.find('/') != std::string::npos)
        throw InputError("the database URL's path '" + loc.database +
                         "' is more than one database name (percent-encode a '/' as %2F)");
    if (question != std::string_view::npos)
        parsePostgresOptions(rest.substr(question + 1), loc);
}

void parseSqlite(std::string_view rest, SqlLocation& loc)
{
    if (rest.substr(0, 2) == "//") {
        rest = rest.substr(2);
        if (rest.empty() || rest.front() != '/')
            throw InputError("a SQLite URL names a local file and has no host: sqlite:///absolute/path.db "
                             "(three slashes) or sqlite:relative/path.db");
    }
    if (rest.find_first_of("?#") != std::string_view::npos)
        throw InputError("a SQLite URL takes no '?' or '#' (percent-encode them in a file name as %3F, %23)");
    loc.database = decode(rest, "file path");
    if (loc.database.empty() || loc.database == "/")
        throw InputError("the SQLite URL names no file (sqlite:///path/to/file.db)");
}

// One attribute of an ODBC connection string: key=value or key={value with ;}.
struct OdbcAttribute {
    std::string key, value; // value as written (braces kept)
};

std::vector<OdbcAttribute> splitConnectionString(std::string_view cs)
{
    std::vector<OdbcAttribute> out;
    std::size_t i = 0;
    while (i < cs.size()) {
        if (cs[i] == ';' || cs[i] == ' ') {
            ++i;
            continue;
        }
        const auto eq = cs.find('=', i);
        if (eq == std::string_view::npos)
            throw InputError("the ODBC connection string has an attribute without '=' (key=value;key=value)");
        OdbcAttribute a;
        a.key = std::string(cs.substr(i, eq - i));
        while (!a.key.empty() && a.key.back() == ' ')
            a.key.pop_back();
        if (a.key.empty())
            throw InputError("the ODBC connection string has an attribute with no name before '='");
        std::size_t j = eq + 1;
        if (j < cs.size() && cs[j] == '{') {
            // {value}: '}}' is a literal '}'
            std::size_t k = j + 1;
            for (;; ++k) {
                if (k >= cs.size())
                    throw InputError("the ODBC connection string's value of '" + a.key + "' has no closing '}'");
                if (cs[k] == '}') {
                    if (k + 1 < cs.size() && cs[k + 1] == '}') {
                        ++k;
                        continue;
                    }
                    break;
                }
            }
            a.value = std::string(cs.substr(j, k + 1 - j));
            i = k + 1;
            if (i < cs.size() && cs[i] != ';')
                throw InputError("the ODBC connection string has text after the '}' of '" + a.key + "'");
        } else {
            const auto semi = cs.find(';', j);
            a.value = std::string(cs.substr(j, semi == std::string_view::npos ? std::string_view::npos : semi - j));
            i = semi == std::string_view::npos ? cs.size() : semi;
        }
        out.push_back(std::move(a));
    }
    return out;
}

std::string unbrace(const std::string& v)
{
    if (v.size() >= 2 && v.front() == '{' && v.back() == '}') {
        std::string out;
        for (std::size_t i = 1; i + 1 < v.size(); ++i) {
            out += v[i];
            if (v[i] == '}')
                ++i; // '}}'
        }
        return out;
    }
    return v;
}

std::string braceValue(const std::string& v)
{
    if (v.find_first_of(";{} ") == std::string::npos && !v.empty())
        return v;
    std::string out = "{";
    for (char c : v) {
        out += c;
        if (c == '}')
            out += '}';
    }
    return out + "}";
}

bool isSecretKey(const std::string& key)
{
    const std::string k = lower(key);
    for (std::string_view w : {"pwd", "pass", "secret", "token", "key", "credential"})
        if (k.find(w) != std::string::npos)
            return true;
    return false;
}

std::string joinConnectionString(const std::vector<OdbcAttribute>& attrs, bool mask)
{
    std::string out;
    for (const auto& a : attrs)
        out += (out.empty() ? "" : ";") + a.key + "=" + (mask && isSecretKey(a.key) ? "***" : a.value);
    return out;
}

void parseOdbc(std::string_view rest, SqlLocation& loc)
{
    if (!rest.empty() && rest.front() == '/') {
        // odbc:///?Driver=...;Server=...: a connection string, taken literally (no percent-decoding).
        if (rest.substr(0, 2) != "/?" || rest.size() == 2)
            throw InputError("an ODBC connection string URL is odbc:///?Driver={...};Server=...;Database=...");
        std::vector<OdbcAttribute> kept;
        bool hasDriver = false;
        for (auto& a : splitConnectionString(rest.substr(2))) {
            const std::string k = lower(a.key);
            std::string* target = nullptr;
            if (k == "uid" || k == "user" || k == "username")
                target = &loc.credentials.user;
            else if (k == "pwd" || k == "password")
                target = &loc.credentials.password;
            if (target) {
                if (!target->empty())
                    throw InputError("the ODBC connection string gives the " +
                                     std::string(target == &loc.credentials.user ? "user" : "password") + " twice");
                *target = unbrace(a.value);
                continue;
            }
            hasDriver = hasDriver || k == "driver" || k == "server";
            kept.push_back(std::move(a));
        }
        if (!hasDriver)
            throw InputError("an ODBC connection string needs Driver=... (or Server=...); for a configured data "
                             "source use odbc://DSN");
        if (loc.credentials.user.empty() && !loc.credentials.password.empty())
            throw InputError("the ODBC connection string has a password but no user (UID=...)");
        loc.connectionString = joinConnectionString(kept, false);
        return;
    }
    const auto at = rest.rfind('@');
    if (at != std::string_view::npos) {
        parseUserInfo(rest.substr(0, at), loc.credentials);
        rest = rest.substr(at + 1);
    }
    if (rest.find_first_of("/?#") != std::string_view::npos)
        throw InputError("odbc://DSN takes a data source name only (no path, '?' or '#'); for a connection string "
                         "use odbc:///?Driver=...;...");
    loc.dsn = decode(rest, "data source name");
    if (loc.dsn.empty())
        throw InputError("the ODBC URL names no data source (odbc://DSN)");
    // ODBC forbids these in data source names (SQLConfigDataSource); ';' '{' '}' would also break the
    // connection string the driver manager is given.
    if (loc.dsn.find_first_of("[]{}(),;?*=!@\\") != std::string::npos || loc.dsn.size() > 256)
        throw InputError("the ODBC data source name '" + loc.dsn +
                         "' is not valid (at most 256 characters, none of []{}(),;?*=!@\\)");
}

void checkTableOrQuery(const std::string& table, const std::string& query, SqlLocation& loc)
{
    const bool hasTable = !table.empty();
    const bool hasQuery = query.find_first_not_of(" \t\r\n") != std::string::npos;
    if (hasTable && hasQuery)
        throw InputError("give either a table or a query to read, not both");
    if (!hasTable && !hasQuery)
        throw InputError("name a table or a query to read from the database");
    if (hasTable)
        loc.table = parseTableName(table);
    else
        loc.query = checkQuery(query, loc.engine);
}

bool identifierChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}

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

} // namespace

std::string TableName::display() const
{
    std::string out;
    for (const auto& p : parts) {
        const bool plain = !p.empty() && std::all_of(p.begin(), p.end(), identifierChar) &&
                           !std::isdigit(static_cast<unsigned char>(p.front()));
        out += (out.empty() ? "" : ".") + (plain ? p : quoteIdentifier(p, '"', '"'));
    }
    return out;
}

std::string SqlLocation::url() const
{
    const std::string login = credentials.user.empty() ? "" : encode(credentials.user) + "@";
    switch (engine) {
    case SqlEngine::SQLite:
        return !database.empty() && database.front() == '/' ? "sqlite://" + encode(database, "/")
                                                            : "sqlite:" + encode(database, "/");
    case SqlEngine::PostgreSQL: {
        std::string out = "postgresql://" + login;
        out += host.find(':') != std::string::npos ? "[" + host + "]" : host;
        if (port > 0)
            out += ":" + std::to_string(port);
        out += "/" + encode(database);
        for (std::size_t i = 0; i < options.size(); ++i)
            out += (i == 0 ? "?" : "&") + options[i].first + "=" + encode(options[i].second);
        return out;
    }
    case SqlEngine::Odbc:
        if (!connectionString.empty()) {
            // Secret-looking attributes (Token=, Credential=, ...Key=) are dropped with the password: a session
            // stores this URL in clear, so the owner gives them again when the session is opened.
            std::vector<OdbcAttribute> kept;
            for (auto& a : splitConnectionString(connectionString))
                if (!isSecretKey(a.key))
                    kept.push_back(std::move(a));
            return "odbc:///?" + joinConnectionString(kept, false) +
                   (credentials.user.empty() ? "" : ";UID=" + braceValue(credentials.user));
        }
        return "odbc://" + login + encode(dsn);
    }
    return {};
}

std::string SqlLocation::server() const
{
    const std::string user = credentials.user.empty() ? "" : ", user '" + credentials.user + "'";
    switch (engine) {
    case SqlEngine::SQLite: return "SQLite file '" + database + "'";
    case SqlEngine::PostgreSQL: {
        const std::string h = host.empty()                          ? "the local socket"
                              : host.find(':') != std::string::npos ? "[" + host + "]"
                                                                    : host;
        return "PostgreSQL server " + h + ":" + std::to_string(port > 0 ? port : 5432) + ", database '" + database +
               "'" + user;
    }
    case SqlEngine::Odbc:
        if (!connectionString.empty())
            return "ODBC connection '" + joinConnectionString(splitConnectionString(connectionString), true) + "'" +
                   user;
        return "ODBC data source '" + dsn + "'" + user;
    }
    return {};
}

std::string SqlLocation::description() const
{
    if (!isQuery())
        return server() + ", table " + table.display();
    std::string q = query;
    std::replace_if(
        q.begin(), q.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; }, ' ');
    if (q.size() > 120)
        q = q.substr(0, 117) + "...";
    return server() + ", query (" + q + ")";
}

SqlLocation parseSqlLocation(const std::string& url, const std::string& table, const std::string& query)
{
    const auto first = url.find_first_not_of(' ');
    if (first == std::string::npos)
        throw InputError("no database URL given (" + std::string(kForms) + ")");
    const std::string_view u = std::string_view(url).substr(first, url.find_last_not_of(' ') - first + 1);
    if (u.size() > kMaxUrlLength)
        throw InputError("the database URL is longer than " + std::to_string(kMaxUrlLength) + " characters");
    if (std::any_of(u.begin(), u.end(), isControl))
        throw InputError("the database URL contains a control character");
    const auto colon = u.find(':');
    const std::string scheme = colon == std::string_view::npos ? "" : lower(u.substr(0, colon));
    const bool schemeOk = !scheme.empty() && std::all_of(scheme.begin(), scheme.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.';
    });
    if (!schemeOk)
        throw InputError("the database URL does not start with a scheme (" + std::string(kForms) + ")");
    const std::string_view rest = u.substr(colon + 1);

    SqlLocation loc;
    if (scheme == "sqlite" || scheme == "sqlite3") {
        loc.engine = SqlEngine::SQLite;
        parseSqlite(rest, loc);
    } else if (scheme == "postgresql" || scheme == "postgres") {
        loc.engine = SqlEngine::PostgreSQL;
        if (rest.substr(0, 2) != "//")
            throw InputError("a PostgreSQL URL starts postgresql:// (postgresql://user@host:port/database)");
        parsePostgres(rest.substr(2), loc);
    } else if (scheme == "odbc") {
        loc.engine = SqlEngine::Odbc;
        if (rest.substr(0, 2) != "//")
            throw InputError("an ODBC URL starts odbc:// (odbc://DSN or odbc:///?Driver=...;...)");
        parseOdbc(rest.substr(2), loc);
    } else {
        throw InputError("unknown database URL scheme '" + scheme + ":' (supported: sqlite, postgresql, odbc; " +
                         "other engines through an ODBC data source, odbc://DSN)");
    }
    checkTableOrQuery(table, query, loc);
    return loc;
}

TableName parseTableName(const std::string& text)
{
    if (text.size() > kMaxNameLength)
        throw InputError("the table name is longer than " + std::to_string(kMaxNameLength) + " characters");
    if (std::any_of(text.begin(), text.end(), isControl))
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

namespace {

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
                          (i < 2 || !identifierChar(query[i - 2])));
    if (c == '"' && rules.dollarQuotes && i >= 2 && query[i - 1] == '&' &&
        (query[i - 2] == 'U' || query[i - 2] == 'u') && (i < 3 || !identifierChar(query[i - 3])))
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
    while (j < query.size() && (identifierChar(query[j]) || query[j] == '$'))
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
    while (j < n && identifierChar(query[j]) && !(j == i + 1 && std::isdigit(static_cast<unsigned char>(query[j]))))
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
        } else if (identifierChar(c) && (i == 0 || !identifierChar(query[i - 1]))) {
            i = skipWord(query, i, rules, words);
        } else if ((c == '-' && next == '-' &&
                    (!rules.dashSpace || (i + 2 < n && std::isspace(static_cast<unsigned char>(query[i + 2]))))) ||
                   (c == '#' && rules.hashComments)) {
            const auto nl = query.find('\n', i);
            i = nl == std::string::npos ? n : nl;
        } else if (c == '/' && next == '*') {
            i = skipBlockComment(query, i, rules);
        } else if (c == '$' && rules.dollarQuotes && (i == 0 || !identifierChar(query[i - 1]))) {
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
    const std::string head = lower(firstWord(out));
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

std::string scrubSecret(std::string message, const std::string& secret)
{
    if (secret.size() < 4)
        return message;
    for (auto at = message.find(secret); at != std::string::npos; at = message.find(secret, at + 3))
        message.replace(at, secret.size(), "***");
    return message;
}

std::vector<std::pair<std::size_t, std::size_t>> secretSpans(const std::string& text)
{
    std::vector<std::pair<std::size_t, std::size_t>> out;
    const auto stops = [](char c) {
        return std::isspace(static_cast<unsigned char>(c)) || c == '\'' || c == '"' || c == ';';
    };
    // scheme://user:password@host: the password runs from the first ':' of the login to its last '@'.
    for (auto p = text.find("://"); p != std::string::npos; p = text.find("://", p + 3)) {
        std::size_t end = p + 3;
        while (end < text.size() && !stops(text[end]))
            ++end;
        const auto at = text.rfind('@', end - 1);
        if (at == std::string::npos || at < p + 3)
            continue;
        const auto colon = text.find(':', p + 3);
        if (colon < at && colon + 1 < at)
            out.emplace_back(colon + 1, at);
    }
    // Key=value where the key looks secret (PWD, Password, Passwd, Pass, Token, Credential, ...KEY): the value,
    // in braces ("}}" inside) or up to ';', a space or a quote.
    for (auto eq = text.find('='); eq != std::string::npos; eq = text.find('=', eq + 1)) {
        std::size_t k = eq;
        while (k > 0 && (std::isalnum(static_cast<unsigned char>(text[k - 1])) || text[k - 1] == '_'))
            --k;
        if (k == eq || !isSecretKey(text.substr(k, eq - k)))
            continue;
        std::size_t v = eq + 1, end = v;
        if (v < text.size() && text[v] == '{') {
            for (end = v + 1; end < text.size(); ++end) {
                if (text[end] == '}' && end + 1 < text.size() && text[end + 1] == '}')
                    ++end;
                else if (text[end] == '}')
                    break;
            }
            end = std::min(end + 1, text.size());
        } else {
            while (end < text.size() && !stops(text[end]))
                ++end;
        }
        if (end > v)
            out.emplace_back(v, end);
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string scrubSecrets(const std::string& text)
{
    std::string out;
    std::size_t at = 0;
    for (const auto& [begin, end] : secretSpans(text)) {
        if (begin < at)
            continue; // inside a span already replaced
        out.append(text, at, begin - at);
        out += "***";
        at = end;
    }
    return out.append(text, at, std::string::npos);
}

std::string storedQueryRefusal(const std::string& sessionPath, const std::string& url, const std::string& query)
{
    std::string q = query;
    std::replace_if(q.begin(), q.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; }, ' ');
    return "the session " + sessionPath + " runs this SQL query on " + scrubSecrets(url) + ": " + q +
           " -- check it, then add --allow-session-sql to run it";
}

std::string odbcAttributeValue(const std::string& value)
{
    return braceValue(value);
}

} // namespace rr::sql
