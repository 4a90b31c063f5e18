// libFuzzer harness for the SQL source locations (core/sources/SqlUrl): any URL, table name or query
// either parses or raises rr::InputError; the stored URL and the descriptions do not depend on the password; a quoted name or
// literal never lets its closing quote through undoubled. The input is split at NUL bytes into the URL,
// the table and the query. A refused call (set_config, lo_import, ...) appended to an accepted query is
// refused by name; inside a comment it is not.
#include "core/data/Errors.h"
#include "core/sources/SqlUrl.h"
#include "core/sources/SqlLexer.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

std::vector<std::string> splitAtNul(const std::uint8_t* data, std::size_t size)
{
    std::vector<std::string> parts(1);
    for (std::size_t k = 0; k < size; ++k) {
        if (data[k] == 0 && parts.size() < 3)
            parts.emplace_back();
        else
            parts.back().push_back(static_cast<char>(data[k]));
    }
    parts.resize(3);
    return parts;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::vector<std::string> in = splitAtNul(data, size);
    const std::string& url = in[0];
    const std::string& table = in[1];
    const std::string& query = in[2];
    try {
        const rr::sql::SqlLocation loc = rr::sql::parseSqlLocation(url, table, query);
        // What may be stored or printed does not depend on the password at all.
        rr::sql::SqlLocation without = loc;
        without.credentials.password.clear();
        if (loc.url() != without.url() || loc.description() != without.description() ||
            loc.server() != without.server())
            std::abort();
        if (loc.isQuery() != loc.table.parts.empty())
            std::abort(); // a table or a query, exactly one
    } catch (const rr::InputError& e) {
        (void)e;
    }
    try {
        const rr::sql::TableName t = rr::sql::parseTableName(table);
        if (t.parts.empty() || t.parts.size() > 3)
            std::abort();
        const std::string q = rr::sql::quoteTableName(t, '"', '"');
        if (q.empty() || q.front() != '"' || q.back() != '"')
            std::abort();
    } catch (const rr::InputError&) {}
    try {
        const std::string lit = rr::sql::quoteLiteral(query, rr::sql::SqlEngine::SQLite);
        // Inside the outer quotes every quote comes in a pair.
        std::size_t run = 0;
        for (std::size_t k = 1; k + 1 < lit.size(); ++k) {
            if (lit[k] == '\'')
                ++run;
            else if (run % 2)
                std::abort();
            else
                run = 0;
        }
        if (run % 2)
            std::abort();
    } catch (const rr::InputError&) {}
    for (auto engine : {rr::sql::SqlEngine::PostgreSQL, rr::sql::SqlEngine::SQLite, rr::sql::SqlEngine::Odbc}) {
        std::string checked;
        try {
            checked = rr::sql::checkQuery(query, engine);
        } catch (const rr::InputError&) {
            continue;
        }
        if (engine == rr::sql::SqlEngine::SQLite)
            continue;
        // The read-only path's refusals (issue 42.2): a refused call after any accepted query, past a line
        // break (so outside every comment and literal), is refused by name; one in a trailing comment is not.
        static const char* const kCalls[] = {"set_config", "LO_IMPORT", "\"dblink_exec\"", "pg_catalog.pg_notify"};
        static const char* const kNames[] = {"set_config", "LO_IMPORT", "dblink_exec", "pg_notify"};
        const std::size_t pick = size % 4;
        try {
            (void)rr::sql::checkQuery(checked + "\n, " + kCalls[pick] + " /**/ (1)", engine);
            std::abort();
        } catch (const rr::InputError& e) {
            if (std::string(e.what()).find(kNames[pick]) == std::string::npos)
                std::abort();
        }
        try {
            (void)rr::sql::checkQuery(checked + "\n/* " + kCalls[pick] + "( */", engine);
        } catch (const rr::InputError&) {
            std::abort();
        }
    }
    return 0;
}
