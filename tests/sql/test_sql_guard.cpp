// What a release into a database may not touch (issue 42): the tables its source reads, however either is
// spelled (defect 1: SQLite's case-folded names and schemas, PostgreSQL's qualified, quoted, three-part,
// spaced and 63-byte-truncated names, a query or a view over the table, a partition), in randomize,
// anonymize and anatomy (and anatomy's second table), --force or not; a temporary schema (defect 8); a table a
// view depends on (defect 14). Each is refused with exit 2 and the source is intact after. And the
// read-only path: the issue's set_config/setval query is refused and leaves the sequence as it was (defect 2).
#include "../cli/CliRunner.h"
#include "SqlTestData.h"

#include <QCoreApplication>
#include <QDir>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>

using namespace rr;
using namespace rr::sqltest;
using rr::testcli::CliRun;
using rr::testcli::runCli;

namespace {

// 300 records over A, B, D (3, 4 and 3 categories), D spread evenly (anatomy's l = 2 is eligible).
Table smallRecords()
{
    Table t;
    for (const auto& [name, d] : std::vector<std::pair<std::string, int>>{{"A", 3}, {"B", 4}, {"D", 3}}) {
        Attribute a;
        a.name = name;
        for (int k = 0; k < d; ++k)
            a.categories.push_back(name + "_" + std::to_string(k));
        for (int r = 0; r < 300; ++r)
            a.codes.push_back(name == "D" ? (r + r / 5) % 3 : (r * (d + 1) + r / 7) % d);
        t.attributes.push_back(std::move(a));
    }
    return t;
}

std::vector<std::vector<std::string>> sqliteRows(const std::string& path, const std::string& sql)
{
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    const std::unique_ptr<sqlite3, int (*)(sqlite3*)> close(db, sqlite3_close_v2);
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) != SQLITE_OK)
        return {};
    const std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> finalize(s, sqlite3_finalize);
    std::vector<std::vector<std::string>> out;
    while (sqlite3_step(s) == SQLITE_ROW) {
        out.emplace_back();
        for (int c = 0; c < sqlite3_column_count(s); ++c) {
            const auto* v = reinterpret_cast<const char*>(sqlite3_column_text(s, c));
            out.back().emplace_back(v ? v : "");
        }
    }
    return out;
}

// The three releasing commands, each with `target` as its --out-sql-table (anatomy: the prefix of its two
// tables, PREFIX_qit and PREFIX_st).
QStringList releaseCommand(const QString& command, const QStringList& source, const QString& target)
{
    QStringList args;
    if (command == "randomize")
        args = {"randomize", "--attributes", "A,B", "--p", "A=0.8,B=0.7", "--seed", "1"};
    else if (command == "anonymize")
        args = {"anonymize", "--model", "distinct", "--l", "2", "--qi", "A,B", "--sensitive", "D"};
    else
        args = {"anatomy", "--l", "2", "--qi", "A,B", "--sensitive", "D"};
    return args << source << "--out-sql-table" << target << "--force";
}

const QStringList kCommands{"randomize", "anonymize", "anatomy"};

} // namespace

class TestSqlGuard : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string m_file; // the SQLite file
    QString m_sqliteUrl;
    std::optional<PgServer> m_pg;
    std::string m_schema;
    std::string m_long; // a 63-byte table name (PostgreSQL's limit)

    // The source's shape, "columns x rows", to compare before and after.
    std::string sqliteShape(const std::string& table)
    {
        const auto cols = sqliteRows(m_file, "SELECT count(*) FROM pragma_table_info(" + literal(table) + ")");
        const auto rows = sqliteRows(m_file, "SELECT count(*) FROM " + quoted(table));
        return (cols.empty() ? "?" : cols[0][0]) + " x " + (rows.empty() ? "none" : rows[0][0]);
    }
    std::string pgShape(const std::string& table)
    {
        AdminConnection admin(*m_pg);
        const std::string name = literal(m_schema + "." + quoted(table));
        if (admin.rows("SELECT to_regclass(" + name + ") IS NULL")[0][0] == "t")
            return "none";
        return admin.rows("SELECT count(*) FROM pg_attribute WHERE attrelid = to_regclass(" + name +
                          ") AND attnum > 0")[0][0] +
               " x " + admin.rows("SELECT count(*) FROM " + m_schema + "." + quoted(table))[0][0];
    }
    // The test server's URL, unqualified names resolving to this run's schema first.
    QString pgUrl(const std::string& searchPath = {}) const
    {
        const std::string path = searchPath.empty() ? m_schema + ",public" : searchPath;
        return QString::fromStdString(m_pg->url() + "?options=-c%20search_path%3D" +
                                      QUrl::toPercentEncoding(QString::fromStdString(path)).toStdString());
    }

    // Exit 2 naming the source, the source as it was.
    void refusedAsSource(const CliRun& r, const std::string& before, const std::string& after)
    {
        QVERIFY2(r.finished && r.exitCode == 2, r.diagnostics().constData());
        QVERIFY2(r.err.contains("own source"), r.diagnostics().constData());
        QCOMPARE(r.err.count('\n'), 1);
        QCOMPARE(after, before);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_file = m_dir.filePath("guard.db").toStdString();
        const Table t = smallRecords();
        {
            SqliteFixture db(m_file);
            loadTable(db, "t_qit", t, true);
            loadTable(db, "t_st", t, true);
            db.exec("CREATE VIEW v_t AS SELECT A, B, D FROM t_qit");
        }
        m_sqliteUrl = "sqlite://" + QString::fromStdString(m_file);
        m_pg = pgServer();
        if (!m_pg)
            return;
        m_schema = "rr_guard" + std::to_string(QCoreApplication::applicationPid());
        m_long = std::string(59, 'x') + "_qit";
        AdminConnection admin(*m_pg);
        admin.exec("DROP SCHEMA IF EXISTS " + m_schema + " CASCADE");
        admin.exec("CREATE SCHEMA " + m_schema);
        for (const std::string& name : {std::string("t_qit"), std::string("t_st"), m_long})
            loadTable(admin, m_schema + "." + quoted(name), t, false);
        admin.exec("CREATE TABLE " + m_schema + ".pt (\"A\" text, \"B\" text, \"D\" text) PARTITION BY LIST (\"D\")");
        admin.exec("CREATE TABLE " + m_schema + ".pt_0 PARTITION OF " + m_schema + ".pt FOR VALUES IN ('D_0', 'D_1')");
        admin.exec("CREATE TABLE " + m_schema + ".pt_1 PARTITION OF " + m_schema + ".pt FOR VALUES IN ('D_2')");
        admin.exec("INSERT INTO " + m_schema + ".pt SELECT \"A\", \"B\", \"D\" FROM " + m_schema + ".t_qit");
        // Tables a forced release may not drop: one a view reads, one whose row type a column uses.
        admin.exec("CREATE TABLE " + m_schema + ".held (x integer)");
        admin.exec("CREATE VIEW " + m_schema + ".held_view AS SELECT x FROM " + m_schema + ".held");
        admin.exec("CREATE TABLE " + m_schema + ".typed (x integer)");
        admin.exec("CREATE TABLE " + m_schema + ".uses_type (y " + m_schema + ".typed)");
        admin.exec("CREATE SEQUENCE " + m_schema + ".s1");
    }

    void cleanupTestCase()
    {
        if (m_pg && !m_schema.empty())
            AdminConnection(*m_pg).exec("DROP SCHEMA IF EXISTS " + m_schema + " CASCADE");
    }

    // SQLite compares names without ASCII case and knows main and temp as schemas: every spelling of the
    // source table (the table itself, a query reading it, a view over it) is refused (issue 42.1).
    void sqliteOwnSource_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("sourceKind"); // table or query
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("hit"); // the table written over
        for (const QString& c : kCommands) {
            const bool anatomy = c == "anatomy";
            auto row = [&](const char* name, const char* kind, const char* source, const QString& target,
                           const char* hit = "t_qit") {
                QTest::newRow(qPrintable(c + " " + name)) << c << kind << source << target << hit;
            };
            row("ADULT", "table", "t_qit", anatomy ? "T" : "T_QIT");
            row("main.adult", "table", "t_qit", anatomy ? "main.t" : "main.t_qit");
            row("MAIN.Adult", "table", "t_qit", anatomy ? "MAIN.T" : "MAIN.T_Qit");
            row("quoted", "table", "t_qit", anatomy ? "\"t\"" : "\"t_qit\"");
            row("spaced", "table", "t_qit", anatomy ? "main . T" : "main . T_qit");
            row("reverse", "table", "main.t_qit", anatomy ? "t" : "t_qit");
            row("query", "query", "SELECT * FROM t_qit", anatomy ? "t" : "t_qit");
            row("query upper", "query", "SELECT A, B, D FROM MAIN.T_QIT WHERE 1 = 1", anatomy ? "t" : "T_qit");
            row("view", "query", "SELECT * FROM v_t", anatomy ? "T" : "t_qit");
            row("count only", "query", "SELECT A, B, D, (SELECT count(*) FROM t_st) AS n FROM v_t",
                anatomy ? "t" : "t_st", "t_st");
            if (anatomy) // its sensitive table, PREFIX_st
                row("sensitive table", "table", "t_st", "T");
        }
    }
    void sqliteOwnSource()
    {
        QFETCH(QString, command);
        QFETCH(QString, sourceKind);
        QFETCH(QString, source);
        QFETCH(QString, target);
        QFETCH(QString, hit);
        const std::string before = sqliteShape(hit.toStdString());
        QCOMPARE(before, std::string("3 x 300"));
        const QStringList from{"--sql-url", m_sqliteUrl, sourceKind == "table" ? "--sql-table" : "--sql-query", source};
        const CliRun r = runCli(releaseCommand(command, from, target));
        refusedAsSource(r, before, sqliteShape(hit.toStdString()));
        QVERIFY(!QFile::exists(QString::fromStdString(m_file) + "-journal"));
    }

    // A release into SQLite's temp schema would vanish with the connection: refused, nothing written
    // (issue 42.8). A name in main that merely looks like one is written.
    void sqliteTemporary_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("target");
        for (const QString& c : kCommands)
            for (const char* t : {"temp.rel", "TEMP.rel", "Temp . rel", "\"temp\".\"rel\""})
                QTest::newRow(qPrintable(c + " " + t)) << c << t;
    }
    void sqliteTemporary()
    {
        QFETCH(QString, command);
        QFETCH(QString, target);
        const CliRun r = runCli(releaseCommand(command, {"--sql-url", m_sqliteUrl, "--sql-table", "t_qit"}, target));
        QVERIFY2(r.exitCode == 2 && r.err.contains("temporary schema"), r.diagnostics().constData());
        QCOMPARE(sqliteShape("t_qit"), std::string("3 x 300"));
    }

    void sqliteOtherNamesWritten()
    {
        const CliRun r = runCli(releaseCommand("randomize", {"--sql-url", m_sqliteUrl, "--sql-table", "t_qit"},
                                               "main.temp_rel"));
        QVERIFY2(r.ok(), r.diagnostics().constData());
        QCOMPARE(sqliteShape("temp_rel"), std::string("2 x 300"));
        QCOMPARE(sqliteShape("t_qit"), std::string("3 x 300"));
    }

    // PostgreSQL resolves names itself (search_path, quotes, the database as a catalog, truncation to 63
    // bytes): every spelling of the source, in every command, is refused (issue 42.1).
    void postgresOwnSource_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("sourceKind");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("hit");
        const auto pg = pgServer();
        if (!pg)
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server");
        const QString s = QString("rr_guard%1").arg(QCoreApplication::applicationPid());
        const QString db = QString::fromStdString(pg->database);
        const QString longName = QString(59, 'x') + "_qit";
        for (const QString& c : kCommands) {
            const bool anatomy = c == "anatomy";
            auto row = [&](const QString& name, const char* kind, const QString& source, const QString& target,
                           const QString& hit = "t_qit") {
                QTest::newRow(qPrintable(c + " " + name)) << c << kind << source << target << hit;
            };
            const QString t = anatomy ? "t" : "t_qit";
            row("public.a2", "table", "t_qit", s + "." + t);
            row("\"public\".\"a2\"", "table", "t_qit", "\"" + s + "\".\"" + t + "\"");
            row("census.public.a2", "table", "t_qit", db + "." + s + "." + t);
            row("public . a2", "table", "t_qit", s + " . " + t);
            row("reverse", "table", s + ".t_qit", t);
            row("reverse quoted", "table", "\"" + s + "\".t_qit", t);
            row("63 bytes + suffix", "table", longName, anatomy ? longName + "zzz" : longName + "_suffix", longName);
            row("query", "query", "SELECT * FROM t_qit", t);
            row("query qualified", "query", "SELECT \"A\", \"B\", \"D\" FROM " + s + ".t_qit WHERE true", t);
            row("query reads another", "query",
                "SELECT \"A\", \"B\", \"D\" FROM t_qit WHERE EXISTS (SELECT 1 FROM t_st)", anatomy ? "t" : "t_st",
                "t_st");
            if (anatomy) // its sensitive table, PREFIX_st
                row("sensitive table", "table", "t_st", "t", "t_st");
            else // the plan scans one partition only; dropping the partitioned table drops it
                row("partition parent", "query", "SELECT * FROM pt WHERE \"D\" IN ('D_0', 'D_1')", "pt", "pt");
        }
    }
    void postgresOwnSource()
    {
        QFETCH(QString, command);
        QFETCH(QString, sourceKind);
        QFETCH(QString, source);
        QFETCH(QString, target);
        QFETCH(QString, hit);
        qputenv("RR_SQL_PASSWORD", QByteArray::fromStdString(m_pg->password));
        const std::string before = pgShape(hit.toStdString());
        QVERIFY2(before.find(" x 300") != std::string::npos, before.c_str());
        const QStringList from{"--sql-url", pgUrl(), sourceKind == "table" ? "--sql-table" : "--sql-query", source};
        const CliRun r = runCli(releaseCommand(command, from, target));
        refusedAsSource(r, before, pgShape(hit.toStdString()));
        qunsetenv("RR_SQL_PASSWORD");
    }

    // Through ODBC to PostgreSQL the server is asked the same questions as through libpq.
    void odbcOwnSource_data()
    {
        QTest::addColumn<QString>("sourceKind");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("target");
        const QString s = QString("rr_guard%1").arg(QCoreApplication::applicationPid());
        QTest::newRow("quoted") << "table" << s + ".t_qit" << "\"" + s + "\".\"t_qit\"";
        QTest::newRow("spaced") << "table" << "\"" + s + "\".t_qit" << s + " . t_qit";
        QTest::newRow("query") << "query" << "SELECT * FROM " + s + ".t_qit" << s + ".t_qit";
    }
    void odbcOwnSource()
    {
        if (!m_pg)
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server");
        QFETCH(QString, sourceKind);
        QFETCH(QString, source);
        QFETCH(QString, target);
        qputenv("RR_SQL_PASSWORD", QByteArray::fromStdString(m_pg->password));
        const std::string before = pgShape("t_qit");
        const QStringList from{"--sql-url", QString::fromStdString("odbc://" + m_pg->user + "@" + m_pg->dsn),
                               sourceKind == "table" ? "--sql-table" : "--sql-query", source};
        const CliRun r = runCli(releaseCommand("randomize", from, target));
        qunsetenv("RR_SQL_PASSWORD");
        refusedAsSource(r, before, pgShape("t_qit"));
    }

    // An ODBC engine that cannot be asked which table a name means (SQLite behind its ODBC driver): a target
    // whose last part matches the source table's or a name in the source query, in any case, is refused.
    void odbcUnknownEngineComparesNames_data()
    {
        QTest::addColumn<QString>("sourceKind");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("target");
        QTest::newRow("case") << "table" << "t_qit" << "T_QIT";
        QTest::newRow("schema") << "table" << "t_qit" << "main.T_qit";
        QTest::newRow("query") << "query" << "SELECT A, B, D FROM main.t_qit" << "T_Qit";
        QTest::newRow("query, quoted") << "query" << "SELECT \"A\", B, D FROM \"t_qit\"" << "t_qit";
    }
    void odbcUnknownEngineComparesNames()
    {
        QString driver;
        for (const QString& dir : QDir("/usr/lib").entryList({"*-linux-gnu"}, QDir::Dirs))
            if (QFile::exists("/usr/lib/" + dir + "/odbc/libsqlite3odbc.so"))
                driver = "/usr/lib/" + dir + "/odbc/libsqlite3odbc.so";
        if (driver.isEmpty())
            QSKIP("SQLite's ODBC driver (Debian package libsqliteodbc) is not installed");
        QFETCH(QString, sourceKind);
        QFETCH(QString, source);
        QFETCH(QString, target);
        const QString url = "odbc:///?Driver=" + driver + ";Database=" + QString::fromStdString(m_file);
        const CliRun r = runCli(releaseCommand("randomize", {"--sql-url", url, sourceKind == "table" ? "--sql-table"
                                                                                                   : "--sql-query",
                                                             source},
                                               target));
        refusedAsSource(r, "3 x 300", sqliteShape("t_qit"));
        QVERIFY2(r.err.contains("over ODBC"), r.diagnostics().constData());
    }

    // pg_temp (or pg_temp_N, or a search_path that starts with pg_temp) holds a table only for the
    // connection: refused with exit 2, no table left anywhere (issue 42.8).
    void postgresTemporary_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("searchPath");
        for (const QString& c : kCommands) {
            QTest::newRow(qPrintable(c + " pg_temp.t9")) << c << "pg_temp.t9" << "";
            QTest::newRow(qPrintable(c + " \"pg_temp\".t9")) << c << "\"pg_temp\".t9" << "";
            QTest::newRow(qPrintable(c + " pg_temp_3.t9")) << c << "pg_temp_3.t9" << "";
            QTest::newRow(qPrintable(c + " search_path")) << c << "t9" << "pg_temp,public";
        }
    }
    void postgresTemporary()
    {
        if (!m_pg)
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server");
        QFETCH(QString, command);
        QFETCH(QString, target);
        QFETCH(QString, searchPath);
        qputenv("RR_SQL_PASSWORD", QByteArray::fromStdString(m_pg->password));
        const QStringList from{"--sql-url", pgUrl(searchPath.toStdString()), "--sql-table",
                               QString::fromStdString(m_schema + ".t_qit")};
        const CliRun r = runCli(releaseCommand(command, from, target));
        qunsetenv("RR_SQL_PASSWORD");
        QVERIFY2(r.exitCode == 2 && r.err.contains("temporary schema"), r.diagnostics().constData());
        QCOMPARE(r.err.count('\n'), 1);
        AdminConnection admin(*m_pg);
        QCOMPARE(admin.rows("SELECT count(*) FROM pg_class WHERE relname LIKE 't9%'")[0][0], std::string("0"));
    }

    // --force over a table another object depends on: exit 2 naming it (a view, found before any work; a
    // column of its row type, which only the DROP finds), the table intact (issue 42.14).
    void postgresDependentBlocksDrop()
    {
        if (!m_pg)
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server");
        qputenv("RR_SQL_PASSWORD", QByteArray::fromStdString(m_pg->password));
        const QStringList from{"--sql-url", pgUrl(), "--sql-table", "t_qit"};
        const CliRun view = runCli(releaseCommand("randomize", from, QString::fromStdString(m_schema + ".held")));
        QVERIFY2(view.exitCode == 2 && view.err.contains("held_view") && view.err.contains("cannot be replaced"),
                 view.diagnostics().constData());
        const CliRun column = runCli(releaseCommand("randomize", from, "typed"));
        QVERIFY2(column.exitCode == 2 && column.err.contains("uses_type") && column.err.contains("depends on"),
                 column.diagnostics().constData());
        qunsetenv("RR_SQL_PASSWORD");
        QCOMPARE(pgShape("held"), std::string("1 x 0"));
        QCOMPARE(pgShape("typed"), std::string("1 x 0"));
    }

    // A query source runs once per job where one statement can do the job, and no more than twice in a release
    // (the count that plans the shuffle, then the stream of records): counted by the server as sequential scans
    // of the one table the query reads (issue 42.2; describe ran it once per column plus a count before).
    void postgresQueryRunsOnce_data()
    {
        QTest::addColumn<QStringList>("command");
        QTest::addColumn<int>("runs");
        const QStringList qi{"--qi", "A,B", "--sensitive", "D"};
        QTest::newRow("describe") << QStringList{"describe"} << 1;
        QTest::newRow("describe drop-incomplete") << QStringList{"describe", "--drop-incomplete"} << 2;
        QTest::newRow("risk") << (QStringList{"risk", "--p", "A=0.8"} << qi) << 1;
        QTest::newRow("optimize") << (QStringList{"optimize", "--mode", "qi", "--l", "2"} << qi) << 1;
        QTest::newRow("randomize") << QStringList{"randomize", "--attributes", "A,B", "--p", "A=0.8,B=0.8", "--seed",
                                                  "1", "--out", "RELEASE"}
                                   << 2;
        QTest::newRow("anatomy") << (QStringList{"anatomy", "--l", "2", "--out", "RELEASE"} << qi) << 2;
        QTest::newRow("anonymize") << (QStringList{"anonymize", "--model", "distinct", "--l", "2", "--out",
                                                   "RELEASE.csv"}
                                       << qi)
                                   << 2;
    }
    void postgresQueryRunsOnce()
    {
        if (!m_pg)
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server");
        QFETCH(QStringList, command);
        QFETCH(int, runs);
        command.replaceInStrings("RELEASE", m_dir.filePath("counted-" + command.front()));
        AdminConnection(*m_pg).exec("CREATE TABLE IF NOT EXISTS " + m_schema + ".counted AS SELECT * FROM " +
                                    m_schema + ".t_qit");
        auto scans = [&] {
            return std::stoi(AdminConnection(*m_pg).rows("SELECT seq_scan FROM pg_stat_user_tables WHERE relid = " +
                                                         literal(m_schema + ".counted") + "::regclass")[0][0]);
        };
        const int before = scans();
        qputenv("RR_SQL_PASSWORD", QByteArray::fromStdString(m_pg->password));
        const CliRun r = runCli(command << "--sql-url" << pgUrl() << "--sql-query" << "SELECT * FROM counted");
        qunsetenv("RR_SQL_PASSWORD");
        QVERIFY2(r.ok(), r.diagnostics().constData());
        // A backend reports its counts as it ends: wait until they arrive and settle.
        int after = scans();
        for (int wait = 0; wait < 40 && after - before < runs; ++wait) {
            QTest::qWait(100);
            after = scans();
        }
        QTest::qWait(300);
        QCOMPARE(scans() - before, runs);
    }

    // The issue's query, run by describe as the ordinary test role: refused before it reaches the server
    // (set_config and setval are not reads), and the sequence is as it was (issue 42.2).
    void postgresWritingQueryRefused()
    {
        if (!m_pg)
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server");
        AdminConnection admin(*m_pg);
        QCOMPARE(admin.rows("SELECT rolsuper::text FROM pg_roles WHERE rolname = current_user")[0][0],
                 std::string("false"));
        qputenv("RR_SQL_PASSWORD", QByteArray::fromStdString(m_pg->password));
        const std::string seq = m_schema + ".s1";
        const std::string query = "SELECT set_config('default_transaction_read_only','off',false) AS a, CASE WHEN "
                                  "current_setting('transaction_read_only')='off' THEN setval('" +
                                  seq + "',4242)::text END AS b, \"D\" AS sex FROM t_qit";
        const CliRun r = runCli({"describe", "--sql-url", pgUrl(), "--sql-query", QString::fromStdString(query)});
        qunsetenv("RR_SQL_PASSWORD");
        QVERIFY2(r.exitCode == 2 && r.err.contains("set_config") && r.err.contains("only read"),
                 r.diagnostics().constData());
        QCOMPARE(admin.rows("SELECT last_value::text || ' ' || is_called::text FROM " + seq)[0][0],
                 std::string("1 false"));
    }
};

QTEST_GUILESS_MAIN(TestSqlGuard)
#include "test_sql_guard.moc"
