// core/sources against a real PostgreSQL 15 server (scripts/pg-test-server.sh, started by scripts/test.sh),
// through libpq and through ODBC (the PostgreSQL Unicode driver of
// odbc-postgresql, via unixODBC): the Adult sample with '?' stored as text gives the CSV path's counts,
// risk and optimum; describe, paging, records, the streamed scan, a query source; connections that refuse
// writes; and clear errors for a wrong port, a
// wrong password, a missing table, no permission, and the connection dropped mid-query.
// Skipped when RR_TEST_PG_PORT is unset (a plain ctest); scripts/test.sh always sets it.
#include "SqlConformance.h"

#include "core/sources/SqlConnection.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <atomic>
#include <chrono>
#include <thread>

using namespace rr;
using namespace rr::sql;
using namespace rr::sqltest;

class TestSqlPostgres : public QObject {
    Q_OBJECT
    std::optional<PgServer> m_pg;
    std::unique_ptr<AdultReference> m_ref;
    std::string m_schema;      // one per run, dropped at the end
    std::string m_tableArg;    // as a user types it: schema."Adult Data"
    std::string m_quotedTable; // as SQL needs it

    Credentials login() const { return {m_pg->user, m_pg->password}; }

    SqlLocation location(const QString& driver, const std::string& table, const std::string& query = {}) const
    {
        if (driver == "libpq")
            return parseSqlLocation(m_pg->url(), table, query);
        return parseSqlLocation("odbc://" + m_pg->dsn, table, query);
    }
    SqlSource open(const QString& driver) const { return SqlSource::open(location(driver, m_tableArg), login()); }

    static void addDrivers()
    {
        QTest::addColumn<QString>("driver");
        QTest::newRow("libpq") << "libpq";
        QTest::newRow("ODBC") << "ODBC";
    }

private slots:
    void initTestCase()
    {
        m_pg = pgServer();
        if (!m_pg) {
            if (std::getenv("RR_TEST_PG_REQUIRED"))
                QFAIL("RR_TEST_PG_REQUIRED is set but RR_TEST_PG_PORT is not: the test server did not start");
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server (run scripts/test.sh, or "
                  "scripts/pg-test-server.sh start DIR PORT and source DIR/env.sh)");
        }
        m_ref = std::make_unique<AdultReference>();
        m_schema = "rr_t" + std::to_string(QCoreApplication::applicationPid());
        m_tableArg = m_schema + ".\"Adult Data\"";
        m_quotedTable = "\"" + m_schema + "\".\"Adult Data\"";
        AdminConnection admin(*m_pg);
        admin.exec("DROP SCHEMA IF EXISTS \"" + m_schema + "\" CASCADE");
        admin.exec("CREATE SCHEMA \"" + m_schema + "\"");
        loadTable(admin, m_quotedTable, m_ref->raw, false);
        admin.exec("ANALYZE " + m_quotedTable);
        // A table its owner may not read, for the permission error.
        admin.exec("CREATE TABLE \"" + m_schema + "\".secret (x integer)");
        admin.exec("REVOKE ALL ON \"" + m_schema + "\".secret FROM " + m_pg->user);
    }

    void cleanupTestCase()
    {
        if (!m_pg || m_schema.empty())
            return;
        AdminConnection admin(*m_pg);
        admin.exec("DROP SCHEMA IF EXISTS \"" + m_schema + "\" CASCADE");
    }

    void emgrwEqualsCsv_data() { addDrivers(); }
    void emgrwEqualsCsv()
    {
        QFETCH(QString, driver);
        const SqlSource s = open(driver);
        QCOMPARE(s.columns().size(), std::size_t(15));
        const PreparedTable t = s.aggregate(kEmgrw, MissingPolicy::DropIncomplete, kMissing);
        checkEmgrwCounts(t, *m_ref);
        if (QTest::currentTestFailed())
            return;
        checkEmgrwRiskAndOptimum(t, *m_ref);
    }

    void describeEqualsCsv_data() { addDrivers(); }
    void describeEqualsCsv()
    {
        QFETCH(QString, driver);
        checkDescribe(open(driver), *m_ref);
    }

    void paging_data() { addDrivers(); }
    void paging()
    {
        QFETCH(QString, driver);
        checkPaging(open(driver), *m_ref, false, false);
    }

    void recordsEqualCsv_data() { addDrivers(); }
    void recordsEqualCsv()
    {
        QFETCH(QString, driver);
        checkRecords(open(driver), *m_ref);
    }

    void scanEqualsCsv_data() { addDrivers(); }
    void scanEqualsCsv()
    {
        QFETCH(QString, driver);
        checkScan(open(driver), *m_ref);
    }

    // The source's connection is read only: a write through it is refused and changes nothing.
    void connectionIsReadOnly_data() { addDrivers(); }
    void connectionIsReadOnly()
    {
        QFETCH(QString, driver);
        const SqlLocation where = location(driver, m_schema + ".secret");
        const std::string table = "\"" + m_schema + "\".written";
        for (const std::string& write : {"CREATE TABLE " + table + " (x integer)", std::string("CREATE SCHEMA rr_written")}) {
            const std::string message = errorOf<std::runtime_error>([&] {
                SqlConnection c(where, login());
                SqlQuery q = c.exec(write, SqlConnection::Phase::Run, "writing");
                while (q.next()) {
                }
            });
            QVERIFY2(message.find("read-only transaction") != std::string::npos, message.c_str());
        }
        AdminConnection admin(*m_pg);
        QCOMPARE(admin.rows("SELECT count(*) FROM pg_tables WHERE schemaname = '" + m_schema +
                            "' AND tablename = 'written'")[0][0],
                 std::string("0"));
    }

    void dropIfUsedMissing_data() { addDrivers(); }
    void dropIfUsedMissing()
    {
        QFETCH(QString, driver);
        checkDropIfUsedMissing(open(driver), *m_ref);
    }

    void querySource_data() { addDrivers(); }
    void querySource()
    {
        QFETCH(QString, driver);
        checkQuerySource(location(driver, m_tableArg), login(), m_quotedTable, *m_ref);
    }

    // The password given in a connection string reaches the driver but no message.
    void odbcConnectionString()
    {
        const std::string base = "odbc:///?Driver={PostgreSQL Unicode};Server=" + m_pg->host +
                                 ";Port=" + std::to_string(m_pg->port) + ";Database=" + m_pg->database +
                                 ";UID=" + m_pg->user;
        const SqlSource s = SqlSource::open(parseSqlLocation(base + ";PWD=" + m_pg->password, m_tableArg, ""));
        QCOMPARE(s.rowCount(), std::size_t(48842));
        QVERIFY(s.location().url().find(m_pg->password) == std::string::npos);
        QVERIFY(s.description().find(m_pg->password) == std::string::npos);
        const std::string wrong = errorOf<InputError>(
            [&] { SqlSource::open(parseSqlLocation(base + ";PWD=wrong-secret-4711", m_tableArg, "")); });
        QVERIFY2(wrong.find("could not connect to ODBC connection") != std::string::npos, wrong.c_str());
        QVERIFY2(wrong.find("wrong-secret-4711") == std::string::npos, wrong.c_str());
    }

    // Nothing listens on port 1: connection refused, said plainly with the server named.
    void wrongPort_data() { addDrivers(); }
    void wrongPort()
    {
        QFETCH(QString, driver);
        const std::string url =
            driver == "libpq"
                ? "postgresql://" + m_pg->user + ":" + m_pg->password + "@127.0.0.1:1/" + m_pg->database
                : "odbc:///?Driver={PostgreSQL Unicode};Server=127.0.0.1;Port=1;Database=" + m_pg->database +
                      ";UID=" + m_pg->user + ";PWD=" + m_pg->password;
        const std::string message = errorOf<InputError>([&] { SqlSource::open(parseSqlLocation(url, "t", "")); });
        QVERIFY2(message.rfind("could not connect to ", 0) == 0, message.c_str());
        QVERIFY2(driver != "libpq" || message.find("PostgreSQL server 127.0.0.1:1, database") != std::string::npos,
                 message.c_str());
        QVERIFY2(QString::fromStdString(message).contains("refused", Qt::CaseInsensitive), message.c_str());
        QVERIFY2(message.find(m_pg->password) == std::string::npos, message.c_str());
    }

    void wrongPassword_data() { addDrivers(); }
    void wrongPassword()
    {
        QFETCH(QString, driver);
        const std::string message = errorOf<InputError>([&] {
            SqlSource::open(location(driver, m_tableArg), Credentials{m_pg->user, "not-the-password-93"});
        });
        QVERIFY2(message.find("password authentication failed for user \"rr_test\"") != std::string::npos,
                 message.c_str());
        QVERIFY2(message.find("not-the-password-93") == std::string::npos, message.c_str());
        QVERIFY2(message.find(m_pg->password) == std::string::npos, message.c_str());
    }

    // A refused login asks the prompt again (the GUI's dialog); giving up is an InputError.
    void prompt()
    {
        const SqlLocation loc = location("libpq", m_tableArg); // the URL has no password
        QVERIFY(loc.credentials.password.empty());
        std::vector<std::string> problems;
        const SqlSource s = SqlSource::open(loc, {}, [&](const std::string& server, const std::string& problem) {
            problems.push_back(server + " | " + problem);
            return std::optional<Credentials>(
                Credentials{"", problems.size() == 1 ? std::string("wrong-one-5521") : m_pg->password});
        });
        QCOMPARE(problems.size(), std::size_t(2));
        QVERIFY2(problems[0].find("no password supplied") != std::string::npos, problems[0].c_str());
        QVERIFY2(problems[1].find("password authentication failed") != std::string::npos, problems[1].c_str());
        QVERIFY(problems[1].find("wrong-one-5521") == std::string::npos);
        QCOMPARE(s.rowCount(), std::size_t(48842));
        QVERIFY(s.location().url().find(m_pg->password) == std::string::npos);
        const std::string gaveUp = errorOf<InputError>([&] {
            SqlSource::open(loc, {},
                            [](const std::string&, const std::string&) { return std::optional<Credentials>(); });
        });
        QVERIFY2(gaveUp.find("no password given for PostgreSQL server") != std::string::npos, gaveUp.c_str());
        // A password that was given and refused is reported as refused, not as missing (issue 24.13).
        const std::string refused = errorOf<InputError>([&] {
            SqlSource::open(loc, Credentials{"", "wrong-two-7731"},
                            [](const std::string&, const std::string&) { return std::optional<Credentials>(); });
        });
        QVERIFY2(refused.find("password authentication failed for user \"" + m_pg->user + "\"") != std::string::npos,
                 refused.c_str());
        QVERIFY2(refused.find("no password given") == std::string::npos, refused.c_str());
        QVERIFY(refused.find("wrong-two-7731") == std::string::npos);
    }

    void missingTable_data() { addDrivers(); }
    void missingTable()
    {
        QFETCH(QString, driver);
        const std::string message =
            errorOf<InputError>([&] { SqlSource::open(location(driver, m_schema + ".adults"), login()); });
        QVERIFY2(message.find("reading table " + m_schema + ".adults failed on ") != std::string::npos,
                 message.c_str());
        QVERIFY2(message.find("relation \"" + m_schema + ".adults\" does not exist") != std::string::npos,
                 message.c_str());
        // Names are taken as written: PostgreSQL folds unquoted names to lower case, the URL's table does not.
        const std::string folded =
            errorOf<InputError>([&] { SqlSource::open(location(driver, m_schema + ".\"adult data\""), login()); });
        QVERIFY2(folded.find("does not exist") != std::string::npos, folded.c_str());
    }

    // A query that turns the session's read-only default off for the statements after it (issue 42.2), run
    // three times on one connection as a job once ran it, with the query checker bypassed: every statement's
    // transaction is READ ONLY whatever the session's default says (libpq: BEGIN READ ONLY, rolled back, the
    // session reset; ODBC: the read-only session statement before each statement), so the sequence is never
    // written. The role is an ordinary one.
    void readOnlyAfterSetConfig_data() { addDrivers(); }
    void readOnlyAfterSetConfig()
    {
        QFETCH(QString, driver);
        AdminConnection admin(*m_pg);
        QCOMPARE(admin.rows("SELECT rolsuper::text FROM pg_roles WHERE rolname = current_user")[0][0],
                 std::string("false"));
        const std::string seq = "\"" + m_schema + "\".s1";
        admin.exec("DROP SEQUENCE IF EXISTS " + seq);
        admin.exec("CREATE SEQUENCE " + seq);
        const std::string query = "SELECT set_config('default_transaction_read_only','off',false) AS a, CASE WHEN "
                                  "current_setting('transaction_read_only')='off' THEN setval('" + seq +
                                  "',4242)::text END AS b, sex FROM " + m_quotedTable;
        SqlConnection c(location(driver, m_schema + ".secret"), login());
        for (int run = 0; run < 3; ++run) {
            SqlQuery q = c.exec(query, SqlConnection::Phase::Run, "the issue's query");
            std::size_t rows = 0;
            while (q.next()) {
                QVERIFY2(q.isNull(1), ("run " + std::to_string(run) + ": setval ran").c_str());
                ++rows;
            }
            QCOMPARE(rows, std::size_t(48842));
        }
        QCOMPARE(admin.rows("SELECT last_value::text || ' ' || is_called::text FROM " + seq)[0][0],
                 std::string("1 false"));
        // Nor can a statement write by itself after it.
        const std::string message = errorOf<std::runtime_error>([&] {
            SqlQuery q = c.exec("SELECT setval('" + seq + "', 7)", SqlConnection::Phase::Run, "setval");
            while (q.next()) {
            }
        });
        QVERIFY2(message.find("read-only transaction") != std::string::npos, message.c_str());
    }

    // What a statement leaves in the session is gone before the next (libpq): an advisory lock it took is
    // free for another session, a setting it made is back to the session's own.
    void sessionResetAfterEachStatement()
    {
        SqlConnection c(location("libpq", m_schema + ".secret"), login());
        auto run = [&](const std::string& sql) {
            SqlQuery q = c.exec(sql, SqlConnection::Phase::Run, "a statement");
            std::string first;
            while (q.next())
                first = first.empty() ? q.text(0) : first;
            return first;
        };
        QCOMPARE(run("SELECT 'x' FROM (SELECT pg_advisory_lock(4242)) AS l"), std::string("x"));
        AdminConnection other(*m_pg);
        QCOMPARE(other.rows("SELECT pg_try_advisory_lock(4242)::text")[0][0], std::string("true"));
        other.exec("SELECT pg_advisory_unlock(4242)");
        QCOMPARE(run("SELECT set_config('search_path', 'nowhere', false)"), std::string("nowhere"));
        QVERIFY(run("SELECT current_setting('search_path')") != "nowhere");
        QCOMPARE(run("SELECT current_setting('transaction_read_only')"), std::string("on"));
    }

    void permission_data() { addDrivers(); }
    void permission()
    {
        QFETCH(QString, driver);
        const std::string message =
            errorOf<InputError>([&] { SqlSource::open(location(driver, m_schema + ".secret"), login()); });
        QVERIFY2(message.find("permission denied for table secret") != std::string::npos, message.c_str());
    }

    // Both drivers' connections are read only at the server, so neither carries a warning (issue 24.4).
    void noReadOnlyWarning_data() { addDrivers(); }
    void noReadOnlyWarning()
    {
        QFETCH(QString, driver);
        QVERIFY(open(driver).warnings().empty());
    }

    // PostgreSQL's rules (nested comments, $$ quotes) read the attack as one statement, and the query goes
    // through the extended protocol, which runs one statement only: a second statement is refused even on
    // the connection that may write, and the table is unchanged (issue 24.5).
    void oneStatementOnly()
    {
        AdminConnection admin(*m_pg);
        const std::string x = "\"" + m_schema + "\".x";
        admin.exec("CREATE TABLE " + x + " (y integer); INSERT INTO " + x + " VALUES (7)");
        const SqlLocation where = location("libpq", m_schema + ".x");
        for (const std::string twice : {"SELECT 1; DROP TABLE " + x, "SELECT 1 /* /* */ */; DELETE FROM " + x}) {
            const std::string message = errorOf<InputError>([&] {
                SqlConnection c(where, login(), Access::Write);
                SqlQuery q = c.exec(twice, SqlConnection::Phase::Check, "running");
                while (q.next()) {
                }
            });
            QVERIFY2(message.find("cannot insert multiple commands into a prepared statement") != std::string::npos,
                     message.c_str());
        }
        QCOMPARE(admin.rows("SELECT count(*) FROM " + x)[0][0], std::string("1"));
        // The SQLite attack is one harmless statement here (the comment nests), and is read as such.
        const SqlSource s = SqlSource::open(
            location("libpq", "", "SELECT y FROM " + x + " /* /* */ ) AS src; DROP TABLE x; -- */"), login());
        QCOMPARE(s.rowCount(), std::size_t(1));
        QCOMPARE(admin.rows("SELECT count(*) FROM " + x)[0][0], std::string("1"));
    }

    // Each statement is stopped by the server after the connection's timeout (libpq: statement_timeout in the
    // startup options; ODBC: SQL_ATTR_QUERY_TIMEOUT); SqlLimits' default is 10 minutes (issue 24.12).
    void statementTimeout_data() { addDrivers(); }
    void statementTimeout()
    {
        QFETCH(QString, driver);
        QCOMPARE(SqlLimits{}.statementTimeoutSeconds, 600u);
        const SqlLocation where = location(driver, m_tableArg);
        {
            SqlConnection c(where, login(), Access::ReadOnly, SqlLimits{}.statementTimeoutSeconds);
            SqlQuery q = c.exec("SELECT current_setting('statement_timeout')", SqlConnection::Phase::Run, "showing");
            QVERIFY(q.next());
            if (driver == "libpq")
                QCOMPARE(q.text(0), std::string("10min"));
        }
        QElapsedTimer clock;
        clock.start();
        const std::string message = errorOf<IoError>([&] {
            SqlConnection c(where, login(), Access::ReadOnly, 1);
            SqlQuery q = c.exec("SELECT pg_sleep(8)", SqlConnection::Phase::Run, "sleeping");
            while (q.next()) {
            }
        });
        QVERIFY2(clock.elapsed() < 6000, QByteArray::number(clock.elapsed()).constData());
        const QString m = QString::fromStdString(message);
        QVERIFY2(m.contains("cancel", Qt::CaseInsensitive) || m.contains("timeout", Qt::CaseInsensitive),
                 message.c_str());
    }

    // PostgreSQL keeps a query's repeated column names, which no outer statement could tell apart.
    void duplicateColumns()
    {
        const std::string message =
            errorOf<InputError>([&] { SqlSource::open(location("libpq", "", "SELECT 1 AS a, 2 AS a"), login()); });
        QVERIFY2(message.find("two columns named 'a'") != std::string::npos, message.c_str());
    }

    // A statement the server accepts but fails on the data: the query's fault (SQLSTATE 22012, which libpq
    // and SQLGetDiagRec both report), so InputError. Both name the server and the error.
    void errorInData_data() { addDrivers(); }
    void errorInData()
    {
        QFETCH(QString, driver);
        const SqlSource s =
            SqlSource::open(location(driver, "", "SELECT 10 / (g - 3) AS v FROM generate_series(1, 5) AS g"), login());
        const auto run = [&] { s.aggregate({"v"}, MissingPolicy::DropIncomplete, {}); };
        const std::string message = errorOf<InputError>(run);
        QVERIFY2(message.rfind("counting the records over 1 attribute(s) failed on ", 0) == 0, message.c_str());
        QVERIFY2(message.find("division by zero") != std::string::npos, message.c_str());
        QVERIFY2(message.find("127.0.0.1") != std::string::npos ||
                     message.find("ODBC data source") != std::string::npos,
                 message.c_str());
    }

    // A scan of every record goes through COPY ... TO STDOUT (libpq) or the rows (ODBC); either way each value
    // arrives byte for byte as the row-by-row statement gives it: tabs, line ends, backslashes, the text "\N"
    // beside a NULL, an empty string, UTF-8 and a long value. Columns the scan does not read are handed empty
    // and not missing.
    void bulkScanKeepsEveryByte_data() { addDrivers(); }
    void bulkScanKeepsEveryByte()
    {
        QFETCH(QString, driver);
        const std::string query =
            "SELECT * FROM (VALUES (1, E'a\\tb', 'x'), (2, E'line\\nbreak\\r', NULL), (3, E'back\\\\slash', '\\N'), "
            "(4, '', '?'), (5, 'caf\u00e9 \u20ac', repeat('z', 5000)), (6, NULL, E'\\\\\\\\N\\\\'), "
            "(7, E'\\b\\f\\013', E'x\\001y')) AS t(id, a, b)";
        const SqlLocation where = location(driver, "", query);
        std::vector<SqlRow> byRow, bulk;
        {
            SqlConnection c(where, login());
            SqlQuery q = c.exec(query, SqlConnection::Phase::Run, "reading");
            while (q.next())
                byRow.push_back(q.row());
            SqlQuery b = c.execBulk(query, "reading");
            while (b.next())
                bulk.push_back(b.row());
        }
        QCOMPARE(bulk.size(), std::size_t(7));
        QVERIFY(bulk == byRow);
        QCOMPARE(*bulk[0][1], std::string("a\tb"));
        QCOMPARE(*bulk[1][1], std::string("line\nbreak\r"));
        QVERIFY(!bulk[1][2]);
        QCOMPARE(*bulk[2][1], std::string("back\\slash"));
        QCOMPARE(*bulk[2][2], std::string("\\N"));
        QCOMPARE(*bulk[3][1], std::string());
        QCOMPARE(*bulk[4][1], std::string("caf\u00e9 \u20ac"));
        QCOMPARE(bulk[4][2]->size(), std::size_t(5000));
        QVERIFY(!bulk[5][1]);
        QCOMPARE(*bulk[5][2], std::string("\\\\N\\"));
        QCOMPARE(*bulk[6][1], std::string("\b\f\v"));
        QCOMPARE(*bulk[6][2], std::string("x\001y"));

        // The records scan, reading only column b: a and id come empty and not missing; '?' is a missing token.
        const SqlDataSource source(SqlSource::open(where, login()), {"?"});
        RecordScan scan;
        scan.columns = {false, false, true};
        std::vector<std::pair<std::string, bool>> b;
        bool othersEmpty = true;
        struct Rows : ChunkResult {
            std::vector<std::pair<std::string, bool>> b;
            bool othersEmpty = true;
        };
        scan.map = [](const RecordChunk& chunk) {
            auto out = std::make_unique<Rows>();
            for (std::size_t r = 0; r < chunk.rows; ++r) {
                out->b.emplace_back(std::string(chunk.field(r, 2)), chunk.isMissing(r, 2));
                for (std::size_t c : {0, 1})
                    out->othersEmpty = out->othersEmpty && chunk.field(r, c).empty() && !chunk.isMissing(r, c);
            }
            return out;
        };
        scan.reduce = [&](ChunkResult& result) {
            auto& rows = static_cast<Rows&>(result);
            b.insert(b.end(), rows.b.begin(), rows.b.end());
            othersEmpty = othersEmpty && rows.othersEmpty;
        };
        source.scanRecords(scan);
        QCOMPARE(b.size(), std::size_t(7));
        QVERIFY(othersEmpty);
        QCOMPARE(b[0], std::make_pair(std::string("x"), false));
        QCOMPARE(b[1].second, true);  // NULL
        QCOMPARE(b[2], std::make_pair(std::string("\\N"), false)); // the text, not NULL
        QCOMPARE(b[3].second, true);  // the '?' token
        QCOMPARE(b[4].first.size(), std::size_t(5000));
    }

    // A scan the server fails part way (row 3,000 divides by zero): the query's fault, named, and the
    // connection is left clean for the next call.
    void bulkScanFailsPartWay_data() { addDrivers(); }
    void bulkScanFailsPartWay()
    {
        QFETCH(QString, driver);
        const SqlSource s =
            SqlSource::open(location(driver, "", "SELECT 10 / (g - 3000) AS v FROM generate_series(1, 5000) AS g"),
                            login());
        std::size_t rows = 0;
        const std::string message = errorOf<InputError>([&] { s.forEachRow([&](const SqlRow&) { ++rows; }); });
        QVERIFY2(message.rfind("reading the records failed on ", 0) == 0, message.c_str());
        QVERIFY2(message.find("division by zero") != std::string::npos, message.c_str());
        QVERIFY(rows < 3000);
        QCOMPARE(open(driver).rowCount(), std::size_t(48842));
    }

    // The backend is terminated (pg_terminate_backend from a second connection) while the GROUP BY runs:
    // IoError naming the server, the call returns, and the source still works afterwards.
    void droppedConnection_data() { addDrivers(); }
    void droppedConnection()
    {
        QFETCH(QString, driver);
        const SqlSource s = SqlSource::open(
            location(driver, "",
                     "SELECT g % 3 AS rr_slow FROM generate_series(1, 3000) AS g WHERE pg_sleep(0.005) IS NOT NULL"),
            login());
        std::atomic<bool> killed{false};
        std::thread killer([&] {
            AdminConnection admin(*m_pg);
            for (int i = 0; i < 400 && !killed; ++i) {
                for (const auto& row : admin.rows("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid "
                                                  "<> pg_backend_pid() AND state = 'active' AND query LIKE '%rr_slow%'"))
                    killed = killed || row[0] == "t";
                std::this_thread::sleep_for(std::chrono::milliseconds(25));
            }
        });
        const std::string message =
            errorOf<IoError>([&] { s.aggregate({"rr_slow"}, MissingPolicy::DropIncomplete, {}); });
        killer.join();
        QVERIFY(killed);
        QVERIFY2(message.rfind("lost the connection to ", 0) == 0, message.c_str());
        QVERIFY2(message.find(driver == "libpq" ? "PostgreSQL server 127.0.0.1:" : "ODBC data source 'rr_test_pg'") !=
                     std::string::npos,
                 message.c_str());
        QVERIFY2(message.find("while counting the records") != std::string::npos, message.c_str());
        QVERIFY2(message.find(m_pg->password) == std::string::npos, message.c_str());
        // Each call has its own connection: the next one works.
        QCOMPARE(open(driver).rowCount(), std::size_t(48842));
    }
};

QTEST_GUILESS_MAIN(TestSqlPostgres)
#include "test_sql_postgres.moc"
