#include "app/cli/SqlOptions.h"

#include "core/data/Errors.h"
#include "core/data/TerminalText.h"
#include "core/sources/SqlDataSource.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <string>
#include <termios.h>
#include <unistd.h>

namespace rr::cli {

namespace {

// Reads a line from the terminal without echo; nothing when stdin is no terminal.
std::optional<std::string> readSecret(const std::string& question)
{
    if (!::isatty(STDIN_FILENO))
        return std::nullopt;
    std::cerr << question << std::flush;
    termios old{};
    const bool saved = ::tcgetattr(STDIN_FILENO, &old) == 0;
    if (saved) {
        termios quiet = old;
        quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
        ::tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
    }
    std::string line;
    const bool got = static_cast<bool>(std::getline(std::cin, line));
    if (saved)
        ::tcsetattr(STDIN_FILENO, TCSANOW, &old);
    std::cerr << '\n';
    if (!got)
        return std::nullopt;
    return line;
}

} // namespace

std::vector<OptionSpec> sqlOptions()
{
    return {
        {"sql-url", "URL",
         "read a database instead of --data: sqlite:///file.db, postgresql://user@host[:port]/db, odbc://DSN or "
         "odbc:///?Driver=...; give the password in RR_SQL_PASSWORD (or at the prompt), not in the URL: a "
         "password in the URL is hidden from ps only once the program has started (never printed)"},
        {"sql-table", "T", "the table of --sql-url (schema.table; double quotes around odd names)"},
        {"sql-query", "Q", "a SELECT query of --sql-url instead of a table"},
        {"sql-user", "NAME", "the database user (overrides the URL's)"},
        {"allow-session-sql", "",
         "with --session: run the SQL query the session stores (without it a stored query is refused, and the "
         "refusal shows it)"},
        {"sql-timeout", "SECONDS",
         "stop a statement the server runs longer than this (default 600; 0: no limit); a stopped statement "
         "exits 1"},
    };
}

bool usesSql(const Options& options)
{
    const bool url = options.has("sql-url");
    const char* const needUrl[] = {"sql-table", "sql-query", "sql-user", "sql-timeout"};
    if (!url && std::any_of(std::begin(needUrl), std::end(needUrl), [&](const char* o) { return options.has(o); }))
        throw InputError("--sql-table, --sql-query, --sql-user and --sql-timeout need --sql-url URL");
    if (url && !options.values("data").empty())
        throw InputError("give either --data FILE or --sql-url URL, not both");
    if (url && options.has("count-column"))
        throw InputError("--count-column is for CSV files; a database table is counted row by row (use a "
                         "--sql-query that repeats rows if the table is aggregated)");
    return url;
}

namespace {

unsigned statementTimeout(const std::string& t)
{
    unsigned long seconds = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), seconds);
    if (t.empty() || ec != std::errc() || end != t.data() + t.size() || seconds > 86'400 * 7)
        throw InputError("--sql-timeout must be a whole number of seconds from 0 (no limit) to 604800, not '" + t +
                         "'");
    return static_cast<unsigned>(seconds);
}

// The table or query: exactly one.
std::vector<OptionBinding<api::DatabaseRequest>> sourceOptions()
{
    using R = api::DatabaseRequest;
    return {{"sql-url", [](R& db, const std::string& url) { db.url = url; }, true},
            {"sql-table", [](R& db, const std::string& table) { db.table = table; }},
            {"sql-query", [](R& db, const std::string& query) { db.query = query; }}};
}

std::vector<OptionBinding<api::DatabaseRequest>> sessionOptions()
{
    using R = api::DatabaseRequest;
    return {{"sql-user", [](R& db, const std::string& user) { db.login.user = user; }},
            {"sql-timeout",
             [](R& db, const std::string& t) { db.limits.statementTimeoutSeconds = statementTimeout(t); }}};
}

} // namespace

api::DatabaseRequest databaseRequest(const Options& options)
{
    api::DatabaseRequest db;
    readOptions(options, db, sourceOptions());
    if (db.table.empty() == db.query.empty())
        throw InputError("--sql-url needs exactly one of --sql-table T and --sql-query Q");
    readOptions(options, db, sessionOptions());
    if (const char* password = std::getenv("RR_SQL_PASSWORD"))
        db.login.password = password;
    db.prompt = [](const std::string& server, const std::string& problem) {
        auto password = readSecret(problem + "\nPassword for " + server + ": ");
        if (!password)
            return std::optional<sql::Credentials>();
        sql::Credentials c;
        c.password = *password;
        return std::optional<sql::Credentials>(c);
    };
    db.warn = [](const std::string& warning) { // one line each, before the output
        std::cerr << "rr-explorer-cli: warning: " << escapeControls(warning) << '\n';
    };
    return db;
}

} // namespace rr::cli
