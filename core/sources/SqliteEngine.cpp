#include "core/sources/SqliteEngine.h"

#include "core/data/Errors.h"
#include "core/data/QuotedRecord.h"

#include <sqlite3.h>

#include <filesystem>

namespace rr::sql {

namespace {

struct DatabaseClose {
    void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
struct StatementFinalize {
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Database = std::unique_ptr<sqlite3, DatabaseClose>;
using Statement = std::unique_ptr<sqlite3_stmt, StatementFinalize>;

// Names as SQLite compares them: ASCII letters in any case.
std::string foldCase(std::string s)
{
    for (char& c : s)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return s;
}

// SQLite has no SQLSTATE; its messages say what went wrong.
EngineError statementError(sqlite3* db)
{
    return EngineError(EngineError::Kind::Statement, "", sqlite3_errmsg(db));
}

class SqliteRows : public EngineRows {
public:
    SqliteRows(sqlite3* db, Statement statement) : m_db(db), m_statement(std::move(statement))
    {
        const int n = sqlite3_column_count(m_statement.get());
        for (int i = 0; i < n; ++i) {
            const char* name = sqlite3_column_name(m_statement.get(), i);
            m_names.emplace_back(name ? name : "");
            m_text.push_back(true); // every value is read through CAST(... AS TEXT)
        }
    }

    bool next(SqlRow& row) override
    {
        if (m_done)
            return false;
        const int rc = sqlite3_step(m_statement.get());
        if (rc == SQLITE_DONE) {
            m_done = true;
            return false;
        }
        if (rc != SQLITE_ROW)
            throw statementError(m_db);
        const int n = sqlite3_column_count(m_statement.get());
        row.assign(static_cast<std::size_t>(n), std::nullopt);
        for (int i = 0; i < n; ++i) {
            if (sqlite3_column_type(m_statement.get(), i) == SQLITE_NULL)
                continue;
            const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(m_statement.get(), i));
            const auto bytes = static_cast<std::size_t>(sqlite3_column_bytes(m_statement.get(), i));
            checkValueSize(bytes);
            row[static_cast<std::size_t>(i)].emplace(text ? text : "", text ? bytes : 0);
        }
        return true;
    }

private:
    sqlite3* m_db;
    Statement m_statement;
    bool m_done = false;
};

// One prepared INSERT, bound and stepped per record.
class SqliteLoad : public EngineLoad {
public:
    SqliteLoad(sqlite3* db, const std::string& sql) : m_db(db)
    {
        sqlite3_stmt* s = nullptr;
        const int rc = sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &s, nullptr);
        m_statement.reset(s);
        if (rc != SQLITE_OK || !m_statement)
            throw statementError(db);
        m_columns = static_cast<std::size_t>(sqlite3_bind_parameter_count(s));
    }

    void add(std::string_view record) override
    {
        splitQuotedRecord(record, m_values);
        if (m_values.size() != m_columns)
            throw EngineError(EngineError::Kind::Refused, "", "a record has " + std::to_string(m_values.size()) +
                                                                  " values for " + std::to_string(m_columns) +
                                                                  " columns");
        sqlite3_stmt* s = m_statement.get();
        for (std::size_t i = 0; i < m_columns; ++i) {
            const auto& v = m_values[i];
            const int at = static_cast<int>(i) + 1;
            // Text: the column's declared type gives it its affinity (an INTEGER column stores 42, not '42').
            const int rc = v ? sqlite3_bind_text64(s, at, v->data(), v->size(), SQLITE_STATIC, SQLITE_UTF8)
                             : sqlite3_bind_null(s, at);
            if (rc != SQLITE_OK)
                throw statementError(m_db);
        }
        const int rc = sqlite3_step(s);
        sqlite3_reset(s);
        if (rc != SQLITE_DONE)
            throw statementError(m_db);
    }

    void finish() override {}

private:
    sqlite3* m_db;
    Statement m_statement;
    std::size_t m_columns = 0;
    std::vector<std::optional<std::string>> m_values;
};

class SqliteConnection : public EngineConnection {
public:
    SqliteConnection(const std::string& path, Access access)
    {
        sqlite3* db = nullptr;
        // Never SQLITE_OPEN_CREATE: the release goes into the source's own file.
        const int flags = access == Access::Write ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY;
        const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
        m_db.reset(db); // closed even when the open failed
        if (rc != SQLITE_OK)
            throw EngineError(EngineError::Kind::Connect, "",
                              db ? sqlite3_errmsg(db) : "SQLite could not allocate a connection");
        sqlite3_busy_timeout(m_db.get(), 5000);
    }

    SqlDialect dialect() const override
    {
        SqlDialect d;
        d.engine = SqlEngine::SQLite;
        return d;
    }

    std::unique_ptr<EngineRows> exec(const std::string& sql) override
    {
        Statement statement = prepareOne(sql);
        if (!statement)
            throw EngineError(EngineError::Kind::Statement, "", "the statement is empty");
        return std::make_unique<SqliteRows>(m_db.get(), std::move(statement));
    }

    bool alive() override { return true; } // a file does not go away mid-call

    void cancel() override { sqlite3_interrupt(m_db.get()); }

    // IMMEDIATE: the write lock from the start, so a long fill is not refused at its end.
    void begin() override { runStatement(*this, "BEGIN IMMEDIATE"); }

    std::vector<SqlColumn> describeColumns(const std::string& select) override
    {
        const Statement statement = prepareOne(select); // prepared, not stepped
        if (!statement)
            throw statementError(m_db.get());
        sqlite3_stmt* s = statement.get();
        std::vector<SqlColumn> out;
        for (int i = 0; i < sqlite3_column_count(s); ++i) {
            const char* name = sqlite3_column_name(s, i);
            const char* type = sqlite3_column_decltype(s, i); // null for an expression
            out.push_back({name ? name : "", true, type ? type : ""});
        }
        return out;
    }

    // The authorizer is told of every table a statement reads while it is prepared (views by their tables
    // too), with its schema and its name as stored; a table none of whose columns is read comes with its
    // name as written and no schema.
    std::optional<std::vector<TableKey>> tablesRead(const std::string& select) override
    {
        std::vector<TableKey> read;
        sqlite3_set_authorizer(m_db.get(), &SqliteConnection::noteRead, &read);
        try {
            prepareOne(select);
        } catch (...) {
            sqlite3_set_authorizer(m_db.get(), nullptr, nullptr);
            throw;
        }
        sqlite3_set_authorizer(m_db.get(), nullptr, nullptr);
        return read;
    }

    std::optional<TargetTable> resolveTable(const TableName& name) override
    {
        if (name.parts.size() > 2)
            throw EngineError(EngineError::Kind::Refused, "",
                              "SQLite names a table by at most two parts (schema.table): " + name.display());
        TargetTable out;
        std::string where = "name = " + quoteLiteral(name.parts.back(), SqlEngine::SQLite) + " COLLATE NOCASE";
        if (name.parts.size() == 2) {
            const std::string schema = canonicalSchema(name.parts[0]);
            out.temporary = schema == "temp";
            where += " AND schema = " + quoteLiteral(schema, SqlEngine::SQLite);
        }
        // Unqualified, a name means the temp schema's table first, then main's, then attached ones (as DROP
        // reads it); a new table goes into main.
        SqliteRows rows(m_db.get(), prepareOne("SELECT schema, name FROM pragma_table_list WHERE " + where +
                                               " ORDER BY schema <> 'temp', schema <> 'main' LIMIT 1"));
        SqlRow row;
        if (rows.next(row) && row.size() == 2 && row[0] && row[1]) {
            out.existing = TableKey{foldCase(*row[0]), foldCase(*row[1]), *row[0] + "." + *row[1]};
            out.temporary = out.temporary || foldCase(*row[0]) == "temp";
        }
        return out;
    }

    std::string textType() const override { return "TEXT"; }

    std::unique_ptr<EngineLoad> load(const std::string& table, const std::vector<std::string>& columns) override
    {
        std::string names, marks;
        for (std::size_t i = 0; i < columns.size(); ++i) {
            names += (i ? ", " : "") + columns[i];
            marks += i ? ", ?" : "?";
        }
        return std::make_unique<SqliteLoad>(m_db.get(), "INSERT INTO " + table + " (" + names + ") VALUES (" + marks + ")");
    }

private:
    static int noteRead(void* data, int action, const char* table, const char*, const char* schema, const char*)
    {
        if (action == SQLITE_READ && table)
            static_cast<std::vector<TableKey>*>(data)->push_back(
                {schema ? foldCase(schema) : "", foldCase(table), schema ? std::string(schema) + "." + table : table});
        return SQLITE_OK;
    }

    // A schema as the connection names it (main, temp or an attached one; SQLite matches them in any case);
    // EngineError (Refused) when there is none of that name.
    std::string canonicalSchema(const std::string& given)
    {
        const std::string folded = foldCase(given);
        if (folded == "main" || folded == "temp") // temp is listed only once something is in it
            return folded;
        SqliteRows rows(m_db.get(), prepareOne("SELECT name FROM pragma_database_list WHERE name = " +
                                               quoteLiteral(given, SqlEngine::SQLite) + " COLLATE NOCASE"));
        SqlRow row;
        if (!rows.next(row) || row.empty() || !row[0])
            throw EngineError(EngineError::Kind::Refused, "",
                              "the SQLite file has no schema '" + given + "' (it has main and temp)");
        return foldCase(*row[0]);
    }

    // The first statement of `sql`, refused when anything but spaces, comments and ';' follows it
    // (sqlite3_prepare_v2 would leave the rest unread, and a caller running the rest would run it).
    Statement prepareOne(const std::string& sql)
    {
        sqlite3_stmt* s = nullptr;
        const char* tail = nullptr;
        const int rc = sqlite3_prepare_v2(m_db.get(), sql.c_str(), static_cast<int>(sql.size()), &s, &tail);
        Statement statement(s);
        if (rc != SQLITE_OK)
            throw statementError(m_db.get());
        const char* const end = sql.c_str() + sql.size();
        while (tail && tail < end) {
            sqlite3_stmt* more = nullptr;
            const char* rest = nullptr;
            const int next = sqlite3_prepare_v2(m_db.get(), tail, static_cast<int>(end - tail), &more, &rest);
            const Statement extra(more); // prepared only to be refused: never stepped
            if (next != SQLITE_OK || extra)
                throw EngineError(EngineError::Kind::Statement, "",
                                  "the SQL holds more than one statement; only one is run");
            if (rest == tail)
                break;
            tail = rest;
        }
        return statement;
    }

    Database m_db;
};

} // namespace

std::unique_ptr<EngineConnection> connectSqlite(const SqlLocation& location, Access access)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(location.database, ec))
        throw InputError("no SQLite file '" + location.database + "'");
    return std::make_unique<SqliteConnection>(location.database, access);
}

} // namespace rr::sql
