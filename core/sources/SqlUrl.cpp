#include "core/sources/SqlUrl.h"

#include "core/data/Errors.h"
#include "core/sources/OdbcConnectionString.h"
#include "core/sources/PercentCoding.h"
#include "core/sources/SqlCharacters.h"
#include "core/sources/SqlLexer.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

namespace rr::sql {

namespace {

constexpr std::size_t kMaxUrlLength = 8192;
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

void parseUserInfo(std::string_view info, Credentials& out)
{
    const auto colon = info.find(':');
    out.user = percentDecode(info.substr(0, colon), "user name");
    if (colon != std::string_view::npos)
        out.password = percentDecode(info.substr(colon + 1), "password");
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
            throw InputError("the database URL's option '" + percentDecode(item, "options") + "' has no '=value'");
        const std::string key = asciiLower(percentDecode(item.substr(0, eq), "option names"));
        const std::string value = percentDecode(item.substr(eq + 1), "option '" + key + "'");
        if (std::find(kPostgresOptions.begin(), kPostgresOptions.end(), key) == kPostgresOptions.end()) {
            std::string known;
            for (auto k : kPostgresOptions)
                known += (known.empty() ? "" : ", ") + std::string(k);
            throw InputError("the database URL's option '" + key + "' is not one a URL may set (allowed: " + known +
                             ")");
        }
        if (value.empty() || value.find(';') != std::string::npos || std::any_of(value.begin(), value.end(), isControlChar))
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
    loc.database = percentDecode(path, "database name");
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
    loc.database = percentDecode(rest, "file path");
    if (loc.database.empty() || loc.database == "/")
        throw InputError("the SQLite URL names no file (sqlite:///path/to/file.db)");
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
            const std::string k = asciiLower(a.key);
            std::string* target = nullptr;
            if (k == "uid" || k == "user" || k == "username")
                target = &loc.credentials.user;
            else if (k == "pwd" || k == "password")
                target = &loc.credentials.password;
            if (target) {
                if (!target->empty())
                    throw InputError("the ODBC connection string gives the " +
                                     std::string(target == &loc.credentials.user ? "user" : "password") + " twice");
                *target = unbraceOdbcValue(a.value);
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
    loc.dsn = percentDecode(rest, "data source name");
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

} // namespace

std::string SqlLocation::url() const
{
    const std::string login = credentials.user.empty() ? "" : percentEncode(credentials.user) + "@";
    switch (engine) {
    case SqlEngine::SQLite:
        return !database.empty() && database.front() == '/' ? "sqlite://" + percentEncode(database, "/")
                                                            : "sqlite:" + percentEncode(database, "/");
    case SqlEngine::PostgreSQL: {
        std::string out = "postgresql://" + login;
        out += host.find(':') != std::string::npos ? "[" + host + "]" : host;
        if (port > 0)
            out += ":" + std::to_string(port);
        out += "/" + percentEncode(database);
        for (std::size_t i = 0; i < options.size(); ++i)
            out += (i == 0 ? "?" : "&") + options[i].first + "=" + percentEncode(options[i].second);
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
                   (credentials.user.empty() ? "" : ";UID=" + odbcAttributeValue(credentials.user));
        }
        return "odbc://" + login + percentEncode(dsn);
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
    if (std::any_of(u.begin(), u.end(), isControlChar))
        throw InputError("the database URL contains a control character");
    const auto colon = u.find(':');
    const std::string scheme = colon == std::string_view::npos ? "" : asciiLower(u.substr(0, colon));
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

} // namespace rr::sql
