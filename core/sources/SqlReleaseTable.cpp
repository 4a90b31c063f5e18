#include "core/sources/SqlReleaseTable.h"

#include "core/data/Errors.h"
#include "core/data/Interrupt.h"
#include "core/sources/CopyText.h"
#include "core/sources/SqlConnection.h"
#include "core/sources/SqlStatements.h"
#include "core/data/QuotedRecord.h"
#include "core/sources/SqlLexer.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace rr::sql {

namespace {

// Rolls the transaction back unless it was committed (a failure or a cancel on the way leaves no table).
class Transaction {
public:
    explicit Transaction(EngineConnection& engine) : m_engine(engine) {}
    ~Transaction()
    {
        if (m_open)
            m_engine.rollback();
    }
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void begin()
    {
        m_engine.begin();
        m_open = true;
    }
    void commit()
    {
        m_engine.commit();
        m_open = false;
    }

private:
    EngineConnection& m_engine;
    bool m_open = false;
};

// The columns' names, quoted for the dialect.
std::vector<std::string> quotedColumnNames(const SqlDialect& d, const std::vector<ReleasedColumn>& columns)
{
    std::vector<std::string> names;
    for (const ReleasedColumn& c : columns)
        names.push_back(quoteName(d, c.name));
    return names;
}

// The released records loaded into the new table (a cancel checked between two records).
void loadRecords(EngineConnection& engine, const std::string& quoted, const std::vector<std::string>& names,
                 const RecordFeed& records)
{
    const std::unique_ptr<EngineLoad> load = engine.load(quoted, names);
    records([&](std::string_view record) {
        checkInterrupt(); // a cancel alone does not reach the engine between two records
        load->add(record);
    });
    load->finish();
}

// A companion table's rows loaded, each written as a record of the release's format.
void loadCompanionRows(EngineConnection& engine, const std::string& quoted, const std::vector<std::string>& names,
                       const CompanionTable& spec, const RecordFormat& f)
{
    const std::unique_ptr<EngineLoad> load = engine.load(quoted, names);
    std::string line;
    spec.rows([&](const std::vector<std::string>& values) {
        line.clear();
        for (std::size_t k = 0; k < values.size(); ++k) {
            if (k)
                line += f.separator;
            f.appendValue(line, values[k]);
        }
        line += '\n';
        load->add(line);
    });
    load->finish();
}

// The side files (the note) once the table is committed: a failure says the table was released all the same.
void writeSideFiles(const std::string& target, std::vector<FileWrite>& sideFiles, unsigned modeMask)
{
    for (FileWrite& f : sideFiles)
        f.modeMask &= modeMask;
    try {
        writeFilesAtomically(sideFiles);
    } catch (const std::exception& e) {
        throw IoError(target + " was released, but its note could not be written: " + e.what());
    }
}

} // namespace

SqlReleaseTable::SqlReleaseTable(const SqlDataSource& source, const std::string& table, bool replace,
                                 std::function<std::string(const StreamReleaseReport&)> comment,
                                 std::vector<std::string> textColumns)
    : m_source(source), m_table(parseTableName(table)), m_replace(replace), m_comment(std::move(comment)),
      m_textColumns(std::move(textColumns))
{
    checkName(m_table);
}

void SqlReleaseTable::checkName(const TableName& table) const
{
    const SqlLocation& from = m_source.source().location();
    if (!from.isQuery() && from.table.parts == table.parts)
        throw InputError("the release cannot be written over its own source table " + table.display() +
                         "; choose another name");
}

void SqlReleaseTable::addTable(CompanionTable table)
{
    Companion c;
    c.name = parseTableName(table.table);
    checkName(c.name);
    if (c.name.parts == m_table.parts)
        throw InputError("the release writes two tables named " + c.name.display() + "; choose other names");
    for (const Companion& other : m_companions)
        if (other.name.parts == c.name.parts)
            throw InputError("the release writes two tables named " + c.name.display() + "; choose other names");
    c.spec = std::move(table);
    m_companions.push_back(std::move(c));
}

SqlReleaseTable::~SqlReleaseTable() = default;

std::string SqlReleaseTable::name() const
{
    return "table " + m_table.display() + " on " + m_source.source().location().server();
}

RecordFormat SqlReleaseTable::format() const
{
    RecordFormat f;
    if (m_source.source().location().engine == SqlEngine::PostgreSQL) {
        // COPY's text format: the server reads it about a third faster than quoted CSV.
        f.appendValue = appendCopyTextValue;
        f.missing = kCopyTextNull;
        f.separator = '\t';
        return f;
    }
    f.appendValue = appendQuotedValue;
    f.missing = ""; // an unquoted empty value: NULL
    return f;
}

bool SqlReleaseTable::hasComments() const
{
    return m_source.source().location().engine == SqlEngine::PostgreSQL;
}

bool SqlReleaseTable::probeExists(const std::string& quoted, const TableName& table)
{
    // A probe that fails means no (a missing permission shows at CREATE).
    try {
        runStatement(m_connection->engine(), "SELECT * FROM " + quoted + " WHERE 1 = 0");
        return true;
    } catch (const EngineError& e) {
        if (e.kind() == EngineError::Kind::ConnectionLost)
            m_connection->fail(e, SqlConnection::Phase::Check, "checking whether " + table.display() + " exists");
    }
    return false;
}

namespace {

std::string foldAscii(std::string s)
{
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

} // namespace

bool SqlReleaseTable::sourceNames(const TableName& table) const
{
    // The engine cannot say which table a name means (ODBC): a table of the same last name, in any case and any
    // schema, that the source names.
    const std::string last = foldAscii(table.parts.back());
    const SqlLocation& from = m_source.source().location();
    if (!from.isQuery())
        return foldAscii(from.table.parts.back()) == last;
    const auto words = queryNames(from.query);
    return std::any_of(words.begin(), words.end(), [&](const QueryWord& w) { return foldAscii(w.text) == last; });
}

bool SqlReleaseTable::checkTarget(const std::string& quoted, const TableName& table,
                                  const std::optional<std::vector<TableKey>>& sources)
{
    const std::string server = m_source.source().location().server();
    std::optional<TargetTable> target;
    try {
        target = m_connection->engine().resolveTable(table);
    } catch (const EngineError& e) {
        m_connection->fail(e, SqlConnection::Phase::Check, "finding table " + table.display());
    }
    if (target && target->temporary)
        throw InputError("table " + table.display() + " is in a temporary schema, which the server empties when the "
                         "release's connection closes; choose a table in a permanent schema");
    bool exists = false;
    if (target && target->existing) {
        exists = true;
        for (const TableKey& read : sources.value_or(std::vector<TableKey>{}))
            if (sameTable(read, *target->existing))
                throw InputError("table " + table.display() + " is " + target->existing->display +
                                 ", which the release's source reads; a release never replaces its own source: "
                                 "choose another name");
    } else if (!target) {
        if (sourceNames(table))
            throw InputError("table " + table.display() + " may be one the release's source reads (over ODBC names "
                             "are compared without case or schema); a release never replaces its own source: "
                             "choose another name");
        exists = probeExists(quoted, table);
    }
    if (exists && !m_replace)
        throw InputError("table " + table.display() + " exists already on " + server +
                         "; choose another name, or replace it (--force; in the dialog: Replace an existing table)");
    if (exists && target && !target->dependents.empty())
        throw InputError("table " + table.display() + " cannot be replaced: " + target->dependents +
                         " depends on it (drop that first, or choose another name)");
    return exists;
}

void SqlReleaseTable::checkCreated(const TableName& table)
{
    // Where the server put the new table: an unqualified name goes to the first schema of the search_path,
    // which can be the temporary one.
    const auto target = m_connection->engine().resolveTable(table);
    if (target && target->temporary)
        throw InputError("table " + table.display() + " went into a temporary schema (the search_path starts with "
                         "pg_temp), which the server empties when the connection closes; name its schema");
}

std::string SqlReleaseTable::prepare()
{
    m_connection = m_source.source().connectForWriting();
    const auto sources = m_source.source().tablesRead();
    const SqlDialect& d = m_connection->dialect();
    auto quote = [&](const TableName& t) {
        std::string out;
        for (const std::string& part : t.parts)
            out += (out.empty() ? "" : ".") + quoteName(d, part);
        return out;
    };
    m_quoted = quote(m_table);
    m_exists = checkTarget(m_quoted, m_table, sources);
    for (Companion& c : m_companions) {
        c.quoted = quote(c.name);
        c.exists = checkTarget(c.quoted, c.name, sources);
    }
    const SqlLocation& location = m_source.source().location();
    if (location.engine == SqlEngine::SQLite) { // the records' temporary space on the database's disk
        const std::filesystem::path parent = std::filesystem::path(location.database).parent_path();
        return parent.empty() ? "." : parent.string();
    }
    return std::filesystem::temp_directory_path().string();
}

std::string SqlReleaseTable::createStatement(const std::string& quoted, const std::vector<ReleasedColumn>& columns,
                                             const std::vector<std::string>& explicitTypes)
{
    const SqlDialect& d = m_connection->dialect();
    EngineConnection& engine = m_connection->engine();
    std::vector<std::string> types; // read when the source was opened: the writing connection runs no query of the user
    for (const SqlColumn& c : m_source.source().columnInfo())
        types.push_back(c.type);
    std::string sql = "CREATE TABLE " + quoted + " (";
    for (std::size_t k = 0; k < columns.size(); ++k) {
        const ReleasedColumn& c = columns[k];
        std::string type = k < explicitTypes.size() ? explicitTypes[k] : "";
        const bool text = std::find(m_textColumns.begin(), m_textColumns.end(), c.name) != m_textColumns.end();
        if (type.empty() && c.sourceColumn && *c.sourceColumn < types.size() && !text)
            type = types[*c.sourceColumn];
        sql += (k ? ", " : "") + quoteName(d, c.name) + " " + (type.empty() ? engine.textType() : type);
    }
    return sql + ")";
}

void SqlReleaseTable::write(const std::vector<ReleasedColumn>& columns, const RecordFeed& records,
                            const StreamReleaseReport& report, std::vector<FileWrite> sideFiles, unsigned modeMask)
{
    if (!m_connection)
        throw InputError("release: the table was not prepared");
    const SqlDialect& d = m_connection->dialect();
    EngineConnection& engine = m_connection->engine();
    std::string step = "starting the transaction";
    auto run = [&](const std::string& sql) { runStatement(engine, sql); };
    try {
        const std::string create = createStatement(m_quoted, columns, {});
        const std::vector<std::string> names = quotedColumnNames(d, columns);
        const RollbackSection rollback; // a signal cancels; this unwinds and rolls back before the process ends
        Transaction transaction(engine);
        transaction.begin();
        if (m_exists) {
            step = "dropping the table " + m_table.display() + " it replaces";
            run("DROP TABLE " + m_quoted);
        }
        step = "creating table " + m_table.display();
        run(create);
        checkCreated(m_table);
        step = "filling table " + m_table.display();
        loadRecords(engine, m_quoted, names, records);
        const RecordFormat f = format();
        for (const Companion& c : m_companions) {
            if (c.exists) {
                step = "dropping the table " + c.name.display() + " it replaces";
                run("DROP TABLE " + c.quoted);
            }
            step = "creating table " + c.name.display();
            run(createStatement(c.quoted, c.spec.columns, c.spec.types));
            checkCreated(c.name);
            step = "filling table " + c.name.display();
            loadCompanionRows(engine, c.quoted, quotedColumnNames(d, c.spec.columns), c.spec, f);
        }
        if (m_comment && hasComments()) {
            step = "writing the note as the table's comment";
            const std::string note = quoteLiteral(m_comment(report), d.engine);
            run("COMMENT ON TABLE " + m_quoted + " IS " + note);
            for (const Companion& c : m_companions)
                run("COMMENT ON TABLE " + c.quoted + " IS " + note);
        }
        step = "committing table " + m_table.display();
        const CommitSection commit;
        transaction.commit();
    } catch (const EngineError& e) {
        m_connection->fail(e, SqlConnection::Phase::Run, step);
    }
    m_connection.reset();
    if (sideFiles.empty())
        return;
    writeSideFiles(name(), sideFiles, modeMask);
}

} // namespace rr::sql
