#include "core/sources/OdbcEngine.h"

#include "core/data/QuotedRecord.h"
#include "core/sources/SqlLexer.h"
#include "core/sources/OdbcConnectionString.h"

#include <sql.h>
#include <sqlext.h>
#include <sqlucode.h>

#include <algorithm>
#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace rr::sql {

namespace {

using WideString = std::basic_string<SQLWCHAR>;

template <SQLSMALLINT Type>
struct HandleFree {
    void operator()(SQLHANDLE h) const { SQLFreeHandle(Type, h); }
};
using Environment = std::unique_ptr<void, HandleFree<SQL_HANDLE_ENV>>;
using Connection = std::unique_ptr<void, HandleFree<SQL_HANDLE_DBC>>;
using Statement = std::unique_ptr<void, HandleFree<SQL_HANDLE_STMT>>;

// UTF-8 to UTF-16 (what the W functions take); an invalid byte becomes U+FFFD.
WideString toWide(const std::string& s)
{
    WideString out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const int extra = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : -1;
        char32_t cp = extra == 0 ? c : extra == 1 ? c & 0x1F : extra == 2 ? c & 0x0F : c & 0x07;
        bool ok = extra >= 0 && i + static_cast<std::size_t>(extra) < s.size();
        for (int k = 1; ok && k <= extra; ++k) {
            const auto t = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
            ok = (t >> 6) == 2;
            cp = (cp << 6) | (t & 0x3F);
        }
        if (!ok) {
            out.push_back(0xFFFD);
            ++i;
            continue;
        }
        i += static_cast<std::size_t>(extra) + 1;
        if (cp >= 0x10000) {
            cp -= 0x10000;
            out.push_back(static_cast<SQLWCHAR>(0xD800 + (cp >> 10)));
            out.push_back(static_cast<SQLWCHAR>(0xDC00 + (cp & 0x3FF)));
        } else {
            out.push_back(static_cast<SQLWCHAR>(cp));
        }
    }
    return out;
}

// UTF-16 from the driver to UTF-8; a lone surrogate becomes U+FFFD.
std::string toUtf8(const SQLWCHAR* s, std::size_t n)
{
    std::string out;
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        char32_t cp = s[i];
        if (cp >= 0xD800 && cp < 0xDC00 && i + 1 < n && s[i + 1] >= 0xDC00 && s[i + 1] < 0xE000)
            cp = 0x10000 + ((cp - 0xD800) << 10) + (s[++i] - 0xDC00);
        else if (cp >= 0xD800 && cp < 0xE000)
            cp = 0xFFFD;
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }
    return out;
}

// The handle's diagnostics: the first SQLSTATE and every message, as an EngineError of `kind` (a state
// of class 08 means the connection is gone).
EngineError diagnostics(SQLSMALLINT type, SQLHANDLE handle, EngineError::Kind kind, const std::string& fallback)
{
    std::string state, message;
    for (SQLSMALLINT record = 1; record <= 20; ++record) {
        SQLWCHAR code[6] = {};
        SQLINTEGER native = 0;
        SQLWCHAR text[1024] = {};
        SQLSMALLINT length = 0;
        const SQLRETURN rc = SQLGetDiagRecW(type, handle, record, code, &native, text, 1024, &length);
        if (!SQL_SUCCEEDED(rc))
            break;
        if (state.empty())
            state = toUtf8(code, 5);
        const auto n = static_cast<std::size_t>(std::min<SQLSMALLINT>(length, 1023));
        if (!message.empty())
            message += ' ';
        message += toUtf8(text, n);
    }
    if (message.empty())
        message = fallback;
    if (kind == EngineError::Kind::Statement && state.rfind("08", 0) == 0)
        kind = EngineError::Kind::ConnectionLost;
    if (kind == EngineError::Kind::Connect && state.rfind("28", 0) == 0)
        kind = EngineError::Kind::Login;
    return EngineError(kind, state, message);
}

bool isTextType(SQLSMALLINT type)
{
    switch (type) {
    case SQL_CHAR:
    case SQL_VARCHAR:
    case SQL_LONGVARCHAR:
    case SQL_WCHAR:
    case SQL_WVARCHAR:
    case SQL_WLONGVARCHAR:
    case SQL_UNKNOWN_TYPE: return true;
    default: return false;
    }
}

class OdbcRows : public EngineRows {
public:
    OdbcRows(Statement statement, std::atomic<SQLHSTMT>& running)
        : m_statement(std::move(statement)), m_running(running)
    {
        SQLSMALLINT columns = 0;
        if (!SQL_SUCCEEDED(SQLNumResultCols(m_statement.get(), &columns)))
            throw fail();
        for (SQLUSMALLINT i = 1; i <= static_cast<SQLUSMALLINT>(columns); ++i) {
            WideString name(256, 0);
            SQLSMALLINT length = 0, type = 0, digits = 0, nullable = 0;
            SQLULEN size = 0;
            SQLRETURN rc = SQLDescribeColW(m_statement.get(), i, name.data(), static_cast<SQLSMALLINT>(name.size()),
                                           &length, &type, &size, &digits, &nullable);
            if (SQL_SUCCEEDED(rc) && length >= static_cast<SQLSMALLINT>(name.size())) { // longer than the buffer
                name.assign(static_cast<std::size_t>(length) + 1, 0);
                rc = SQLDescribeColW(m_statement.get(), i, name.data(), static_cast<SQLSMALLINT>(name.size()), &length,
                                     &type, &size, &digits, &nullable);
            }
            if (!SQL_SUCCEEDED(rc))
                throw fail();
            m_names.push_back(toUtf8(name.data(), static_cast<std::size_t>(length)));
            m_text.push_back(isTextType(type));
        }
        m_done = columns == 0;
    }

    ~OdbcRows() override { m_running = nullptr; } // the handle's release closes the cursor

    bool next(SqlRow& row) override
    {
        if (m_done)
            return false;
        const SQLRETURN rc = SQLFetch(m_statement.get());
        if (rc == SQL_NO_DATA) {
            m_done = true;
            return false;
        }
        if (!SQL_SUCCEEDED(rc))
            throw fail();
        row.assign(m_names.size(), std::nullopt);
        for (std::size_t i = 0; i < m_names.size(); ++i)
            row[i] = value(static_cast<SQLUSMALLINT>(i + 1));
        return true;
    }

private:
    // One column of the current row, in as many SQLGetData pieces as it takes.
    std::optional<std::string> value(SQLUSMALLINT column)
    {
        constexpr std::size_t kPiece = 4096; // characters, with the terminator
        SQLWCHAR piece[kPiece];
        WideString text;
        for (;;) {
            SQLLEN indicator = 0;
            const SQLRETURN rc = SQLGetData(m_statement.get(), column, SQL_C_WCHAR, piece, sizeof piece, &indicator);
            if (rc == SQL_NO_DATA)
                break; // every piece read
            if (!SQL_SUCCEEDED(rc))
                throw fail();
            if (indicator == SQL_NULL_DATA)
                return std::nullopt;
            const bool whole = indicator != SQL_NO_TOTAL && static_cast<std::size_t>(indicator) < sizeof piece;
            if (indicator != SQL_NO_TOTAL)
                checkValueSize(text.size() * sizeof(SQLWCHAR) + static_cast<std::size_t>(indicator));
            const std::size_t units = whole ? static_cast<std::size_t>(indicator) / sizeof(SQLWCHAR) : kPiece - 1;
            text.append(piece, units);
            checkValueSize(text.size() * sizeof(SQLWCHAR));
            if (whole || rc == SQL_SUCCESS)
                break;
        }
        return toUtf8(text.data(), text.size());
    }

    EngineError fail()
    {
        return diagnostics(SQL_HANDLE_STMT, m_statement.get(), EngineError::Kind::Statement, "the ODBC statement failed");
    }

    Statement m_statement;
    std::atomic<SQLHSTMT>& m_running;
    bool m_done = false;
};

// One prepared INSERT executed per record, each value bound as UTF-16 text of the parameter's own SQL type
// (SQLDescribeParam), so the driver converts it to the column's type.
class OdbcLoad : public EngineLoad {
public:
    OdbcLoad(Statement statement, std::size_t columns) : m_statement(std::move(statement)), m_types(columns)
    {
        for (std::size_t i = 0; i < columns; ++i) {
            SQLSMALLINT type = 0, digits = 0, nullable = 0;
            SQLULEN size = 0;
            if (!SQL_SUCCEEDED(SQLDescribeParam(m_statement.get(), static_cast<SQLUSMALLINT>(i + 1), &type, &size,
                                                &digits, &nullable)))
                type = SQL_WVARCHAR; // the driver cannot tell: text, which the server converts
            m_types[i] = type;
        }
        m_text.resize(columns);
        m_lengths.resize(columns);
    }

    void add(std::string_view record) override
    {
        splitQuotedRecord(record, m_values);
        if (m_values.size() != m_types.size())
            throw EngineError(EngineError::Kind::Refused, "", "a record has " + std::to_string(m_values.size()) +
                                                                  " values for " + std::to_string(m_types.size()) +
                                                                  " columns");
        for (std::size_t i = 0; i < m_types.size(); ++i) {
            m_text[i] = m_values[i] ? toWide(*m_values[i]) : WideString();
            m_text[i].push_back(0);
            m_lengths[i] = m_values[i] ? static_cast<SQLLEN>((m_text[i].size() - 1) * sizeof(SQLWCHAR)) : SQL_NULL_DATA;
            const SQLULEN size = std::max<SQLULEN>(1, m_text[i].size() - 1);
            if (!SQL_SUCCEEDED(SQLBindParameter(m_statement.get(), static_cast<SQLUSMALLINT>(i + 1), SQL_PARAM_INPUT,
                                                SQL_C_WCHAR, m_types[i], size, 0, m_text[i].data(),
                                                static_cast<SQLLEN>(m_text[i].size() * sizeof(SQLWCHAR)),
                                                &m_lengths[i])))
                throw fail();
        }
        const SQLRETURN rc = SQLExecute(m_statement.get());
        if (!SQL_SUCCEEDED(rc) && rc != SQL_NO_DATA)
            throw fail();
    }

    void finish() override {}

private:
    EngineError fail()
    {
        return diagnostics(SQL_HANDLE_STMT, m_statement.get(), EngineError::Kind::Statement, "the ODBC insert failed");
    }

    Statement m_statement;
    std::vector<SQLSMALLINT> m_types;
    std::vector<WideString> m_text;
    std::vector<SQLLEN> m_lengths;
    std::vector<std::optional<std::string>> m_values;
};

class OdbcConnection : public EngineConnection {
public:
    OdbcConnection(const SqlLocation& location, const Credentials& credentials, Access access,
                   unsigned timeoutSeconds)
        : m_timeoutSeconds(timeoutSeconds)
    {
        SQLHANDLE env = nullptr, dbc = nullptr;
        if (!SQL_SUCCEEDED(SQLAllocHandle(SQL_HANDLE_ENV, SQL_NULL_HANDLE, &env)))
            throw EngineError(EngineError::Kind::Connect, "", "unixODBC could not allocate an environment");
        m_environment.reset(env);
        SQLSetEnvAttr(env, SQL_ATTR_ODBC_VERSION, reinterpret_cast<SQLPOINTER>(SQL_OV_ODBC3), 0);
        if (!SQL_SUCCEEDED(SQLAllocHandle(SQL_HANDLE_DBC, env, &dbc)))
            throw diagnostics(SQL_HANDLE_ENV, env, EngineError::Kind::Connect, "unixODBC could not allocate a connection");
        m_connection.reset(dbc);
        SQLSetConnectAttr(dbc, SQL_ATTR_LOGIN_TIMEOUT, reinterpret_cast<SQLPOINTER>(15), 0);
        if (access == Access::ReadOnly)
            SQLSetConnectAttr(dbc, SQL_ATTR_ACCESS_MODE, reinterpret_cast<SQLPOINTER>(SQL_MODE_READ_ONLY), 0);
        std::string text = location.dsn.empty() ? location.connectionString : "DSN=" + odbcAttributeValue(location.dsn);
        if (!credentials.user.empty())
            text += ";UID=" + odbcAttributeValue(credentials.user);
        if (!credentials.password.empty())
            text += ";PWD=" + odbcAttributeValue(credentials.password);
        WideString wide = toWide(text);
        SQLWCHAR out[1024];
        SQLSMALLINT outLength = 0;
        const SQLRETURN rc = SQLDriverConnectW(dbc, nullptr, wide.data(), static_cast<SQLSMALLINT>(wide.size()), out,
                                               1024, &outLength, SQL_DRIVER_NOPROMPT);
        std::fill(wide.begin(), wide.end(), SQLWCHAR(0)); // the password leaves memory with the string
        if (!SQL_SUCCEEDED(rc))
            throw diagnostics(SQL_HANDLE_DBC, dbc, EngineError::Kind::Connect, "the ODBC driver refused to connect");
        m_connected = true;
        readDialect();
        // Drivers take SQL_MODE_READ_ONLY but need not enforce it (psqlodbc does not): where the engine has a
        // read-only session, the server enforces it; elsewhere the user is told.
        if (access == Access::ReadOnly) {
            m_readOnlyStatement = odbcReadOnlyStatement(m_dbms);
            if (!m_readOnlyStatement.empty())
                reassertReadOnly();
            else
                m_readOnlyWarning = "the database behind the ODBC driver (" + (m_dbms.empty() ? "unnamed" : m_dbms) +
                                    ") has no read-only session RR Explorer knows: only the driver's read-only "
                                    "attribute is set, which it may ignore; connect as a user that may only read";
        }
    }

    std::string readOnlyWarning() const override { return m_readOnlyWarning; }

    ~OdbcConnection() override
    {
        if (m_connected)
            SQLDisconnect(m_connection.get());
    }

    SqlDialect dialect() const override { return m_dialect; }

    std::unique_ptr<EngineRows> exec(const std::string& sql) override
    {
        SQLHANDLE s = nullptr;
        if (!SQL_SUCCEEDED(SQLAllocHandle(SQL_HANDLE_STMT, m_connection.get(), &s)))
            throw diagnostics(SQL_HANDLE_DBC, m_connection.get(), EngineError::Kind::Statement,
                              "the ODBC driver gave no statement");
        Statement statement(s);
        if (m_timeoutSeconds > 0) // the driver stops the statement (psqlodbc: statement_timeout)
            SQLSetStmtAttr(s, SQL_ATTR_QUERY_TIMEOUT, reinterpret_cast<SQLPOINTER>(SQLULEN(m_timeoutSeconds)), 0);
        reassertReadOnly();
        WideString wide = toWide(sql);
        m_running = s;
        const SQLRETURN rc = SQLExecDirectW(s, wide.data(), static_cast<SQLINTEGER>(wide.size()));
        if (!SQL_SUCCEEDED(rc) && rc != SQL_NO_DATA) {
            m_running = nullptr;
            throw diagnostics(SQL_HANDLE_STMT, s, EngineError::Kind::Statement, "the ODBC statement failed");
        }
        try {
            return std::make_unique<OdbcRows>(std::move(statement), m_running);
        } catch (...) {
            m_running = nullptr;
            throw;
        }
    }

    bool alive() override
    {
        SQLUINTEGER dead = SQL_CD_FALSE;
        if (SQL_SUCCEEDED(SQLGetConnectAttr(m_connection.get(), SQL_ATTR_CONNECTION_DEAD, &dead, 0, nullptr)) &&
            dead == SQL_CD_TRUE)
            return false;
        try {
            auto rows = exec("SELECT 1");
            SqlRow row;
            return rows->next(row);
        } catch (const EngineError&) {
            return false;
        }
    }

    void cancel() override
    {
        if (SQLHSTMT s = m_running.load())
            SQLCancel(s);
    }

    // ODBC's transactions: auto-commit off until the end (SQLEndTran).
    void begin() override
    {
        if (!SQL_SUCCEEDED(SQLSetConnectAttr(m_connection.get(), SQL_ATTR_AUTOCOMMIT,
                                             reinterpret_cast<SQLPOINTER>(SQL_AUTOCOMMIT_OFF), 0)))
            throw diagnostics(SQL_HANDLE_DBC, m_connection.get(), EngineError::Kind::Statement,
                              "the ODBC driver cannot start a transaction");
    }

    void commit() override { endTransaction(SQL_COMMIT); }

    void rollback() noexcept override
    {
        try {
            endTransaction(SQL_ROLLBACK);
        } catch (const EngineError&) {
            // the connection is gone, and the server rolled back with it
        }
    }

    std::vector<SqlColumn> describeColumns(const std::string& select) override
    {
        SQLHANDLE s = nullptr;
        if (!SQL_SUCCEEDED(SQLAllocHandle(SQL_HANDLE_STMT, m_connection.get(), &s)))
            throw diagnostics(SQL_HANDLE_DBC, m_connection.get(), EngineError::Kind::Statement,
                              "the ODBC driver gave no statement");
        const Statement statement(s);
        reassertReadOnly();
        WideString wide = toWide(select);
        SQLSMALLINT columns = 0;
        if (!SQL_SUCCEEDED(SQLExecDirectW(s, wide.data(), static_cast<SQLINTEGER>(wide.size()))) ||
            !SQL_SUCCEEDED(SQLNumResultCols(s, &columns)))
            throw diagnostics(SQL_HANDLE_STMT, s, EngineError::Kind::Statement, "the ODBC statement failed");
        std::vector<SqlColumn> out;
        for (SQLUSMALLINT i = 1; i <= static_cast<SQLUSMALLINT>(columns); ++i) {
            WideString name(256, 0);
            SQLSMALLINT length = 0, type = 0, digits = 0, nullable = 0;
            SQLULEN size = 0;
            if (!SQL_SUCCEEDED(SQLDescribeColW(s, i, name.data(), static_cast<SQLSMALLINT>(name.size()), &length, &type,
                                               &size, &digits, &nullable)))
                throw diagnostics(SQL_HANDLE_STMT, s, EngineError::Kind::Statement, "the ODBC statement failed");
            if (length >= static_cast<SQLSMALLINT>(name.size())) { // longer than the buffer
                name.assign(static_cast<std::size_t>(length) + 1, 0);
                SQLDescribeColW(s, i, name.data(), static_cast<SQLSMALLINT>(name.size()), &length, &type, &size,
                                &digits, &nullable);
            }
            out.push_back({toUtf8(name.data(), std::min<std::size_t>(static_cast<std::size_t>(length), name.size())),
                           isTextType(type), declaredType(s, i)});
        }
        return out;
    }

    // The PostgreSQL behind the driver answers the same catalog questions as through libpq; other engines'
    // catalogs differ too much to be asked the same way.
    std::optional<std::vector<TableKey>> tablesRead(const std::string& select) override
    {
        if (!m_postgres)
            return std::nullopt;
        return postgresTablesRead(*this, select);
    }

    std::optional<TargetTable> resolveTable(const TableName& name) override
    {
        if (!m_postgres)
            return std::nullopt;
        return postgresTarget(*this, name);
    }

    std::string textType() const override { return m_postgres ? "text" : "VARCHAR(4000)"; }

    std::unique_ptr<EngineLoad> load(const std::string& table, const std::vector<std::string>& columns) override
    {
        std::string names, marks;
        for (std::size_t i = 0; i < columns.size(); ++i) {
            names += (i ? ", " : "") + columns[i];
            marks += i ? ", ?" : "?";
        }
        SQLHANDLE s = nullptr;
        if (!SQL_SUCCEEDED(SQLAllocHandle(SQL_HANDLE_STMT, m_connection.get(), &s)))
            throw diagnostics(SQL_HANDLE_DBC, m_connection.get(), EngineError::Kind::Statement,
                              "the ODBC driver gave no statement");
        Statement statement(s);
        WideString sql = toWide("INSERT INTO " + table + " (" + names + ") VALUES (" + marks + ")");
        if (!SQL_SUCCEEDED(SQLPrepareW(s, sql.data(), static_cast<SQLINTEGER>(sql.size()))))
            throw diagnostics(SQL_HANDLE_STMT, s, EngineError::Kind::Statement, "the ODBC driver refused the insert");
        return std::make_unique<OdbcLoad>(std::move(statement), columns.size());
    }

private:
    // The read-only session statement again before every statement: a query before this one cannot have
    // turned it off for the rest of the session (set_config is refused as well, by checkQuery).
    void reassertReadOnly()
    {
        if (m_readOnlyStatement.empty())
            return;
        SQLHANDLE s = nullptr;
        if (!SQL_SUCCEEDED(SQLAllocHandle(SQL_HANDLE_STMT, m_connection.get(), &s)))
            throw diagnostics(SQL_HANDLE_DBC, m_connection.get(), EngineError::Kind::Statement,
                              "the ODBC driver gave no statement");
        const Statement statement(s);
        WideString wide = toWide(m_readOnlyStatement);
        const SQLRETURN rc = SQLExecDirectW(s, wide.data(), static_cast<SQLINTEGER>(wide.size()));
        if (!SQL_SUCCEEDED(rc) && rc != SQL_NO_DATA)
            throw diagnostics(SQL_HANDLE_STMT, s, EngineError::Kind::Statement, "the read-only session failed");
    }

    void endTransaction(SQLSMALLINT how)
    {
        const SQLRETURN rc = SQLEndTran(SQL_HANDLE_DBC, m_connection.get(), how);
        SQLSetConnectAttr(m_connection.get(), SQL_ATTR_AUTOCOMMIT, reinterpret_cast<SQLPOINTER>(SQL_AUTOCOMMIT_ON), 0);
        if (!SQL_SUCCEEDED(rc))
            throw diagnostics(SQL_HANDLE_DBC, m_connection.get(), EngineError::Kind::Statement,
                              "the ODBC driver could not end the transaction");
    }

    // The driver's name of the column's type, with its length or precision where the type takes one
    // ("varchar(20)", "numeric(9,2)", "int4"); empty when the driver names none.
    static std::string declaredType(SQLHSTMT s, SQLUSMALLINT column)
    {
        SQLWCHAR name[128] = {};
        SQLSMALLINT length = 0;
        if (!SQL_SUCCEEDED(SQLColAttributeW(s, column, SQL_DESC_TYPE_NAME, name, sizeof name, &length, nullptr)))
            return {};
        std::string type = toUtf8(name, static_cast<std::size_t>(std::min<SQLSMALLINT>(length, 254)) / sizeof(SQLWCHAR));
        SQLWCHAR ignored[256];
        SQLSMALLINT sqlType = 0, digits = 0, nullable = 0, nameLength = 0;
        SQLULEN size = 0;
        if (type.empty() || !SQL_SUCCEEDED(SQLDescribeColW(s, column, ignored, 256, &nameLength, &sqlType, &size,
                                                             &digits, &nullable)))
            return type;
        switch (sqlType) {
        case SQL_CHAR:
        case SQL_VARCHAR:
        case SQL_WCHAR:
        case SQL_WVARCHAR:
            return size > 0 && size <= 65535 ? type + "(" + std::to_string(size) + ")" : type;
        case SQL_DECIMAL:
        case SQL_NUMERIC:
            return size > 0 && size <= 1000 ? type + "(" + std::to_string(size) + "," + std::to_string(digits) + ")"
                                            : type;
        default: return type;
        }
    }

    void readDialect()
    {
        m_dialect.engine = SqlEngine::Odbc;
        char name[256] = {};
        SQLSMALLINT length = 0;
        if (SQL_SUCCEEDED(SQLGetInfo(m_connection.get(), SQL_DBMS_NAME, name, sizeof name, &length))) {
            // Engines known to take no LIMIT ... OFFSET get the standard paging at once.
            const std::string dbms = name;
            m_dbms = dbms;
            m_postgres = dbms == "PostgreSQL"; // also Greenplum and Citus, which answer as PostgreSQL
            m_dialect.standardPaging = dbms.find("SQL Server") != std::string::npos ||
                                       dbms.rfind("Oracle", 0) == 0 || dbms.rfind("DB2", 0) == 0;
        }
        char quote[8] = {};
        if (SQL_SUCCEEDED(SQLGetInfo(m_connection.get(), SQL_IDENTIFIER_QUOTE_CHAR, quote, sizeof quote, &length)) &&
            length == 1 && quote[0] != ' ' && static_cast<unsigned char>(quote[0]) < 128) {
            m_dialect.open = m_dialect.close = quote[0];
        } else {
            m_dialect.open = m_dialect.close = 0; // the driver quotes nothing: plain names only
        }
    }

    Environment m_environment;
    Connection m_connection; // after the environment: released before it
    std::atomic<SQLHSTMT> m_running{nullptr};
    SqlDialect m_dialect;
    bool m_connected = false;
    bool m_postgres = false;
    unsigned m_timeoutSeconds = 0;
    std::string m_dbms; // SQL_DBMS_NAME
    std::string m_readOnlyWarning;
    std::string m_readOnlyStatement; // run before every statement of a read-only connection
};

} // namespace

std::string odbcReadOnlyStatement(const std::string& dbms)
{
    if (dbms == "PostgreSQL")
        return "SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY";
    if (dbms == "MySQL" || dbms.find("MariaDB") != std::string::npos)
        return "SET SESSION TRANSACTION READ ONLY";
    if (dbms == "SQLite")
        return "PRAGMA query_only = 1";
    return {};
}

std::unique_ptr<EngineConnection> connectOdbc(const SqlLocation& location, const Credentials& credentials,
                                              Access access, unsigned timeoutSeconds)
{
    return std::make_unique<OdbcConnection>(location, credentials, access, timeoutSeconds);
}

} // namespace rr::sql
