// Ctrl+C (SIGINT) and SIGTERM on the CLI (issue 42.13): the statement running on the PostgreSQL server is
// cancelled, not left to run to its timeout; a release interrupted anywhere (into a file, into SQLite, into
// PostgreSQL) says "interrupted: nothing was written" on stderr, ends by the signal (the shell's status 130
// for SIGINT) and leaves nothing: no table, no temporary file, no SQLite journal (the transaction is rolled
// back before the process ends).
#include "../cli/CliRunner.h"
#include "SqlTestData.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

using namespace rr;
using namespace rr::sqltest;

namespace {

Table records(int n)
{
    Table t;
    for (const auto& [name, d] : std::vector<std::pair<std::string, int>>{{"A", 3}, {"B", 4}, {"D", 2}}) {
        Attribute a;
        a.name = name;
        for (int k = 0; k < d; ++k)
            a.categories.push_back(name + "_" + std::to_string(k));
        for (int r = 0; r < n; ++r)
            a.codes.push_back((r * 7 + r / 3) % d);
        t.attributes.push_back(std::move(a));
    }
    return t;
}

// Waits up to `ms` for `ready`, polling.
bool waitFor(const std::function<bool()>& ready, int ms)
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < ms) {
        if (ready())
            return true;
        QTest::qWait(50);
    }
    return ready();
}

struct Interrupted {
    QByteArray err;
    bool byTheSignal = false;
};

// Starts the CLI, waits for `ready`, sends `signal`, and waits for the end.
Interrupted interrupt(const QStringList& args, const std::function<bool()>& ready, int signal = SIGINT,
                      const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(RR_CLI_PATH), args);
    Interrupted out;
    if (!p.waitForStarted(30000))
        return out;
    const bool seen = waitFor([&] { return p.state() == QProcess::Running && ready(); }, 60000);
    if (!seen) {
        p.kill();
        p.waitForFinished(10000);
        out.err = "never got ready: " + p.readAllStandardError();
        return out;
    }
    ::kill(static_cast<pid_t>(p.processId()), signal);
    if (!p.waitForFinished(30000)) {
        p.kill();
        p.waitForFinished(10000);
        out.err = "still running 30 s after the signal";
        return out;
    }
    out.err = p.readAllStandardError();
    // Qt reports a process a signal ended as a crash, with the signal as its code (the shell says 128 + it).
    out.byTheSignal = p.exitStatus() == QProcess::CrashExit && p.exitCode() == signal;
    return out;
}

} // namespace

class TestSqlInterrupt : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::optional<PgServer> m_pg;
    std::string m_schema;

    QProcessEnvironment environment(const char* pauseAfter = nullptr) const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        if (m_pg)
            env.insert("RR_SQL_PASSWORD", QString::fromStdString(m_pg->password));
        if (pauseAfter)
            env.insert("RR_TEST_PAUSE_AFTER_ROWS", pauseAfter); // 5 s inside the write: time to interrupt it
        return env;
    }
    QStringList release(const QStringList& source, const QStringList& target) const
    {
        return QStringList{"randomize", "--attributes", "A,B", "--p", "A=0.8,B=0.7", "--seed", "3"} << source
                                                                                                    << target;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_pg = pgServer();
        if (!m_pg)
            return;
        m_schema = "rr_int" + std::to_string(QCoreApplication::applicationPid());
        AdminConnection admin(*m_pg);
        admin.exec("DROP SCHEMA IF EXISTS " + m_schema + " CASCADE");
        admin.exec("CREATE SCHEMA " + m_schema);
        loadTable(admin, m_schema + ".src", records(5000), false);
    }

    void cleanupTestCase()
    {
        if (m_pg && !m_schema.empty())
            AdminConnection(*m_pg).exec("DROP SCHEMA IF EXISTS " + m_schema + " CASCADE");
    }

    // A query the server computes for 100 s: SIGINT (and SIGTERM) cancels it there within a few seconds.
    void serverStatementCancelled_data()
    {
        QTest::addColumn<int>("signal");
        QTest::newRow("SIGINT") << int(SIGINT);
        QTest::newRow("SIGTERM") << int(SIGTERM);
    }
    void serverStatementCancelled()
    {
        if (!m_pg)
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server");
        QFETCH(int, signal);
        const std::string app = "rr-sleep-" + std::to_string(QCoreApplication::applicationPid()) + "-" +
                                std::to_string(signal);
        const QString url = QString::fromStdString(m_pg->url() + "?application_name=" + app);
        AdminConnection admin(*m_pg);
        const std::string active = "SELECT count(*) FROM pg_stat_activity WHERE application_name = " + literal(app) +
                                   " AND state = 'active' AND query LIKE '%pg_sleep%'";
        const Interrupted r = interrupt(
            {"describe", "--sql-url", url, "--sql-query", "SELECT pg_sleep(100) AS a"},
            [&] { return admin.rows(active)[0][0] == "1"; }, signal, environment());
        QVERIFY2(r.byTheSignal, r.err.constData());
        QVERIFY2(r.err.contains("interrupted: nothing was written"), r.err.constData());
        QVERIFY2(r.err.count('\n') == 1, r.err.constData()); // one message, even when two threads end at once
        QVERIFY2(waitFor([&] { return admin.rows(active)[0][0] == "0"; }, 3000),
                 "the server still runs the statement 3 s after the signal");
    }

    // Into a file: the temporary file is removed, the target untouched.
    void fileReleaseInterrupted()
    {
        const QString csv = rr::testcli::writeFile(m_dir, "in.csv", [] {
            QByteArray b = "A,B\n";
            for (int i = 0; i < 5000; ++i)
                b += "a" + QByteArray::number(i % 3) + ",b" + QByteArray::number(i % 4) + "\n";
            return b;
        }());
        const QString out = rr::testcli::writeFile(m_dir, "out.csv", "old\n");
        const Interrupted r = interrupt(
            release({"--data", csv}, {"--out", out}),
            [&] { return !QDir(m_dir.path()).entryList({"out.csv.tmp-*"}, QDir::Files).isEmpty(); }, SIGINT,
            environment("1000"));
        QVERIFY2(r.byTheSignal, r.err.constData());
        QVERIFY2(r.err.contains("interrupted: nothing was written"), r.err.constData());
        QCOMPARE(QDir(m_dir.path()).entryList({"out.csv.*"}, QDir::AllEntries | QDir::System), QStringList());
        QCOMPARE(rr::testcli::readAll(out), QByteArray("old\n"));
    }

    // Into SQLite, mid-transaction (its journal on disk): rolled back before the end, no journal, no table.
    void sqliteReleaseInterrupted()
    {
        const std::string file = m_dir.filePath("b.db").toStdString();
        {
            SqliteFixture db(file);
            loadTable(db, "src", records(5000), true);
        }
        const QString journal = QString::fromStdString(file) + "-journal";
        const Interrupted r = interrupt(
            release({"--sql-url", "sqlite://" + QString::fromStdString(file), "--sql-table", "src"},
                    {"--out-sql-table", "rel"}),
            [&] { return QFile::exists(journal); }, SIGINT, environment("1000"));
        QVERIFY2(r.byTheSignal, r.err.constData());
        QVERIFY2(r.err.contains("interrupted: nothing was written"), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(!QFile::exists(journal));
        sqlite3* db = nullptr;
        sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
        sqlite3_stmt* s = nullptr;
        sqlite3_prepare_v2(db, "SELECT count(*) FROM sqlite_schema WHERE name = 'rel'", -1, &s, nullptr);
        QCOMPARE(sqlite3_step(s), SQLITE_ROW);
        QCOMPARE(sqlite3_column_int(s, 0), 0);
        sqlite3_finalize(s);
        sqlite3_close_v2(db);
        QCOMPARE(QDir(m_dir.path()).entryList({"b.db*"}, QDir::Files), QStringList{"b.db"});
    }

    // Into PostgreSQL, mid-COPY: no table, and the writing session is gone.
    void postgresReleaseInterrupted()
    {
        if (!m_pg)
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server");
        AdminConnection admin(*m_pg);
        const std::string app = "rr-int-" + std::to_string(QCoreApplication::applicationPid());
        const std::string copying = "SELECT count(*) FROM pg_stat_activity WHERE application_name = " + literal(app) +
                                    " AND query LIKE 'COPY %'";
        const Interrupted r = interrupt(
            release({"--sql-url", QString::fromStdString(m_pg->url() + "?application_name=" + app), "--sql-table",
                     QString::fromStdString(m_schema + ".src")},
                    {"--out-sql-table", QString::fromStdString(m_schema + ".rel")}),
            [&] { return admin.rows(copying)[0][0] != "0"; }, SIGINT, environment("1000"));
        QVERIFY2(r.byTheSignal, r.err.constData());
        QVERIFY2(r.err.contains("interrupted: nothing was written"), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
        QCOMPARE(admin.rows("SELECT to_regclass(" + literal(m_schema + ".rel") + ") IS NULL")[0][0], std::string("t"));
        QVERIFY(waitFor([&] { return admin.rows(copying)[0][0] == "0"; }, 3000));
    }
};

QTEST_GUILESS_MAIN(TestSqlInterrupt)
#include "test_sql_interrupt.moc"
