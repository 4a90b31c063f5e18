// rr-explorer-cli over a database (--sql-url with --sql-table / --sql-query): the same synthetic records
// as a CSV file and as a SQLite table (and a table on the test PostgreSQL server when RR_TEST_PG_PORT is
// set) give byte-identical JSON from risk, optimize, reconstruct, measures, independence and describe.
// The records are built so that each attribute's first-appearance order (the CSV path's) is its sorted
// order (SQL's), so even sums over cells run in the same order. Errors exit 2 with clear messages and
// never show the password.
#include "../cli/CliRunner.h"
#include "SqlTestData.h"

#include "core/data/CsvWriter.h"
#include "core/randomization/RandomSource.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace rr;
using namespace rr::sqltest;
using rr::testcli::CliRun;
using rr::testcli::runCli;

namespace {

// Attributes A..D and S with 3..6 categories; rows 0..5 bring in category k of every attribute that has
// one (so first appearance is sorted order); then `n` random records with about 3% missing in B and D.
Table syntheticRecords(std::size_t n)
{
    const std::vector<std::pair<std::string, int>> spec{{"A", 4}, {"B", 3}, {"C", 6}, {"D", 5}, {"S", 4}};
    Table t;
    for (const auto& [name, d] : spec) {
        Attribute a;
        a.name = name;
        for (int k = 0; k < d; ++k)
            a.categories.push_back(name + "_" + std::to_string(k));
        t.attributes.push_back(std::move(a));
    }
    RandomSource random = RandomSource::seeded(13);
    for (std::size_t r = 0; r < 6 + n; ++r)
        for (auto& a : t.attributes) {
            const int d = a.domainSize();
            std::int32_t code = 0;
            if (r < 6)
                code = std::min<int>(static_cast<int>(r), d - 1);
            else if ((a.name == "B" || a.name == "D") && random.below(100) < 3)
                code = Attribute::kMissing;
            else // skewed, so some cells are rare and the risk is uneven
                code = static_cast<std::int32_t>(
                    std::min(random.below(static_cast<std::uint64_t>(d)), random.below(static_cast<std::uint64_t>(d))));
            a.codes.push_back(code);
        }
    return t;
}

// The object without its wall-clock figures (keys ending in "seconds"), at every depth.
QJsonObject withoutTimings(QJsonObject o)
{
    for (const QString& key : o.keys()) {
        if (key.endsWith("seconds"))
            o.remove(key);
        else if (o.value(key).isObject())
            o[key] = withoutTimings(o.value(key).toObject());
    }
    return o;
}

} // namespace

class TestSqlCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_csv;
    QString m_sqliteUrl;
    std::optional<PgServer> m_pg;
    std::string m_pgSchema;

    // The same command over the CSV file and over `sqlArgs`: both succeed and print the same bytes.
    void sameOutput(const QStringList& command, const QStringList& sqlArgs)
    {
        const CliRun csv = runCli(QStringList(command) << "--data" << m_csv);
        QVERIFY2(csv.ok(), csv.diagnostics().constData());
        const CliRun sql = runCli(QStringList(command) << sqlArgs);
        QVERIFY2(sql.ok(), sql.diagnostics().constData());
        QVERIFY2(csv.out.size() > 50, csv.out.constData());
        QCOMPARE(sql.out, csv.out);
    }

    static void addCommands()
    {
        QTest::addColumn<QStringList>("command");
        const QStringList roles{"--qi", "A,B,C,D", "--sensitive", "S"};
        QTest::newRow("risk") << (QStringList{"risk", "--p", "A=0.8,B=0.7,S=0.9", "--tau", "0.5"} << roles);
        QTest::newRow("risk drop-incomplete")
            << (QStringList{"risk", "--p", "C=0.6", "--drop-incomplete", "--tau", "0.4"} << roles);
        QTest::newRow("optimize qi") << (QStringList{"optimize", "--mode", "qi", "--l", "3"} << roles);
        QTest::newRow("optimize both") << (QStringList{"optimize", "--mode", "both", "--tau", "0.45"} << roles);
        QTest::newRow("reconstruct") << QStringList{"reconstruct", "--attributes", "A,S", "--p", "A=0.7,S=0.8"};
        QTest::newRow("measures") << QStringList{"measures",    "--attributes", "A,S",        "--p",
                                                 "A=0.7,S=0.8", "--positive",   "A=A_1,S=S_2"};
        QTest::newRow("independence") << QStringList{"independence", "--attributes", "A,C"};
        QTest::newRow("describe") << QStringList{"describe"};
        QTest::newRow("describe drop-incomplete") << QStringList{"describe", "--drop-incomplete"};
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const Table t = syntheticRecords(4000);
        m_csv = m_dir.filePath("records.csv");
        writeCsv(t, m_csv.toStdString());
        const QString file = m_dir.filePath("records db.sqlite");
        {
            SqliteFixture db(file.toStdString());
            loadTable(db, "records", t, true); // missing as NULL
        }
        m_sqliteUrl = "sqlite://" + QString(file).replace(" ", "%20");

        m_pg = pgServer();
        if (m_pg) {
            m_pgSchema = "rr_cli" + std::to_string(QCoreApplication::applicationPid());
            AdminConnection admin(*m_pg);
            admin.exec("DROP SCHEMA IF EXISTS " + m_pgSchema + " CASCADE");
            admin.exec("CREATE SCHEMA " + m_pgSchema);
            loadTable(admin, m_pgSchema + ".records", t, false); // missing as the text '?'
        }
    }

    void cleanupTestCase()
    {
        if (!m_pg || m_pgSchema.empty())
            return;
        AdminConnection admin(*m_pg);
        admin.exec("DROP SCHEMA IF EXISTS " + m_pgSchema + " CASCADE");
    }

    void sqliteTableEqualsCsv_data() { addCommands(); }
    void sqliteTableEqualsCsv()
    {
        QFETCH(QStringList, command);
        sameOutput(command, {"--sql-url", m_sqliteUrl, "--sql-table", "records"});
    }

    // A query source: the rows in storage order, every column.
    void sqliteQueryEqualsCsv()
    {
        sameOutput({"risk", "--qi", "A,B,C,D", "--sensitive", "S", "--p", "A=0.8,B=0.7,S=0.9"},
                   {"--sql-url", m_sqliteUrl, "--sql-query", "SELECT A, B, C, D, S FROM records"});
    }

    void postgresTableEqualsCsv_data() { addCommands(); }
    void postgresTableEqualsCsv()
    {
        if (!m_pg)
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server (scripts/test.sh starts one)");
        QFETCH(QStringList, command);
        qputenv("RR_SQL_PASSWORD", QByteArray::fromStdString(m_pg->password));
        sameOutput(command, {"--sql-url", QString::fromStdString(m_pg->url()), "--sql-table",
                             QString::fromStdString(m_pgSchema + ".records")});
        qunsetenv("RR_SQL_PASSWORD");
    }

    // Commands that hold the records in memory: with missing values in the table they ask for a file.
    void recordsNeedAFile()
    {
        const CliRun r = runCli({"compare", "--sql-url", m_sqliteUrl, "--sql-table", "records", "--qi", "A,B",
                                 "--sensitive", "S", "--l", "2", "--seed", "1"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("column 'B'") && r.err.contains("missing values") && r.err.contains("--data FILE"),
                 r.err.constData());
    }

    // A release streams the records from the database (missing values stay missing): the same rows and
    // missing cells as from the CSV file.
    void releaseFromDatabase()
    {
        const QStringList release{"randomize", "--attributes", "A,B", "--p", "A=0.8,B=0.7", "--keep", "D",
                                  "--seed", "1"};
        const QString fromSql = m_dir.filePath("from-sql.csv"), fromCsv = m_dir.filePath("from-csv.csv");
        const CliRun sql = runCli(QStringList(release)
                                  << "--sql-url" << m_sqliteUrl << "--sql-table" << "records" << "--out" << fromSql);
        QVERIFY2(sql.ok(), sql.diagnostics().constData());
        const CliRun csv = runCli(QStringList(release) << "--data" << m_csv << "--out" << fromCsv);
        QVERIFY2(csv.ok(), csv.diagnostics().constData());
        const QJsonObject a = QJsonDocument::fromJson(sql.out).object(), b = QJsonDocument::fromJson(csv.out).object();
        QCOMPARE(a.value("rows").toInt(), 4006);
        QCOMPARE(a.value("rows"), b.value("rows"));
        QCOMPARE(a.value("dropped_rows"), b.value("dropped_rows"));
        const Table x = readCsv({fromSql.toStdString()}), y = readCsv({fromCsv.toStdString()});
        QCOMPARE(x.rowCount(), std::size_t(4006));
        for (const char* name : {"A", "B", "D"}) {
            const Attribute& u = x.attributes[static_cast<std::size_t>(x.attributeIndex(name))];
            const Attribute& v = y.attributes[static_cast<std::size_t>(y.attributeIndex(name))];
            QCOMPARE(u.missingCount(), v.missingCount());
        }
    }

    // Complete records (a query leaving out B and D) are read from the database: compare runs.
    void recordsFromDatabase()
    {
        const CliRun r = runCli({"compare", "--sql-url", m_sqliteUrl, "--sql-query", "SELECT A, C, S FROM records",
                                 "--qi", "A,C", "--sensitive", "S", "--l", "2", "--seed", "3"});
        QVERIFY2(r.ok(), r.diagnostics().constData());
        // The same records from a CSV file give the same comparison (categories come sorted from both).
        const CliRun csv =
            runCli({"compare", "--data", m_csv, "--qi", "A,C", "--sensitive", "S", "--l", "2", "--seed", "3"});
        QVERIFY2(csv.ok(), csv.diagnostics().constData());
        QCOMPARE(withoutTimings(QJsonDocument::fromJson(r.out).object()),
                 withoutTimings(QJsonDocument::fromJson(csv.out).object())); // only the "seconds" may differ
    }

    void errors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString missingFile = m_dir.filePath("nothing.sqlite");
        QTest::newRow("bad scheme") << QStringList{"--sql-url", "mysql://h/db", "--sql-table", "t"} << "mysql";
        QTest::newRow("missing table") << QStringList{"--sql-url", m_sqliteUrl, "--sql-table", "nope"} << "nope";
        QTest::newRow("missing file") << QStringList{"--sql-url", "sqlite://" + missingFile, "--sql-table", "t"}
                                      << "nothing.sqlite";
        QTest::newRow("no table") << QStringList{"--sql-url", m_sqliteUrl} << "exactly one of --sql-table";
        QTest::newRow("both") << QStringList{"--sql-url", m_sqliteUrl,   "--sql-table",
                                             "records",   "--sql-query", "SELECT 1"}
                              << "exactly one";
        QTest::newRow("with data") << QStringList{"--sql-url", m_sqliteUrl, "--sql-table", "records", "--data", m_csv}
                                   << "not both";
        QTest::newRow("table without url") << QStringList{"--sql-table", "records"} << "need --sql-url";
        QTest::newRow("unknown column") << QStringList{"--sql-url", m_sqliteUrl, "--sql-query",
                                                       "SELECT A, S FROM records"}
                                        << "unknown attribute 'B'";
        // A server that is not there: the message names it, never the password.
        QTest::newRow("no server") << QStringList{"--sql-url", "postgresql://u:Sup3rSecretPw@127.0.0.1:1/db",
                                                  "--sql-table", "t"}
                                   << "127.0.0.1";
    }
    void errors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliRun r = runCli(QStringList{"risk", "--qi", "A,B", "--sensitive", "S"} << args);
        QVERIFY2(r.finished, r.diagnostics().constData());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.diagnostics().constData());
        QVERIFY2(!r.err.contains("Sup3rSecretPw") && !r.out.contains("Sup3rSecretPw"), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestSqlCli)
#include "test_sql_cli.moc"
