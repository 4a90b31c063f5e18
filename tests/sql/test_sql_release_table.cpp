// A release written back into the database (core/sources/SqlReleaseTable), through SQLite and, when the test
// server runs (RR_TEST_PG_PORT), PostgreSQL over libpq and ODBC: the table holds exactly the records a CSV
// release from the same seed holds, in the same order, with the source's column types and NULL for missing
// values; an existing table is refused unless replaced; a failure or a cancel leaves no table (and a
// replaced table as it was); the source's own connections still refuse writes.
#include "SqlTestSupport.h"

#include "core/release/StreamRelease.h"
#include "core/sources/SqlConnection.h"
#include "core/sources/SqlDataSource.h"
#include "core/sources/SqlReleaseTable.h"

#include <QCoreApplication>
#include <QTemporaryDir>

using namespace rr;
using namespace rr::sql;
using namespace rr::sqltest;

namespace {

using Rows = std::vector<std::vector<std::string>>;

// The rows of a CSV release, missing as "?".
Rows csvRows(const std::string& path, std::vector<std::string>& header)
{
    const Table t = readCsv({path});
    header.clear();
    for (const Attribute& a : t.attributes)
        header.push_back(a.name);
    Rows out(t.rowCount());
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        for (std::size_t c = 0; c < t.attributes.size(); ++c)
            out[r].push_back(csvValue(t, c, r).value_or("?"));
    return out;
}

// A release plan over the source's columns: education and sex randomized, age (an integer) and workclass (with
// missing values) kept.
ReleasePlan plan(const DataSource& source)
{
    ReleasePlan p;
    p.memoryBudget = 64 << 10; // several buckets for a few thousand records
    const auto summaries = source.describeAttributes({"education", "sex"});
    for (const std::string& name : source.attributeNames()) {
        ColumnRelease c;
        for (const AttributeSummary& a : summaries)
            if (a.name == name) {
                c.action = ColumnRelease::Action::Randomize;
                c.categories = a.categories;
                c.matrix = DistortionMatrix::warner(static_cast<int>(a.categories.size()), 0.7);
            }
        if (name == "age" || name == "workclass")
            c.action = ColumnRelease::Action::Clear;
        p.columns.push_back(std::move(c));
    }
    return p;
}

// One database the tests write releases into and read them back from.
class Database {
public:
    virtual ~Database() = default;
    virtual std::string url() const = 0;
    virtual std::string sourceTable() const = 0;
    virtual Credentials login() const { return {}; }
    // The table's rows in storage order (insertion order of a new table), NULL as "?"; nullopt when there is no
    // such table.
    virtual std::optional<Rows> rows(const std::string& table, const std::vector<std::string>& columns) = 0;
    // Rows of `table` where `column` is NULL.
    virtual std::size_t nulls(const std::string& table, const std::string& column) = 0;
    // The declared type of a column, in lower case.
    virtual std::string columnType(const std::string& table, const std::string& column) = 0;
    virtual void exec(const std::string& sql) = 0;
};

class SqliteDatabase : public Database {
public:
    explicit SqliteDatabase(std::string path) : m_path(std::move(path)) {}
    std::string url() const override { return "sqlite://" + m_path; }
    std::string sourceTable() const override { return "adult"; }
    std::optional<Rows> rows(const std::string& table, const std::vector<std::string>& columns) override
    {
        if (query("SELECT name FROM sqlite_master WHERE name = " + literal(table)).empty())
            return std::nullopt;
        std::string sql = "SELECT ";
        for (std::size_t c = 0; c < columns.size(); ++c)
            sql += (c ? ", " : "") + std::string("COALESCE(CAST(") + quoted(columns[c]) + " AS TEXT), '?')";
        return query(sql + " FROM " + quoted(table) + " ORDER BY rowid");
    }
    std::size_t nulls(const std::string& table, const std::string& column) override
    {
        return std::stoul(
            query("SELECT COUNT(*) FROM " + quoted(table) + " WHERE " + quoted(column) + " IS NULL")[0][0]);
    }
    std::string columnType(const std::string& table, const std::string& column) override
    {
        for (const auto& row : query("SELECT name, lower(type) FROM pragma_table_info(" + literal(table) + ")"))
            if (row[0] == column)
                return row[1];
        return {};
    }
    void exec(const std::string& sql) override { SqliteFixture(m_path).exec(sql); }

private:
    Rows query(const std::string& sql)
    {
        sqlite3* db = nullptr;
        sqlite3_open_v2(m_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
        const std::unique_ptr<sqlite3, int (*)(sqlite3*)> close(db, sqlite3_close_v2);
        sqlite3_stmt* s = nullptr;
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) != SQLITE_OK)
            setupFailed(sqlite3_errmsg(db), sql);
        const std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> finalize(s, sqlite3_finalize);
        Rows out;
        while (sqlite3_step(s) == SQLITE_ROW) {
            out.emplace_back();
            for (int c = 0; c < sqlite3_column_count(s); ++c)
                out.back().emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(s, c)));
        }
        return out;
    }
    std::string m_path;
};

class PostgresDatabase : public Database {
public:
    PostgresDatabase(PgServer server, std::string schema, bool odbc)
        : m_server(std::move(server)), m_schema(std::move(schema)), m_odbc(odbc), m_admin(m_server)
    {}
    std::string url() const override { return m_odbc ? "odbc://" + m_server.dsn : m_server.url(); }
    std::string sourceTable() const override { return m_schema + ".adult"; }
    Credentials login() const override { return {m_server.user, m_server.password}; }
    std::optional<Rows> rows(const std::string& table, const std::vector<std::string>& columns) override
    {
        if (m_admin.rows("SELECT to_regclass(" + literal(m_schema + "." + table) + ") IS NOT NULL")[0][0] != "t")
            return std::nullopt;
        std::string sql = "SELECT ";
        for (std::size_t c = 0; c < columns.size(); ++c)
            sql += (c ? ", " : "") + std::string("COALESCE(CAST(") + quoted(columns[c]) + " AS TEXT), '?')";
        return m_admin.rows(sql + " FROM " + m_schema + "." + quoted(table));
    }
    std::size_t nulls(const std::string& table, const std::string& column) override
    {
        return std::stoul(m_admin.rows("SELECT COUNT(*) FROM " + m_schema + "." + quoted(table) + " WHERE " +
                                       quoted(column) + " IS NULL")[0][0]);
    }
    std::string columnType(const std::string& table, const std::string& column) override
    {
        return m_admin.rows("SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = " +
                            literal(m_schema + "." + table) + "::regclass AND attname = " + literal(column))[0][0];
    }
    void exec(const std::string& sql) override { m_admin.exec(sql); }
    std::string schema() const { return m_schema; }

private:
    PgServer m_server;
    std::string m_schema;
    bool m_odbc;
    AdminConnection m_admin;
};

} // namespace

class TestSqlReleaseTable : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    Table m_adult;
    std::optional<PgServer> m_pg;
    std::string m_schema;
    std::map<QString, std::unique_ptr<Database>> m_databases;

    std::shared_ptr<const SqlDataSource> source(Database& db) const
    {
        return openSqlDataSource(db.url(), db.sourceTable(), "", kMissing, db.login());
    }
    // A table name of this engine's own (libpq and ODBC share a schema).
    static std::string table(const QString& engine, const std::string& name)
    {
        return name + (engine == "SQLite" ? "_sqlite" : engine.endsWith("ODBC") ? "_odbc" : "_libpq");
    }
    // The name qualified the way the database needs it.
    std::string target(const QString& engine, const std::string& name) const
    {
        return engine == "SQLite" ? table(engine, name) : m_schema + "." + table(engine, name);
    }

    void addEngines()
    {
        QTest::addColumn<QString>("engine");
        for (const auto& [name, db] : m_databases)
            QTest::newRow(name.toUtf8().constData()) << name;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Enough records for several buckets, few enough to be quick.
        const Table all = adultRaw();
        m_adult = all;
        for (Attribute& a : m_adult.attributes)
            a.codes.resize(6000);
        const std::string file = m_dir.filePath("release.sqlite").toStdString();
        {
            SqliteFixture db(file);
            loadTable(db, "adult", m_adult, true);
        }
        m_databases["SQLite"] = std::make_unique<SqliteDatabase>(file);
        m_pg = pgServer();
        if (m_pg) {
            m_schema = "rr_rel" + std::to_string(QCoreApplication::applicationPid());
            AdminConnection admin(*m_pg);
            admin.exec("DROP SCHEMA IF EXISTS " + m_schema + " CASCADE");
            admin.exec("CREATE SCHEMA " + m_schema);
            loadTable(admin, m_schema + ".adult", m_adult, false);
            m_databases["PostgreSQL libpq"] = std::make_unique<PostgresDatabase>(*m_pg, m_schema, false);
            m_databases["PostgreSQL ODBC"] = std::make_unique<PostgresDatabase>(*m_pg, m_schema, true);
        } else if (std::getenv("RR_TEST_PG_REQUIRED")) {
            QFAIL("RR_TEST_PG_REQUIRED is set but RR_TEST_PG_PORT is not");
        }
    }

    void cleanupTestCase()
    {
        m_databases.clear();
        if (m_pg && !m_schema.empty())
            AdminConnection(*m_pg).exec("DROP SCHEMA IF EXISTS " + m_schema + " CASCADE");
    }

    // The table is the CSV release of the same seed: same header, same rows in the same order; the kept integer
    // column keeps its type; missing values are NULL; on PostgreSQL the note is the table's comment.
    void tableEqualsCsvRelease_data() { addEngines(); }
    void tableEqualsCsvRelease()
    {
        QFETCH(QString, engine);
        Database& db = *m_databases[engine];
        const auto src = source(db);
        const std::string csv = m_dir.filePath("same-seed-" + engine + ".csv").toStdString();
        RandomSource a = RandomSource::seeded(11), b = RandomSource::seeded(11);
        const StreamReleaseReport fileReport = streamRelease(*src, plan(*src), a, csv, {}, {});
        SqlReleaseTable released(*src, target(engine, "released"), false);
        QVERIFY(!db.rows(table(engine, "released"), {"age"}));
        const StreamReleaseReport tableReport = streamRelease(*src, plan(*src), b, released, {}, {});
        QCOMPARE(tableReport.randomization.rows, fileReport.randomization.rows);
        QCOMPARE(tableReport.randomization.changedValues, fileReport.randomization.changedValues);
        std::vector<std::string> header;
        const Rows expected = csvRows(csv, header);
        QCOMPARE(header, (std::vector<std::string>{"age", "workclass", "education", "sex"}));
        const auto got = db.rows(table(engine, "released"), header);
        QVERIFY(got);
        QCOMPARE(got->size(), std::size_t(6000));
        QVERIFY(*got == expected); // in order, so also as a multiset
        QVERIFY(db.columnType(table(engine, "released"), "age").find("int") != std::string::npos);
        std::size_t missing = 0;
        for (const auto& row : expected)
            missing += row[1] == "?" ? 1 : 0;
        QVERIFY(missing > 0);
        QCOMPARE(db.nulls(table(engine, "released"), "workclass"), missing); // '?' in the CSV, NULL in the table
    }

    // Values that the way to the table must escape arrive as they were: tabs, line ends, backslashes, the texts
    // "\N" and "\." (COPY's NULL and end marker), quotes and commas, an empty text beside a NULL, UTF-8.
    void oddValuesArriveIntact_data() { addEngines(); }
    void oddValuesArriveIntact()
    {
        QFETCH(QString, engine);
        Database& db = *m_databases[engine];
        const std::vector<std::optional<std::string>> values{
            "a\tb", "line\nbreak", "cr\r", "back\\slash", "\\N", "\\.", "", "say \"hi\", ok", "caf\u00e9",
            std::nullopt, "\\\\N\\", "\t"};
        const std::string chr = engine == "SQLite" ? "char" : "chr";
        auto literalOf = [&](const std::optional<std::string>& v) {
            if (!v)
                return std::string("NULL");
            std::string out = "'"; // runs of plain bytes in one literal (UTF-8 stays whole), controls by code
            for (const char c : *v) {
                if (c == '\t' || c == '\n' || c == '\r')
                    out += "' || " + chr + "(" + std::to_string(int(c)) + ") || '";
                else
                    out += std::string(c == '\'' ? 2 : 1, c);
            }
            return out + "'";
        };
        const std::string source = target(engine, "odd_source");
        db.exec("CREATE TABLE " + source + " (id INTEGER, v TEXT)");
        for (std::size_t k = 0; k < values.size(); ++k)
            db.exec("INSERT INTO " + source + " VALUES (" + std::to_string(k) + ", " + literalOf(values[k]) + ")");
        // No missing tokens: only NULL is missing, so the empty text is a value.
        const auto src = openSqlDataSource(db.url(), source, "", {}, db.login());
        ReleasePlan p;
        p.keepOrder = true;
        for (std::size_t c = 0; c < 2; ++c) {
            ColumnRelease col;
            col.action = ColumnRelease::Action::Clear;
            p.columns.push_back(col);
        }
        RandomSource rng = RandomSource::seeded(1);
        SqlReleaseTable released(*src, target(engine, "odd_released"), false);
        streamRelease(*src, p, rng, released, {}, {});
        const auto got = db.rows(table(engine, "odd_released"), {"id", "v"});
        QVERIFY(got);
        QCOMPARE(got->size(), values.size());
        for (std::size_t k = 0; k < values.size(); ++k) {
            QCOMPARE((*got)[k][0], std::to_string(k));
            QCOMPARE((*got)[k][1], values[k].value_or("?")); // NULL read back as '?'
        }
        QCOMPARE(db.nulls(table(engine, "odd_released"), "v"), std::size_t(1));
    }

    // A companion table (anatomy's sensitive table) is written in the same transaction: both tables after
    // success, with the explicit integer type; neither when the companion's rows fail; an existing companion
    // refuses the release before the main table is made.
    void companionTableAllOrNothing_data() { addEngines(); }
    void companionTableAllOrNothing()
    {
        QFETCH(QString, engine);
        Database& db = *m_databases[engine];
        const auto src = source(db);
        auto companion = [&](const std::string& name, bool fail) {
            CompanionTable t;
            t.table = target(engine, name);
            t.columns = {{"group", std::nullopt}, {"label", std::nullopt}};
            t.types = {"INTEGER", ""};
            t.rows = [fail](const std::function<void(const std::vector<std::string>&)>& row) {
                for (int g = 1; g <= 50; ++g) {
                    if (fail && g == 30)
                        throw IoError("the sensitive table failed (simulated)");
                    row({std::to_string(g), "g\t" + std::to_string(g)});
                }
            };
            return t;
        };
        RandomSource rng = RandomSource::seeded(2);
        {
            SqlReleaseTable main(*src, target(engine, "with_companion"), false);
            main.addTable(companion("companion", false));
            streamRelease(*src, plan(*src), rng, main, {}, {});
        }
        QCOMPARE(db.rows(table(engine, "with_companion"), {"age"})->size(), std::size_t(6000));
        const auto rows = db.rows(table(engine, "companion"), {"group", "label"});
        QVERIFY(rows);
        QCOMPARE(rows->size(), std::size_t(50));
        QCOMPARE((*rows)[49], (std::vector<std::string>{"50", "g\t50"}));
        QVERIFY(db.columnType(table(engine, "companion"), "group").find("int") != std::string::npos);

        const std::string failed = errorOf<IoError>([&] {
            SqlReleaseTable main(*src, target(engine, "main_failed"), false);
            main.addTable(companion("companion_failed", true));
            streamRelease(*src, plan(*src), rng, main, {}, {});
        });
        QVERIFY2(failed.find("simulated") != std::string::npos, failed.c_str());
        QVERIFY(!db.rows(table(engine, "main_failed"), {"age"}));
        QVERIFY(!db.rows(table(engine, "companion_failed"), {"group"}));

        const std::string exists = errorOf<InputError>([&] {
            SqlReleaseTable main(*src, target(engine, "main_refused"), false);
            main.addTable(companion("companion", false)); // there from the first release
            streamRelease(*src, plan(*src), rng, main, {}, {});
        });
        QVERIFY2(exists.find("exists already") != std::string::npos, exists.c_str());
        QVERIFY(!db.rows(table(engine, "main_refused"), {"age"}));
        const std::string twice = errorOf<InputError>([&] {
            SqlReleaseTable main(*src, target(engine, "same"), false);
            main.addTable(companion("same", false));
        });
        QVERIFY2(twice.find("two tables named") != std::string::npos, twice.c_str());
    }

    // An existing table is refused unless replaced; replacing happens in the transaction.
    void existingTable_data() { addEngines(); }
    void existingTable()
    {
        QFETCH(QString, engine);
        Database& db = *m_databases[engine];
        const auto src = source(db);
        const std::string name = table(engine, "existing");
        db.exec("CREATE TABLE " + target(engine, "existing") + " (x INTEGER)");
        db.exec("INSERT INTO " + target(engine, "existing") + " VALUES (1)");
        RandomSource rng = RandomSource::seeded(3);
        const std::string refused = errorOf<InputError>([&] {
            SqlReleaseTable table(*src, target(engine, "existing"), false);
            streamRelease(*src, plan(*src), rng, table, {}, {});
        });
        QVERIFY2(refused.find("exists already") != std::string::npos && refused.find(name) != std::string::npos,
                 refused.c_str());
        QCOMPARE(db.rows(name, {"x"})->size(), std::size_t(1));
        // A replacement that fails keeps the old table.
        const std::string failed = errorOf<IoError>([&] {
            SqlReleaseTable table(*src, target(engine, "existing"), true);
            streamRelease(*src, plan(*src), rng, table,
                          [](const StreamReleaseReport&) {}, {}, [](double f) {
                              if (f > 0.75)
                                  throw IoError("the disk is full (simulated)");
                              return true;
                          });
        });
        QVERIFY2(failed.find("simulated") != std::string::npos, failed.c_str());
        QCOMPARE(db.rows(name, {"x"})->size(), std::size_t(1));
        SqlReleaseTable table(*src, target(engine, "existing"), true);
        streamRelease(*src, plan(*src), rng, table, {}, {});
        QCOMPARE(db.rows(name, {"age", "workclass", "education", "sex"})->size(), std::size_t(6000));
    }

    // Cancel while the table is being filled: Cancelled, and no table.
    void cancelLeavesNoTable_data() { addEngines(); }
    void cancelLeavesNoTable()
    {
        QFETCH(QString, engine);
        Database& db = *m_databases[engine];
        const auto src = source(db);
        RandomSource rng = RandomSource::seeded(5);
        SqlReleaseTable cancelled(*src, target(engine, "cancelled"), false);
        bool filling = false;
        const std::string why = errorOf<Cancelled>([&] {
            streamRelease(*src, plan(*src), rng, cancelled, {}, {}, [&](double f) {
                filling = filling || f > 0.5;
                return f < 0.8;
            });
        });
        QVERIFY2(why.find("cancel") != std::string::npos, why.c_str());
        QVERIFY(filling);
        QVERIFY(!db.rows(table(engine, "cancelled"), {"age"}));
    }

    // The release never writes over its own source, and the source's connections stay read only.
    void sourceStaysReadOnly_data() { addEngines(); }
    void sourceStaysReadOnly()
    {
        QFETCH(QString, engine);
        Database& db = *m_databases[engine];
        const auto src = source(db);
        const std::string own = errorOf<InputError>([&] { SqlReleaseTable(*src, db.sourceTable(), true); });
        QVERIFY2(own.find("own source") != std::string::npos, own.c_str());
        const SqlLocation location = parseSqlLocation(db.url(), db.sourceTable(), "");
        SqlConnection reader(location, db.login());
        const std::string refused = errorOf<IoError>([&] {
            SqlQuery q = reader.exec("CREATE TABLE " + target(engine, "through_reader") + " (x INTEGER)",
                                     SqlConnection::Phase::Run, "writing through a read-only connection");
            while (q.next()) {
            }
        });
        QVERIFY2(refused.find("read") != std::string::npos, refused.c_str()); // read-only, readonly
        QVERIFY(!db.rows(table(engine, "through_reader"), {"x"}));
    }
};

QTEST_GUILESS_MAIN(TestSqlReleaseTable)
#include "test_sql_release_table.moc"
