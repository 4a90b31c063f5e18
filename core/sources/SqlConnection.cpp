#include "core/sources/SqlConnection.h"
#include "core/sources/SecretScrub.h"

#include <cctype>
#include <charconv>

namespace rr::sql {

namespace {

// A login problem the prompt can fix, as the drivers word it.
bool mentionsLogin(const std::string& text)
{
    std::string t = text;
    for (char& c : t)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return t.find("password") != std::string::npos || t.find("authentication") != std::string::npos ||
           t.find("login failed") != std::string::npos;
}

bool userState(const std::string& state)
{
    if (state.size() != 5)
        return false;
    std::string cls = state.substr(0, 2);
    for (char& c : cls)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    // 2B: dependent objects (a view) block a DROP: the user's to resolve.
    return cls == "22" || cls == "28" || cls == "2B" || cls == "3D" || cls == "3F" || cls == "42";
}

// Whitespace runs as one space, trimmed (drivers' messages span lines).
std::string oneLine(const std::string& text)
{
    std::string out;
    for (char c : text) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            if (!out.empty() && out.back() != ' ')
                out += ' ';
        } else {
            out += c;
        }
    }
    if (!out.empty() && out.back() == ' ')
        out.pop_back();
    return out;
}

} // namespace

SqlQuery::SqlQuery(SqlConnection& connection, std::unique_ptr<EngineRows> rows, std::string what)
    : m_connection(&connection), m_rows(std::move(rows)), m_what(std::move(what))
{}

bool SqlQuery::next()
{
    try {
        return m_rows->next(m_row);
    } catch (const EngineError& e) {
        m_connection->fail(e, SqlConnection::Phase::Run, m_what);
    }
}

const std::string& SqlQuery::text(std::size_t i) const
{
    static const std::string kEmpty;
    return m_row[i] ? *m_row[i] : kEmpty;
}

std::size_t SqlQuery::count(std::size_t i) const
{
    const std::string& t = text(i);
    unsigned long long n = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), n);
    if (isNull(i) || ec != std::errc() || end != t.data() + t.size())
        throw IoError("the database returned a count that is not a whole number >= 0");
    return static_cast<std::size_t>(n);
}

SqlConnection::SqlConnection(const SqlLocation& location, const Credentials& credentials, Access access,
                             unsigned timeoutSeconds)
    : m_location(location), m_password(credentials.password)
{
    try {
        m_engine = connectEngine(location, credentials, access, timeoutSeconds);
    } catch (const EngineError& e) {
        const std::string text = clean(e.what());
        const std::string message = "could not connect to " + location.server() + ": " + text;
        if (e.kind() == EngineError::Kind::Login || mentionsLogin(text))
            throw LoginRefused(message);
        throw InputError(message);
    }
    m_dialect = m_engine->dialect();
    m_canceller.engine = m_engine.get();
    m_interrupt.emplace(m_canceller);
}

std::string SqlConnection::clean(const std::string& text) const
{
    std::string t = oneLine(text);
    if (t.size() > 600)
        t = t.substr(0, 597) + "...";
    t = scrubSecrets(scrubSecret(t, m_password));
    // The secrets left in an ODBC connection string (a Token=, a Credential=) by value too, in case the
    // driver quotes one without its key.
    const std::string& attributes = m_location.connectionString;
    for (const auto& [begin, end] : secretSpans(attributes)) {
        std::string value = attributes.substr(begin, end - begin);
        if (value.size() >= 2 && value.front() == '{' && value.back() == '}')
            value = value.substr(1, value.size() - 2);
        t = scrubSecret(t, value);
    }
    return t;
}

SqlQuery SqlConnection::exec(const std::string& sql, Phase phase, const std::string& what)
{
    try {
        return SqlQuery(*this, m_engine->exec(sql), what);
    } catch (const EngineError& e) {
        fail(e, phase, what);
    }
}

SqlQuery SqlConnection::execBulk(const std::string& select, const std::string& what)
{
    try {
        return SqlQuery(*this, m_engine->execBulk(select), what);
    } catch (const EngineError& e) {
        fail(e, Phase::Run, what);
    }
}

void SqlConnection::useStorageOrder()
{
    // PostgreSQL may start a scan where another stopped (synchronized scans) and merges parallel workers'
    // rows in any order; without both, a scan follows the table's storage order.
    m_engine->keepStorageOrder();
}

void SqlConnection::fail(const EngineError& error, Phase phase, const std::string& what)
{
    const std::string text = clean(error.what());
    const std::string server = m_location.server();
    bool alive = error.kind() != EngineError::Kind::ConnectionLost;
    if (alive && error.kind() != EngineError::Kind::Refused) {
        try {
            alive = m_engine->alive();
        } catch (const std::exception&) {
            alive = false;
        }
    }
    if (!alive)
        throw IoError("lost the connection to " + server + " while " + what + ": " + text);
    if (phase == Phase::Check || error.kind() == EngineError::Kind::Refused || userState(error.state()))
        throw InputError(what + " failed on " + server + ": " + text);
    throw IoError(server + " failed while " + what + ": " + text);
}

} // namespace rr::sql
