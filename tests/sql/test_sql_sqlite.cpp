// core/sources on SQLite (embedded; no server): the Adult sample in a temporary file, with missing values stored
// as NULL, gives the CSV path's counts, risk and optimum; describe, paging, records, a query source;
// limits, cancel, calls from several threads, and the errors a user can make.
#include "SqlConformance.h"

#include "core/sources/SqlConnection.h"

#include <QTemporaryDir>

#include <atomic>
#include <thread>

using namespace rr;
using namespace rr::sql;
using namespace rr::sqltest;

class TestSqlSqlite : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string m_file;
    std::unique_ptr<AdultReference> m_ref;
    const std::string m_table = "main.\"Adult Data\"";

    SqlSource open(const SqlLimits& limits = {}) const
    {
        return SqlSource::open(parseSqlLocation("sqlite://" + m_file, m_table, ""), {}, {}, limits);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_file = m_dir.filePath("adult db.sqlite").toStdString();
        m_ref = std::make_unique<AdultReference>();
        {
            SqliteFixture db(m_file);
            loadTable(db, "\"Adult Data\"", m_ref->raw, true);
            db.exec("CREATE TABLE other (x INTEGER)");
        }
    }

    void emgrwEqualsCsv()
    {
        const SqlSource s = open();
        QCOMPARE(s.columns().size(), std::size_t(15));
        const PreparedTable t = s.aggregate(kEmgrw, MissingPolicy::DropIncomplete, kMissing);
        checkEmgrwCounts(t, *m_ref);
        if (QTest::currentTestFailed())
            return;
        checkEmgrwRiskAndOptimum(t, *m_ref);
    }
    void describeEqualsCsv() { checkDescribe(open(), *m_ref); }
    void paging() { checkPaging(open(), *m_ref, true, true); }
    void recordsEqualCsv() { checkRecords(open(), *m_ref); }
    void scanEqualsCsv() { checkScan(open(), *m_ref); }
    void dropIfUsedMissing() { checkDropIfUsedMissing(open(), *m_ref); }
    void querySource()
    {
        checkQuerySource(parseSqlLocation("sqlite://" + m_file, m_table, ""), {}, "\"Adult Data\"", *m_ref);
    }

    // The URL's percent-encoding reaches the file (its name has a space), and a relative sqlite: URL works.
    void urlForms()
    {
        QString encoded = QString::fromStdString(m_file).replace(" ", "%20");
        const SqlSource s = SqlSource::open(parseSqlLocation("sqlite://" + encoded.toStdString(), "other", ""));
        QVERIFY(s.columns() == std::vector<std::string>{"x"});
        QCOMPARE(s.rowCount(), std::size_t(0));
        QVERIFY(s.location().url().find("%20") != std::string::npos);
        // SQLite names a repeated column of a query apart ("x:1"); PostgreSQL does not (test_sql_postgres).
        const SqlSource twice =
            SqlSource::open(parseSqlLocation("sqlite://" + encoded.toStdString(), "", "SELECT x, x FROM other"));
        QVERIFY(twice.columns() == (std::vector<std::string>{"x", "x:1"}));
        const QString cwd = QDir::currentPath();
        QDir::setCurrent(m_dir.path());
        const std::string relative =
            errorOf<InputError>([] { SqlSource::open(parseSqlLocation("sqlite:adult%20db.sqlite", "other", "")); });
        QDir::setCurrent(cwd);
        QCOMPARE(relative, std::string("NO EXCEPTION"));
    }

    // A missing-value token in the data and NULL are both missing; tokens change what is dropped.
    void missingTokens()
    {
        const SqlSource s = open();
        // No tokens: only NULL is missing (the file stores Adult's '?' as NULL), same counts.
        const PreparedTable t = s.aggregate(kEmgrw, MissingPolicy::DropIncomplete, {});
        QCOMPARE(t.droppedRows, std::size_t(3620));
        // 'Male' as a token drops every male record too.
        const PreparedTable f = s.aggregate({"sex"}, MissingPolicy::DropIfUsedMissing, {"Male"});
        QVERIFY(f.categories[0] == std::vector<std::string>{"Female"});
        QCOMPARE(f.records, 16192.0);
        QCOMPARE(f.droppedRows, std::size_t(32650));
    }

    void limits()
    {
        SqlLimits few;
        few.maxCategories = 10;
        const std::string cats =
            errorOf<InputError>([&] { open(few).aggregate(kEmgrw, MissingPolicy::DropIncomplete, kMissing); });
        QVERIFY2(cats.find("attribute 'education' has more than 10 distinct values") != std::string::npos,
                 cats.c_str());
        const std::string described = errorOf<InputError>([&] { open(few).describe({"age"}, kMissing); });
        QVERIFY2(described.find("'age' has more than 10") != std::string::npos, described.c_str());
        SqlLimits cells;
        cells.maxCells = 100; // education x marital-status has 112 cells
        const std::string over = errorOf<InputError>([&] {
            open(cells).aggregate({"education", "marital-status"}, MissingPolicy::DropIncomplete, kMissing);
        });
        QVERIFY2(over.find("over the limit of 100 cells") != std::string::npos, over.c_str());
        SqlLimits page;
        page.maxPageRows = 50;
        QVERIFY(errorOf<InputError>([&] { open(page).rows(0, 51); }).find("1 to 50 rows") != std::string::npos);
    }

    // progress is called with the rows fetched; returning false stops between rows.
    void cancel()
    {
        const SqlSource s = open();
        std::vector<std::size_t> seen;
        s.records(kEmgrw, MissingPolicy::DropIncomplete, kMissing, 100000, [&](std::size_t n) {
            seen.push_back(n);
            return true;
        });
        QVERIFY(seen.size() > 40);
        QCOMPARE(seen.front(), std::size_t(0));
        QCOMPARE(seen.back(), std::size_t(45222));
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        std::size_t calls = 0;
        const std::string stopped = errorOf<SqlCancelled>([&] {
            s.records(kEmgrw, MissingPolicy::DropIncomplete, kMissing, 100000, [&](std::size_t n) {
                ++calls;
                return n < 2048;
            });
        });
        QCOMPARE(stopped, std::string("reading from the database was cancelled"));
        QCOMPARE(calls, std::size_t(3)); // 0, 1024, 2048
        QCOMPARE(errorOf<SqlCancelled>([&] {
                     s.aggregate(kEmgrw, MissingPolicy::DropIncomplete, kMissing, [](std::size_t) { return false; });
                 }),
                 std::string("reading from the database was cancelled"));
    }

    // One SqlSource used from several threads at once: each call has its own connection.
    void threads()
    {
        const SqlSource s = open();
        std::atomic<int> equal{0};
        std::vector<std::thread> pool;
        for (int i = 0; i < 4; ++i)
            pool.emplace_back([&] {
                const PreparedTable t = s.aggregate(kEmgrw, MissingPolicy::DropIncomplete, kMissing);
                std::string why;
                if (sameCounts(t, *m_ref->emgrw, why))
                    ++equal;
            });
        for (auto& t : pool)
            t.join();
        QCOMPARE(equal.load(), 4);
        // A moved source works the same.
        SqlSource moved = std::move(const_cast<SqlSource&>(s));
        QCOMPARE(moved.rowCount(), std::size_t(48842));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("expected");
        const QString file = QString::fromStdString(m_file);
        QTest::newRow("no file") << "sqlite:///no/such/file.db"
                                 << "t"
                                 << ""
                                 << "no SQLite file '/no/such/file.db'";
        QTest::newRow("no table") << "sqlite://" + file << "adults"
                                  << ""
                                  << "reading table adults failed on SQLite file";
        QTest::newRow("no table, named") << "sqlite://" + file << "adults"
                                         << ""
                                         << "no such table: adults";
        QTest::newRow("bad query") << "sqlite://" + file << ""
                                   << "SELECT nope FROM other"
                                   << "reading the query's columns failed";
    }
    void errors()
    {
        QFETCH(QString, url);
        QFETCH(QString, table);
        QFETCH(QString, query);
        QFETCH(QString, expected);
        const std::string message = errorOf<InputError>(
            [&] { SqlSource::open(parseSqlLocation(url.toStdString(), table.toStdString(), query.toStdString())); });
        QVERIFY2(message.find(expected.toStdString()) != std::string::npos, message.c_str());
    }

    void unknownAttributes()
    {
        const SqlSource s = open();
        QVERIFY(errorOf<InputError>([&] {
                    s.aggregate({"Education"}, MissingPolicy::DropIncomplete, kMissing);
                }).find("unknown attribute 'Education' (the source has: age, workclass") != std::string::npos);
        QVERIFY(errorOf<InputError>([&] {
                    s.aggregate({"sex", "sex"}, MissingPolicy::DropIncomplete, kMissing);
                }).find("listed twice") != std::string::npos);
        QVERIFY(errorOf<InputError>([&] {
                    s.aggregate({}, MissingPolicy::DropIncomplete, kMissing);
                }).find("at least one attribute") != std::string::npos);
        QVERIFY(errorOf<InputError>([&] { s.describe({"nope"}, kMissing); }).find("unknown attribute 'nope'") !=
                std::string::npos);
    }

    // A scan stops when its progress says so, with the DataSource's Cancelled.
    void scanCancel()
    {
        const SqlDataSource source(open(), kMissing);
        RecordScan scan;
        std::size_t chunks = 0;
        scan.map = [](const RecordChunk&) { return std::make_unique<ChunkResult>(); };
        scan.reduce = [&](ChunkResult&) { ++chunks; };
        std::size_t calls = 0;
        const std::string stopped =
            errorOf<Cancelled>([&] { source.scanRecords(scan, [&](double) { return ++calls < 3; }); });
        QCOMPARE(stopped, std::string("reading from the database was cancelled"));
        QCOMPARE(calls, std::size_t(3)); // 0, 1024, 2048 rows: stopped before the first chunk of 4,096
        QCOMPARE(chunks, std::size_t(0));
    }

    // The source's connection is read only: a write through it is refused and changes nothing.
    void connectionIsReadOnly()
    {
        const SqlLocation where = parseSqlLocation("sqlite://" + m_file, "other", "");
        for (const char* write : {"INSERT INTO other VALUES (1)", "CREATE TABLE written (x INTEGER)"}) {
            const std::string message = errorOf<std::runtime_error>([&] {
                SqlConnection c(where, {});
                SqlQuery q = c.exec(write, SqlConnection::Phase::Run, "writing");
                while (q.next()) {
                }
            });
            QVERIFY2(message.find("attempt to write a readonly database") != std::string::npos, message.c_str());
        }
        QCOMPARE(SqlSource::open(where).rowCount(), std::size_t(0));
    }

    // A query that ends its statement under SQLite's rules (flat comments, no $$ or E'' quotes, [names])
    // is refused before it is sent, and the engine runs one statement only even on the writable connection
    // (issue 24.5); the table the attacks aim at is still there after each.
    void oneStatementOnly()
    {
        const std::string file = m_dir.filePath("attacked.sqlite").toStdString();
        {
            SqliteFixture db(file);
            db.exec("CREATE TABLE t (sex TEXT); INSERT INTO t VALUES ('F'), ('M'); CREATE TABLE x (y INTEGER); "
                    "INSERT INTO x VALUES (7)");
        }
        const std::string url = "sqlite://" + file;
        const auto xRows = [&] { return SqlSource::open(parseSqlLocation(url, "x", "")).rowCount(); };
        for (const char* attack : {"SELECT sex FROM t /* /* */ ) AS src; DROP TABLE x; -- */",
                                   "SELECT sex FROM t WHERE sex <> E'\\' ) AS src; DROP TABLE x; --'",
                                   "SELECT sex FROM t WHERE sex <> $$ ) AS src; DROP TABLE x; -- $$",
                                   "SELECT [sex'] FROM t; DROP TABLE x; --']"}) {
            const std::string message =
                errorOf<InputError>([&] { SqlSource::open(parseSqlLocation(url, "", attack)); });
            QVERIFY2(message.rfind("the query ", 0) == 0, (attack + (" -> " + message)).c_str());
            QCOMPARE(xRows(), std::size_t(1));
        }
        // The engine itself: a second statement is refused, not skipped, on the connection that may write.
        const SqlLocation where = parseSqlLocation(url, "x", "");
        for (const char* twice : {"SELECT 1; DROP TABLE x", "SELECT 1 /* */; DELETE FROM x; -- end"}) {
            const std::string message = errorOf<InputError>([&] {
                SqlConnection c(where, {}, Access::Write);
                SqlQuery q = c.exec(twice, SqlConnection::Phase::Check, "running");
                while (q.next()) {
                }
            });
            QVERIFY2(message.find("more than one statement") != std::string::npos, message.c_str());
        }
        QCOMPARE(xRows(), std::size_t(1));
        // One statement with trailing ';', spaces and comments still runs.
        SqlConnection c(where, {}, Access::Write);
        SqlQuery q = c.exec("SELECT y FROM x; -- done\n ;", SqlConnection::Phase::Check, "running");
        QVERIFY(q.next());
        QCOMPARE(q.text(0), std::string("7"));
    }

    // The file is opened read only: a missing file is an error, never created.
    void readOnly()
    {
        const std::string path = m_dir.filePath("absent.db").toStdString();
        errorOf<InputError>([&] { SqlSource::open(parseSqlLocation("sqlite://" + path, "t", "")); });
        QVERIFY(!QFile::exists(QString::fromStdString(path)));
    }
};

QTEST_GUILESS_MAIN(TestSqlSqlite)
#include "test_sql_sqlite.moc"
