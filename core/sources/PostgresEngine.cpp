#include "core/sources/PostgresEngine.h"

#include "core/sources/CopyText.h"

#include <libpq-fe.h>

#include <poll.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rr::sql {

namespace {

struct ConnectionClose {
    void operator()(PGconn* c) const { PQfinish(c); }
};
struct ResultClear {
    void operator()(PGresult* r) const { PQclear(r); }
};
struct CancelFree {
    void operator()(PGcancel* c) const { PQfreeCancel(c); }
};
using Connection = std::unique_ptr<PGconn, ConnectionClose>;
using Result = std::unique_ptr<PGresult, ResultClear>;
using CancelHandle = std::unique_ptr<PGcancel, CancelFree>;

constexpr const char* kReadOnly = "-c default_transaction_read_only=on";

// text, varchar, bpchar, name, char, unknown (pg_type OIDs, fixed since 7.x).
bool isTextType(Oid type)
{
    return type == 25 || type == 1043 || type == 1042 || type == 19 || type == 18 || type == 705;
}

std::string stateOf(const PGresult* r)
{
    const char* s = PQresultErrorField(r, PG_DIAG_SQLSTATE);
    return s ? s : "";
}

void ignoreNotice(void*, const char*) {} // NOTICEs and WARNINGs would reach the CLI's stderr

// PQconnectdbParams, with the notice processor in place before the server says anything: a WARNING sent
// while the connection starts (an immediate shutdown, a bad setting of the role) would otherwise go to
// libpq's default processor, which prints it on stderr. The whole start takes at most `timeoutSeconds`.
PGconn* connectQuietly(const char* const* keys, const char* const* values, int timeoutSeconds, bool& timedOut)
{
    timedOut = false;
    PGconn* c = PQconnectStartParams(keys, values, 0);
    if (!c)
        return nullptr;
    PQsetNoticeProcessor(c, ignoreNotice, nullptr);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeoutSeconds);
    PostgresPollingStatusType status = PGRES_POLLING_WRITING;
    while (PQstatus(c) != CONNECTION_BAD && status != PGRES_POLLING_OK && status != PGRES_POLLING_FAILED) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        pollfd wait{PQsocket(c), static_cast<short>(status == PGRES_POLLING_READING ? POLLIN : POLLOUT), 0};
        const int ready = left.count() > 0 ? ::poll(&wait, 1, static_cast<int>(left.count())) : 0;
        if (ready == 0) {
            timedOut = true;
            return c;
        }
        if (ready < 0 && errno != EINTR)
            return c; // PQstatus is not CONNECTION_OK: the caller reports libpq's message
        if (ready > 0)
            status = PQconnectPoll(c);
    }
    return c;
}



// Runs once when a statement's results are all read, failed or abandoned (the read-only transaction's end).
using StatementEnd = std::function<void()>;

void endOnce(StatementEnd& end) noexcept
{
    if (end) {
        const StatementEnd e = std::move(end);
        end = nullptr;
        e();
    }
}

class PostgresRows : public EngineRows {
public:
    PostgresRows(PGconn* connection, PGcancel* cancel, StatementEnd end)
        : m_connection(connection), m_cancel(cancel), m_end(std::move(end))
    {
        m_pending = take();
        const PGresult* r = m_pending.get();
        for (int i = 0; r && i < PQnfields(r); ++i) {
            m_names.emplace_back(PQfname(r, i));
            m_text.push_back(isTextType(PQftype(r, i)));
        }
        if (!r || PQresultStatus(r) != PGRES_SINGLE_TUPLE)
            finish(); // no rows, or a statement without rows
    }

    ~PostgresRows() override
    {
        if (!m_done) {
            char error[256];
            PQcancel(m_cancel, error, sizeof error); // the server stops sending; the rest is drained
            drain();
        }
        endOnce(m_end);
    }

    bool next(SqlRow& row) override
    {
        Result r = m_pending ? std::move(m_pending) : (m_done ? nullptr : take());
        if (!r || PQresultStatus(r.get()) != PGRES_SINGLE_TUPLE) {
            finish();
            return false;
        }
        const int n = PQnfields(r.get());
        row.assign(static_cast<std::size_t>(n), std::nullopt);
        for (int i = 0; i < n; ++i) {
            if (PQgetisnull(r.get(), 0, i))
                continue;
            const auto bytes = static_cast<std::size_t>(PQgetlength(r.get(), 0, i));
            checkValueSize(bytes);
            row[static_cast<std::size_t>(i)].emplace(PQgetvalue(r.get(), 0, i), bytes);
        }
        return true;
    }

private:
    // The next result; throws (after draining the rest) when it is an error.
    Result take()
    {
        Result r(PQgetResult(m_connection));
        if (!r)
            return r;
        const ExecStatusType status = PQresultStatus(r.get());
        if (status == PGRES_SINGLE_TUPLE || status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK)
            return r;
        std::string message = PQresultErrorMessage(r.get());
        const std::string state = stateOf(r.get());
        drain();
        const bool lost = PQstatus(m_connection) == CONNECTION_BAD;
        if (message.empty())
            message = PQerrorMessage(m_connection);
        endOnce(m_end);
        throw EngineError(lost ? EngineError::Kind::ConnectionLost : EngineError::Kind::Statement, state,
                             message);
    }

    void finish()
    {
        if (!m_done) {
            m_done = true;
            drain();
        }
        endOnce(m_end);
    }

    void drain()
    {
        m_done = true;
        m_pending.reset();
        while (Result r{PQgetResult(m_connection)}) {
        }
    }

    PGconn* m_connection;
    PGcancel* m_cancel;
    StatementEnd m_end;
    Result m_pending;
    bool m_done = false;
};

// The first error among the connection's pending results (a COPY the server stopped), or libpq's own.
EngineError pendingError(PGconn* connection)
{
    std::string message, state;
    while (Result r{PQgetResult(connection)}) {
        const ExecStatusType status = PQresultStatus(r.get());
        if (message.empty() && status != PGRES_COMMAND_OK && status != PGRES_COPY_IN) {
            message = PQresultErrorMessage(r.get());
            state = stateOf(r.get());
        }
        if (status == PGRES_COPY_IN) // still copying: end it, so the connection returns to idle
            PQputCopyEnd(connection, "abandoned");
    }
    const bool lost = PQstatus(connection) == CONNECTION_BAD;
    if (message.empty())
        message = PQerrorMessage(connection);
    return EngineError(lost ? EngineError::Kind::ConnectionLost : EngineError::Kind::Statement, state, message);
}

// COPY (select) TO STDOUT: a scan's rows as one CopyData message each, in the text format. Single-row mode
// makes a result (allocated, with its metadata) per row; this is about three times less work on both sides
// for a scan of every record. A read: allowed in a read-only transaction.
class PostgresCopyRows : public EngineRows {
public:
    PostgresCopyRows(PGconn* connection, PGcancel* cancel, const std::string& select, StatementEnd end)
        : m_connection(connection), m_cancel(cancel), m_end(std::move(end))
    {
        const std::string sql = "COPY (" + select + ") TO STDOUT";
        if (!PQsendQueryParams(connection, sql.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 0)) {
            const bool lost = PQstatus(connection) == CONNECTION_BAD;
            const std::string message = PQerrorMessage(connection);
            endOnce(m_end);
            throw EngineError(lost ? EngineError::Kind::ConnectionLost : EngineError::Kind::Statement, "", message);
        }
        const Result r(PQgetResult(connection));
        if (!r || PQresultStatus(r.get()) != PGRES_COPY_OUT) {
            m_done = true;
            const std::string message = r ? PQresultErrorMessage(r.get()) : PQerrorMessage(connection);
            const std::string state = r ? stateOf(r.get()) : "";
            while (Result rest{PQgetResult(connection)}) {
            }
            const bool lost = PQstatus(connection) == CONNECTION_BAD;
            const std::string why = message.empty() ? PQerrorMessage(connection) : message;
            endOnce(m_end);
            throw EngineError(lost ? EngineError::Kind::ConnectionLost : EngineError::Kind::Statement, state, why);
        }
        m_names.assign(static_cast<std::size_t>(PQnfields(r.get())), std::string());
        m_text.assign(m_names.size(), true);
    }

    ~PostgresCopyRows() override
    {
        if (!m_done) {
            char error[256];
            PQcancel(m_cancel, error, sizeof error); // the server stops sending; the rest is drained
            drain();
        }
        endOnce(m_end);
    }

    bool next(SqlRow& row) override
    {
        if (m_done)
            return false;
        char* data = nullptr;
        const int length = PQgetCopyData(m_connection, &data, 0);
        if (length >= 0) {
            const std::unique_ptr<char, void (*)(void*)> hold(data, PQfreemem);
            parseCopyRow(std::string_view(data, static_cast<std::size_t>(length)), m_names.size(), row);
            return true;
        }
        // -1: the COPY ended, and its result says how; -2: the connection failed.
        m_done = true;
        const Result r(PQgetResult(m_connection));
        if (length == -1 && r && PQresultStatus(r.get()) == PGRES_COMMAND_OK) {
            while (Result rest{PQgetResult(m_connection)}) {
            }
            endOnce(m_end);
            return false;
        }
        std::string message = r ? PQresultErrorMessage(r.get()) : "";
        const std::string state = r ? stateOf(r.get()) : "";
        while (Result rest{PQgetResult(m_connection)}) {
        }
        if (message.empty())
            message = PQerrorMessage(m_connection);
        const bool lost = PQstatus(m_connection) == CONNECTION_BAD;
        endOnce(m_end);
        throw EngineError(lost ? EngineError::Kind::ConnectionLost : EngineError::Kind::Statement, state, message);
    }

private:
    void drain()
    {
        m_done = true;
        char* data = nullptr;
        while (PQgetCopyData(m_connection, &data, 0) >= 0)
            PQfreemem(data);
        while (Result r{PQgetResult(m_connection)}) {
        }
    }

    PGconn* m_connection;
    PGcancel* m_cancel;
    StatementEnd m_end;
    bool m_done = false;
};

// COPY ... FROM STDIN in the text format (CopyText.h): the lines go as they are, in blocks of kCopyBlock bytes.
class PostgresLoad : public EngineLoad {
public:
    PostgresLoad(PGconn* connection, const std::string& sql) : m_connection(connection)
    {
        const Result r(PQexec(connection, sql.c_str()));
        if (!r || PQresultStatus(r.get()) != PGRES_COPY_IN) {
            const std::string message = r ? PQresultErrorMessage(r.get()) : PQerrorMessage(connection);
            const bool lost = PQstatus(connection) == CONNECTION_BAD;
            throw EngineError(lost ? EngineError::Kind::ConnectionLost : EngineError::Kind::Statement,
                              r ? stateOf(r.get()) : "", message);
        }
        m_open = true;
    }

    ~PostgresLoad() override
    {
        if (!m_open)
            return;
        PQputCopyEnd(m_connection, "the release was stopped"); // the server fails the COPY
        while (Result r{PQgetResult(m_connection)}) {
        }
    }

    void add(std::string_view record) override
    {
        m_block.append(record);
        if (m_block.size() >= kCopyBlock)
            send();
    }

    void finish() override
    {
        send();
        m_open = false;
        if (PQputCopyEnd(m_connection, nullptr) != 1)
            throw pendingError(m_connection);
        Result r(PQgetResult(m_connection));
        if (!r || PQresultStatus(r.get()) != PGRES_COMMAND_OK) {
            const std::string message = r ? PQresultErrorMessage(r.get()) : PQerrorMessage(m_connection);
            const std::string state = r ? stateOf(r.get()) : "";
            while (Result rest{PQgetResult(m_connection)}) {
            }
            const bool lost = PQstatus(m_connection) == CONNECTION_BAD;
            throw EngineError(lost ? EngineError::Kind::ConnectionLost : EngineError::Kind::Statement, state,
                              message);
        }
        while (Result rest{PQgetResult(m_connection)}) {
        }
    }

private:
    static constexpr std::size_t kCopyBlock = std::size_t(1) << 18;

    void send()
    {
        if (m_block.empty())
            return;
        // -1: the connection failed, or the server ended the COPY with an error (a bad value).
        if (PQputCopyData(m_connection, m_block.data(), static_cast<int>(m_block.size())) != 1) {
            m_open = false;
            throw pendingError(m_connection);
        }
        m_block.clear();
    }

    PGconn* m_connection;
    std::string m_block;
    bool m_open = false;
};

// libpq's connection keywords: the location's and the credentials', the URL's options (the session settings
// added to its "options": read only, and a stalled statement stopped by the server), a connect timeout
// (`connectTimeout`: libpq's reading of it) and the application's name unless given, UTF-8.
std::vector<std::pair<std::string, std::string>> connectionParams(const SqlLocation& location,
                                                                  const Credentials& credentials, bool readOnly,
                                                                  unsigned timeoutSeconds, int& connectTimeout)
{
    // Session settings in the startup packet: read only, and a stalled statement stopped by the server.
    std::string settings = readOnly ? kReadOnly : "";
    if (timeoutSeconds > 0)
        settings += std::string(settings.empty() ? "" : " ") + "-c statement_timeout=" +
                    std::to_string(static_cast<unsigned long long>(timeoutSeconds) * 1000);
    std::vector<std::pair<std::string, std::string>> params;
    if (!location.host.empty())
        params.emplace_back("host", location.host);
    if (location.port > 0)
        params.emplace_back("port", std::to_string(location.port));
    if (!location.database.empty())
        params.emplace_back("dbname", location.database);
    if (!credentials.user.empty())
        params.emplace_back("user", credentials.user);
    if (!credentials.password.empty())
        params.emplace_back("password", credentials.password);
    bool timeout = false, name = false, options = false;
    for (const auto& [k, v] : location.options) {
        if (k == "connect_timeout") { // libpq's reading: whole seconds, at least 2 (0: none, here a day)
            timeout = true;
            const int seconds = std::atoi(v.c_str());
            connectTimeout = seconds <= 0 ? 86'400 : std::max(seconds, 2);
        }
        name = name || k == "application_name";
        if (k == "options") {
            options = true;
            params.emplace_back(k, settings.empty() ? v : v + " " + settings);
        } else {
            params.emplace_back(k, v);
        }
    }
    if (!timeout)
        params.emplace_back("connect_timeout", "15");
    if (!name) // the writer is told apart in pg_stat_activity
        params.emplace_back("application_name", readOnly ? "rr-explorer" : "rr-explorer-release");
    if (!options && !settings.empty())
        params.emplace_back("options", settings);
    params.emplace_back("client_encoding", "UTF8");
    return params;
}

class PostgresConnection : public EngineConnection {
public:
    PostgresConnection(const SqlLocation& location, const Credentials& credentials, Access access,
                       unsigned timeoutSeconds)
        : m_readOnly(access == Access::ReadOnly)
    {
        int connectTimeout = 15;
        const std::vector<std::pair<std::string, std::string>> params =
            connectionParams(location, credentials, m_readOnly, timeoutSeconds, connectTimeout);
        std::vector<const char*> keys, values;
        for (const auto& [k, v] : params) {
            keys.push_back(k.c_str());
            values.push_back(v.c_str());
        }
        keys.push_back(nullptr);
        values.push_back(nullptr);
        bool timedOut = false;
        m_connection.reset(connectQuietly(keys.data(), values.data(), connectTimeout, timedOut));
        if (!m_connection)
            throw EngineError(EngineError::Kind::Connect, "", "libpq could not allocate a connection");
        if (timedOut)
            throw EngineError(EngineError::Kind::Connect, "",
                              "no answer within the connect timeout of " + std::to_string(connectTimeout) + " s");
        if (PQstatus(m_connection.get()) != CONNECTION_OK) {
            const bool login = PQconnectionNeedsPassword(m_connection.get()) != 0;
            throw EngineError(login ? EngineError::Kind::Login : EngineError::Kind::Connect, "",
                                 PQerrorMessage(m_connection.get()));
        }
        m_cancel.reset(PQgetCancel(m_connection.get()));
        if (!m_cancel)
            throw EngineError(EngineError::Kind::Connect, "", "libpq gave no cancel handle");
    }

    SqlDialect dialect() const override
    {
        SqlDialect d;
        d.engine = SqlEngine::PostgreSQL;
        return d;
    }

    std::unique_ptr<EngineRows> exec(const std::string& sql) override
    {
        StatementEnd end = beginRead();
        // The extended protocol (PQsendQueryParams, even without parameters) takes exactly one statement:
        // "SELECT ...; DROP ..." is refused by the server whatever the query checker read.
        if (!PQsendQueryParams(m_connection.get(), sql.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 0) ||
            !PQsetSingleRowMode(m_connection.get())) {
            const bool lost = PQstatus(m_connection.get()) == CONNECTION_BAD;
            const std::string message = PQerrorMessage(m_connection.get());
            while (Result r{PQgetResult(m_connection.get())}) {
            }
            endOnce(end);
            throw EngineError(lost ? EngineError::Kind::ConnectionLost : EngineError::Kind::Statement, "", message);
        }
        return std::make_unique<PostgresRows>(m_connection.get(), m_cancel.get(), std::move(end));
    }

    std::unique_ptr<EngineRows> execBulk(const std::string& select) override
    {
        return std::make_unique<PostgresCopyRows>(m_connection.get(), m_cancel.get(), select, beginRead());
    }

    void keepStorageOrder() override { m_storageOrder = true; }

    std::vector<SqlColumn> describeColumns(const std::string& select) override
    {
        StatementEnd end = beginRead();
        struct Ender {
            StatementEnd& end;
            ~Ender() { endOnce(end); }
        } ender{end};
        // Prepared and described, never executed: the columns and their types without running the query.
        const Result prepared(PQprepare(m_connection.get(), "", select.c_str(), 0, nullptr));
        if (!prepared || PQresultStatus(prepared.get()) != PGRES_COMMAND_OK)
            throw failure(prepared.get());
        const Result described(PQdescribePrepared(m_connection.get(), ""));
        if (!described || PQresultStatus(described.get()) != PGRES_COMMAND_OK)
            throw failure(described.get());
        const int n = PQnfields(described.get());
        std::vector<SqlColumn> out;
        for (int i = 0; i < n; ++i)
            out.push_back({PQfname(described.get(), i), isTextType(PQftype(described.get(), i)), ""});
        if (n == 0)
            return out;
        // format_type gives the type as a CREATE TABLE takes it, with its modifier (varchar(20), numeric(9,2)).
        std::string types = "SELECT ";
        for (int i = 0; i < n; ++i)
            types += (i ? ", " : "") + std::string("format_type(") + std::to_string(PQftype(described.get(), i)) +
                     ", " + std::to_string(PQfmod(described.get(), i)) + ")";
        const Result r(PQexec(m_connection.get(), types.c_str()));
        if (!r || PQresultStatus(r.get()) != PGRES_TUPLES_OK || PQntuples(r.get()) != 1)
            throw failure(r.get());
        for (int i = 0; i < n; ++i) {
            const std::string t = PQgetvalue(r.get(), 0, i);
            out[static_cast<std::size_t>(i)].type = t == "unknown" || t == "-" ? "" : t; // a literal: text
        }
        return out;
    }

    std::optional<std::vector<TableKey>> tablesRead(const std::string& select) override
    {
        return postgresTablesRead(*this, select);
    }

    std::optional<TargetTable> resolveTable(const TableName& name) override { return postgresTarget(*this, name); }

    bool alive() override
    {
        if (PQstatus(m_connection.get()) != CONNECTION_OK)
            return false;
        const Result r(PQexec(m_connection.get(), "SELECT 1"));
        // A transaction a statement failed in answers only "aborted" (25P02) until it is rolled back.
        return r && (PQresultStatus(r.get()) == PGRES_TUPLES_OK || stateOf(r.get()) == "25P02");
    }

    void cancel() override
    {
        char error[256];
        PQcancel(m_cancel.get(), error, sizeof error);
    }

    std::string textType() const override { return "text"; }

    std::unique_ptr<EngineLoad> load(const std::string& table, const std::vector<std::string>& columns) override
    {
        std::string sql = "COPY " + table + " (";
        for (std::size_t i = 0; i < columns.size(); ++i)
            sql += (i ? ", " : "") + columns[i];
        return std::make_unique<PostgresLoad>(m_connection.get(), sql + ") FROM STDIN"); // text (CopyText.h)
    }

private:
    // A read-only connection opens each statement's transaction itself, READ ONLY whatever the session's
    // defaults say (a query could have changed them), and ends it with endRead().
    StatementEnd beginRead()
    {
        if (!m_readOnly)
            return nullptr;
        const char* begin = m_storageOrder ? "BEGIN READ ONLY; SET LOCAL synchronize_seqscans = off; "
                                             "SET LOCAL max_parallel_workers_per_gather = 0"
                                           : "BEGIN READ ONLY";
        const Result r(PQexec(m_connection.get(), begin));
        if (!r || PQresultStatus(r.get()) != PGRES_COMMAND_OK) {
            EngineError e = failure(r.get());
            endRead();
            throw e;
        }
        return [this] { endRead(); };
    }

    // Rolls the statement's transaction back (a setting it changed goes with it) and resets the session
    // (settings, advisory locks, prepared statements), so no statement leaves anything to the next.
    void endRead() noexcept
    {
        if (PQstatus(m_connection.get()) != CONNECTION_OK)
            return;
        for (const char* sql : {"ROLLBACK", "DISCARD ALL"}) {
            const Result r(PQexec(m_connection.get(), sql));
        }
    }

    EngineError failure(const PGresult* r)
    {
        const bool lost = PQstatus(m_connection.get()) == CONNECTION_BAD;
        return EngineError(lost ? EngineError::Kind::ConnectionLost : EngineError::Kind::Statement,
                           r ? stateOf(r) : "", r ? PQresultErrorMessage(r) : PQerrorMessage(m_connection.get()));
    }

    bool m_readOnly;
    bool m_storageOrder = false;
    Connection m_connection;
    CancelHandle m_cancel;
};

} // namespace

std::unique_ptr<EngineConnection> connectPostgres(const SqlLocation& location, const Credentials& credentials,
                                                  Access access, unsigned timeoutSeconds)
{
    return std::make_unique<PostgresConnection>(location, credentials, access, timeoutSeconds);
}

} // namespace rr::sql
