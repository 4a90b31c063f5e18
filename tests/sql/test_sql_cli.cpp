// rr-explorer-cli over a database (--sql-url with --sql-table / --sql-query): the same synthetic records
// as a CSV file and as a SQLite table (and a table on the test PostgreSQL server when RR_TEST_PG_PORT is
// set) give byte-identical JSON from risk, optimize, reconstruct, measures, independence and describe.
// The records are built so that each attribute's first-appearance order (the CSV path's) is its sorted
// order (SQL's), so even sums over cells run in the same order. Errors exit 2 with clear messages and
// never show the password. `randomize --out-sql-table` writes the release into the database: the CSV
// release of the same seed, row for row; an existing table refused (exit 2) unless --force; a failure
// mid-fill (a test hook, or the writing backend terminated on the server) exits 1 and leaves no table.
#include "../cli/CliRunner.h"
#include "SqlTestData.h"

#include "core/data/CsvWriter.h"
#include "core/session/SessionFile.h"
#include "core/randomization/RandomSource.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>

#include <functional>
#include <set>

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

// A database the released tables are read back from: its URL for the CLI, the table names as given, and
// the rows of a table in storage order (insertion order of a new table; NULL as "?"; nullopt: no table).
struct ReleaseDatabase {
    QStringList source;                 // --sql-url URL --sql-table T
    std::function<std::string(const std::string&)> name; // a new table's name as --out-sql-table takes it
    std::function<std::optional<std::vector<std::vector<std::string>>>(const std::string& table)> rows;
    // Any columns of a table, as text, missing as "?" (storage order); nullopt when there is no such table.
    std::function<std::optional<std::vector<std::vector<std::string>>>(const std::string& table,
                                                                       const std::vector<std::string>& columns)>
        rowsOf;
};

std::string textColumns(const std::vector<std::string>& columns)
{
    std::string out;
    for (const auto& c : columns)
        out += (out.empty() ? "" : ", ") + std::string("COALESCE(CAST(") + quoted(c) + " AS TEXT), '?')";
    return out;
}

std::vector<std::vector<std::string>> sqliteRows(const std::string& path, const std::string& sql)
{
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    const std::unique_ptr<sqlite3, int (*)(sqlite3*)> close(db, sqlite3_close_v2);
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) != SQLITE_OK)
        setupFailed(sqlite3_errmsg(db), sql);
    const std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> finalize(s, sqlite3_finalize);
    std::vector<std::vector<std::string>> out;
    while (sqlite3_step(s) == SQLITE_ROW) {
        out.emplace_back();
        for (int c = 0; c < sqlite3_column_count(s); ++c)
            out.back().emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(s, c)));
    }
    return out;
}

// The released columns of the tests (A, B randomized; D kept), missing as "?".
std::string releasedColumns()
{
    return "COALESCE(\"A\", '?'), COALESCE(\"B\", '?'), COALESCE(\"D\", '?')";
}

// The rows of a CSV release, missing as "?".
std::vector<std::vector<std::string>> csvRows(const QString& path)
{
    const Table t = readCsv({path.toStdString()});
    std::vector<std::vector<std::string>> out(t.rowCount());
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        for (std::size_t c = 0; c < t.attributes.size(); ++c)
            out[r].push_back(csvValue(t, c, r).value_or("?"));
    return out;
}

class TestSqlCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_csv, m_itemsCsv;
    int m_itemsMissing = 0;
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
        QTest::newRow("regress") << QStringList{"regress",    "--outcome", "S",   "--positive",
                                                "S_1",        "--predictors", "A,C", "--p",
                                                "S=0.8,A=0.9"};
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
        // 0/1 items made from the records (Y missing where B is): the rules command's input.
        Table items;
        for (const char* name : {"X", "Y", "Z"})
            items.attributes.push_back(Attribute{name, {"0", "1"}, {}});
        for (std::size_t r = 0; r < t.rowCount(); ++r) {
            const std::int32_t b = t.attributes[1].codes[r];
            items.attributes[0].codes.push_back(t.attributes[0].codes[r] == 1 ? 1 : 0);
            items.attributes[1].codes.push_back(b == Attribute::kMissing ? Attribute::kMissing : b == 0 ? 1 : 0);
            items.attributes[2].codes.push_back(t.attributes[4].codes[r] == 2 ? 1 : 0);
            m_itemsMissing += b == Attribute::kMissing ? 1 : 0;
        }
        m_itemsCsv = m_dir.filePath("items.csv");
        writeCsv(items, m_itemsCsv.toStdString());
        {
            SqliteFixture db(file.toStdString());
            loadTable(db, "items", items, true);
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

    // --bin over a database (issue 21): the GROUP BY counts merged into bins equal the CSV path's, INTEGER age
    // read as text; not numbers and values outside the cuts as missing under both policies.
    void sqliteBinsEqualCsv()
    {
        const Table adult = adultRaw();
        const QString file = m_dir.filePath("adult.sqlite");
        {
            SqliteFixture db(file.toStdString());
            loadTable(db, "adult", adult, true);
        }
        const QStringList sql{"--sql-url", "sqlite://" + file, "--sql-table", "adult"};
        const QStringList csv{"--data", QString::fromStdString(testdata::sharedData("adult/adult.data.csv")), "--data",
                              QString::fromStdString(testdata::sharedData("adult/adult.test.csv"))};
        for (const QString& spec : {QString("age=18,30,45,65"), QString("age=quantiles:4"), QString("fnlwgt=width:7")}) {
            const QStringList bin{"--bin", spec, "--bin", "hours-per-week=0,40,41,inf"};
            const QStringList d{"describe", "--attributes", "age,fnlwgt,hours-per-week"};
            const CliRun a = runCli(d + bin + sql), b = runCli(d + bin + csv);
            QVERIFY2(a.ok() && b.ok(), (a.diagnostics() + b.diagnostics()).constData());
            for (const int column : {spec.startsWith("age") ? 0 : 1, 2}) { // the binned attributes
                const QJsonObject x = a.json()["attributes"][column].toObject();
                const QJsonObject y = b.json()["attributes"][column].toObject();
                QVERIFY(x.contains("binning"));
                QCOMPARE(x["categories"], y["categories"]);
                QCOMPARE(x["counts"], y["counts"]);
                QCOMPARE(x["missing"], y["missing"]);
                QCOMPARE(x["binning"], y["binning"]);
            }
            for (const QStringList policy : {QStringList{}, QStringList{"--drop-incomplete"}}) {
                const QStringList r = QStringList{"risk", "--qi", "age,sex,race", "--sensitive", "workclass", "--p",
                                                  "age=0.7,workclass=0.8"} +
                                      bin + policy;
                const CliRun x = runCli(r + sql), y = runCli(r + csv);
                QVERIFY2(x.ok() && y.ok(), (x.diagnostics() + y.diagnostics()).constData());
                for (const char* key : {"rows", "dropped_rows", "cells", "max_risk", "mean_risk"})
                    QCOMPARE(x.json()[key].toDouble(), y.json()[key].toDouble());
            }
        }
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

    // rules streams the database into two bits per item and record (it used to hold the records and ask for a
    // file when one was missing): the records missing an item are dropped as from the file, and the output
    // equals the file's.
    void rulesFromDatabase()
    {
        const QStringList rules{"rules", "--items", "X,Y,Z", "--p", "X=0.8,Y=0.85,Z=0.9", "--min-support", "0.05",
                                "--min-confidence", "0.3"};
        const CliRun csv = runCli(QStringList(rules) << "--data" << m_itemsCsv);
        QVERIFY2(csv.ok(), csv.diagnostics().constData());
        const CliRun sql = runCli(QStringList(rules) << "--sql-url" << m_sqliteUrl << "--sql-table" << "items");
        QVERIFY2(sql.ok(), sql.diagnostics().constData());
        const QJsonObject a = QJsonDocument::fromJson(csv.out).object(), b = QJsonDocument::fromJson(sql.out).object();
        QCOMPARE(a.value("rows").toInt() + a.value("dropped_rows").toInt(), 4006);
        QCOMPARE(a.value("dropped_rows").toInt(), m_itemsMissing);
        QVERIFY(!a.value("rules").toArray().isEmpty());
        for (const char* key : {"rows", "dropped_rows", "itemsets", "rules", "candidates_counted"})
            QVERIFY2(a.value(key) == b.value(key), qPrintable(key));
    }

    // compare streams the database (its counts, then the records in order for anatomy): missing values are
    // dropped as from the file, and every figure equals the file's (only the timings differ).
    void compareFromDatabase()
    {
        const QStringList compare{"compare", "--qi", "A,B", "--sensitive", "S", "--l", "2", "--seed", "1"};
        auto figures = [](const QByteArray& out) {
            QJsonObject o = QJsonDocument::fromJson(out).object();
            o.remove("seconds");
            QJsonObject methods = o.value("methods").toObject();
            for (const QString& m : methods.keys()) {
                QJsonObject method = methods.value(m).toObject();
                for (const QString& k : method.keys())
                    if (k.endsWith("seconds"))
                        method.remove(k);
                methods.insert(m, method);
            }
            o.insert("methods", methods);
            return o;
        };
        const CliRun csv = runCli(QStringList(compare) << "--data" << m_csv);
        QVERIFY2(csv.ok(), csv.diagnostics().constData());
        const CliRun sql = runCli(QStringList(compare) << "--sql-url" << m_sqliteUrl << "--sql-table" << "records");
        QVERIFY2(sql.ok(), sql.diagnostics().constData());
        const QJsonObject a = figures(csv.out), b = figures(sql.out);
        QCOMPARE(b.value("dropped_rows").toInt(), a.value("dropped_rows").toInt());
        QVERIFY(a.value("dropped_rows").toInt() > 0);
        QVERIFY(a.value("methods").toObject().value("anatomy").toObject().value("available").toBool());
        QCOMPARE(b, a);
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

    ReleaseDatabase releaseDatabase(const QString& engine)
    {
        ReleaseDatabase db;
        if (engine == "SQLite") {
            const std::string file = QUrl::fromPercentEncoding(m_sqliteUrl.mid(9).toUtf8()).toStdString();
            db.source = {"--sql-url", m_sqliteUrl, "--sql-table", "records"};
            db.name = [](const std::string& t) { return t; };
            db.rows = [file](const std::string& t) -> std::optional<std::vector<std::vector<std::string>>> {
                if (sqliteRows(file, "SELECT name FROM sqlite_master WHERE name = " + literal(t)).empty())
                    return std::nullopt;
                return sqliteRows(file, "SELECT " + releasedColumns() + " FROM " + quoted(t) + " ORDER BY rowid");
            };
            db.rowsOf = [file](const std::string& t, const std::vector<std::string>& columns)
                -> std::optional<std::vector<std::vector<std::string>>> {
                if (sqliteRows(file, "SELECT name FROM sqlite_master WHERE name = " + literal(t)).empty())
                    return std::nullopt;
                return sqliteRows(file, "SELECT " + textColumns(columns) + " FROM " + quoted(t) + " ORDER BY rowid");
            };
            return db;
        }
        const PgServer pg = *m_pg;
        const std::string schema = m_pgSchema;
        db.source = {"--sql-url", QString::fromStdString(pg.url()), "--sql-table",
                     QString::fromStdString(schema + ".records")};
        db.name = [schema](const std::string& t) { return schema + "." + t; };
        db.rows = [pg, schema](const std::string& t) -> std::optional<std::vector<std::vector<std::string>>> {
            AdminConnection admin(pg);
            if (admin.rows("SELECT to_regclass(" + literal(schema + "." + t) + ") IS NOT NULL")[0][0] != "t")
                return std::nullopt;
            return admin.rows("SELECT " + releasedColumns() + " FROM " + schema + "." + t);
        };
        db.rowsOf = [pg, schema](const std::string& t, const std::vector<std::string>& columns)
            -> std::optional<std::vector<std::vector<std::string>>> {
            AdminConnection admin(pg);
            if (admin.rows("SELECT to_regclass(" + literal(schema + "." + t) + ") IS NOT NULL")[0][0] != "t")
                return std::nullopt;
            return admin.rows("SELECT " + textColumns(columns) + " FROM " + schema + "." + t);
        };
        return db;
    }

    void addReleaseEngines()
    {
        QTest::addColumn<QString>("engine");
        QTest::newRow("SQLite") << "SQLite";
        QTest::newRow("PostgreSQL") << "PostgreSQL";
    }

    // randomize --out-sql-table with the options and seed of a CSV release.
    CliRun releaseTo(const ReleaseDatabase& db, const QString& seed, const QStringList& target)
    {
        return runCli(QStringList{"randomize", "--attributes", "A,B", "--p", "A=0.8,B=0.7", "--keep", "D", "--seed",
                                  seed}
                      << db.source << target);
    }

    // The table appears only on success and holds the CSV release of the same seed, row for row.
    void releaseToTable_data() { addReleaseEngines(); }
    void releaseToTable()
    {
        QFETCH(QString, engine);
        if (engine != "SQLite" && !m_pg)
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server");
        qputenv("RR_SQL_PASSWORD", m_pg ? QByteArray::fromStdString(m_pg->password) : QByteArray());
        const ReleaseDatabase db = releaseDatabase(engine);
        const QString csv = m_dir.filePath("seed4-" + engine + ".csv");
        const CliRun file = releaseTo(db, "4", {"--out", csv});
        QVERIFY2(file.ok(), file.diagnostics().constData());
        QVERIFY(!db.rows("released"));
        const QString note = m_dir.filePath("released-" + engine + ".json");
        const CliRun table =
            releaseTo(db, "4", {"--out-sql-table", QString::fromStdString(db.name("released")), "--note", note});
        QVERIFY2(table.ok(), table.diagnostics().constData());
        QCOMPARE(table.json().value("out_sql_table").toString().toStdString(), db.name("released"));
        QCOMPARE(table.json().value("rows"), file.json().value("rows"));
        QVERIFY(QFile::exists(note));
        const auto rows = db.rows("released");
        QVERIFY(rows);
        const auto expected = csvRows(csv);
        QCOMPARE(rows->size(), std::size_t(4006));
        QVERIFY(std::multiset(rows->begin(), rows->end()) == std::multiset(expected.begin(), expected.end()));
        QVERIFY(*rows == expected); // the same order too

        // An existing table: refused without --force (exit 2, named), replaced with it.
        const CliRun again = releaseTo(db, "5", {"--out-sql-table", QString::fromStdString(db.name("released"))});
        QCOMPARE(again.exitCode, 2);
        QVERIFY2(again.err.contains("released") && again.err.contains("exists already"), again.err.constData());
        QVERIFY(*db.rows("released") == expected);
        // A failure mid-fill keeps the old table (the drop is in the same transaction) and exits 1.
        qputenv("RR_TEST_FAIL_AFTER_ROWS", "1000");
        const CliRun failed =
            releaseTo(db, "5", {"--out-sql-table", QString::fromStdString(db.name("released")), "--force"});
        qunsetenv("RR_TEST_FAIL_AFTER_ROWS");
        QCOMPARE(failed.exitCode, 1);
        QVERIFY2(failed.err.contains("RR_TEST_FAIL_AFTER_ROWS"), failed.err.constData());
        QVERIFY(*db.rows("released") == expected);
        const CliRun replaced =
            releaseTo(db, "5", {"--out-sql-table", QString::fromStdString(db.name("released")), "--force"});
        QVERIFY2(replaced.ok(), replaced.diagnostics().constData());
        const auto newRows = db.rows("released");
        QCOMPARE(newRows->size(), std::size_t(4006));
        QVERIFY(*newRows != expected);
        qunsetenv("RR_SQL_PASSWORD");
    }

    // anonymize --out-sql-table (issue 19): the generalized release as a new table holds what the CSV output
    // holds (the generalization follows from the counts; --keep-order fixes the order), appears only on success
    // and is refused over an existing table without --force.
    void anonymizeToTable_data() { addReleaseEngines(); }
    void anonymizeToTable()
    {
        QFETCH(QString, engine);
        if (engine != "SQLite" && !m_pg)
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server");
        qputenv("RR_SQL_PASSWORD", m_pg ? QByteArray::fromStdString(m_pg->password) : QByteArray());
        const ReleaseDatabase db = releaseDatabase(engine);
        const QStringList anonymize = QStringList{"anonymize", "--model", "distinct", "--l", "2", "--qi", "A,B",
                                                  "--sensitive", "D", "--keep-order"}
                                      << db.source;
        const QString csv = m_dir.filePath("generalized-" + engine + ".csv");
        const CliRun file = runCli(anonymize + QStringList{"--out", csv});
        QVERIFY2(file.ok(), file.diagnostics().constData());
        const QString table = QString::fromStdString(db.name("generalized"));
        QVERIFY(!db.rows("generalized"));
        const CliRun written = runCli(anonymize + QStringList{"--out-sql-table", table});
        QVERIFY2(written.ok(), written.diagnostics().constData());
        QCOMPARE(written.json().value("out_sql_table").toString(), table);
        QCOMPARE(written.json().value("rows_written"), file.json().value("rows_written"));
        QCOMPARE(written.json().value("node"), file.json().value("node"));
        const auto rows = db.rows("generalized");
        QVERIFY(rows);
        const auto expected = csvRows(csv); // columns A, B, D: the QIs and S in source order
        QCOMPARE(rows->size(), expected.size());
        QVERIFY(*rows == expected);
        const CliRun again = runCli(anonymize + QStringList{"--out-sql-table", table});
        QCOMPARE(again.exitCode, 2);
        QVERIFY2(again.err.contains("exists already"), again.err.constData());
        const CliRun both = runCli(anonymize + QStringList{"--out-sql-table", table, "--out", csv});
        QCOMPARE(both.exitCode, 2);
        qunsetenv("RR_SQL_PASSWORD");
    }

    // anatomy --out-sql-table PREFIX (issue 19): the QI table and the sensitive table as PREFIX_qit and PREFIX_st,
    // written in one transaction, hold what the two CSV files hold (--keep-order fixes the QIT's order); existing
    // tables are refused (exit 2) unless --force replaces them.
    void anatomyToTables_data() { addReleaseEngines(); }
    void anatomyToTables()
    {
        QFETCH(QString, engine);
        if (engine != "SQLite" && !m_pg)
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server");
        qputenv("RR_SQL_PASSWORD", m_pg ? QByteArray::fromStdString(m_pg->password) : QByteArray());
        const ReleaseDatabase db = releaseDatabase(engine);
        const QStringList anatomy =
            QStringList{"anatomy", "--l", "2", "--qi", "A,B", "--sensitive", "D", "--keep-order"} << db.source;
        const QString prefix = m_dir.filePath("anatomy-" + engine);
        const CliRun files = runCli(anatomy + QStringList{"--out", prefix});
        QVERIFY2(files.ok(), files.diagnostics().constData());
        QVERIFY(!db.rowsOf("anat_qit", {"A"}));
        const CliRun tables = runCli(anatomy + QStringList{"--out-sql-table", QString::fromStdString(db.name("anat"))});
        QVERIFY2(tables.ok(), tables.diagnostics().constData());
        QCOMPARE(tables.json().value("qit_table").toString(), QString::fromStdString(db.name("anat_qit")));
        QCOMPARE(tables.json().value("groups"), files.json().value("groups"));
        QCOMPARE(tables.json().value("max_risk"), files.json().value("max_risk"));
        const auto qit = db.rowsOf("anat_qit", {"A", "B", "group"});
        const auto st = db.rowsOf("anat_st", {"group", "D", "count"});
        QVERIFY(qit && st);
        const auto expectedQit = csvRows(prefix + ".qit.csv"), expectedSt = csvRows(prefix + ".st.csv");
        QVERIFY(qit->size() > 1000);
        QVERIFY(*qit == expectedQit);
        QVERIFY(*st == expectedSt);
        const CliRun again = runCli(anatomy + QStringList{"--out-sql-table", QString::fromStdString(db.name("anat"))});
        QCOMPARE(again.exitCode, 2);
        QVERIFY2(again.err.contains("exists already"), again.err.constData());
        const CliRun replaced =
            runCli(anatomy + QStringList{"--out-sql-table", QString::fromStdString(db.name("anat")), "--force"});
        QVERIFY2(replaced.ok(), replaced.diagnostics().constData());
        QCOMPARE(db.rowsOf("anat_st", {"group"})->size(), st->size());
        const CliRun both = runCli(anatomy + QStringList{"--out-sql-table", "x", "--out", prefix});
        QCOMPARE(both.exitCode, 2);
        qunsetenv("RR_SQL_PASSWORD");
    }

    // A failure while the new table is filled leaves no table.
    void failedReleaseLeavesNoTable_data() { addReleaseEngines(); }
    void failedReleaseLeavesNoTable()
    {
        QFETCH(QString, engine);
        if (engine != "SQLite" && !m_pg)
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server");
        qputenv("RR_SQL_PASSWORD", m_pg ? QByteArray::fromStdString(m_pg->password) : QByteArray());
        const ReleaseDatabase db = releaseDatabase(engine);
        qputenv("RR_TEST_FAIL_AFTER_ROWS", "2000");
        const CliRun r = releaseTo(db, "6", {"--out-sql-table", QString::fromStdString(db.name("failed"))});
        qunsetenv("RR_TEST_FAIL_AFTER_ROWS");
        qunsetenv("RR_SQL_PASSWORD");
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!db.rows("failed"));
    }

    // The server ends the writing session mid-COPY (pg_terminate_backend from a second connection): exit 1
    // with the reason, and no table.
    void terminatedBackendLeavesNoTable()
    {
        if (!m_pg)
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server");
        const ReleaseDatabase db = releaseDatabase("PostgreSQL");
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("RR_SQL_PASSWORD", QString::fromStdString(m_pg->password));
        env.insert("RR_TEST_PAUSE_AFTER_ROWS", "3000"); // 5 s into the COPY: time to find the session
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(RR_CLI_PATH), QStringList{"randomize", "--attributes", "A,B", "--p", "A=0.8,B=0.7",
                                                         "--keep", "D", "--seed", "7", "--out-sql-table",
                                                         QString::fromStdString(db.name("terminated"))}
                                                 << db.source);
        QVERIFY(p.waitForStarted(30000));
        AdminConnection admin(*m_pg);
        bool terminated = false;
        QElapsedTimer clock;
        clock.start();
        while (!terminated && clock.elapsed() < 20000 && p.state() == QProcess::Running) {
            QTest::qWait(50);
            terminated = !admin.rows("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = "
                                     "'rr-explorer-release' AND query LIKE 'COPY%'")
                              .empty();
        }
        QVERIFY(terminated);
        QVERIFY(p.waitForFinished(30000));
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(err.contains("lost the connection") && err.contains("terminating"), err.constData());
        QCOMPARE(err.count('\n'), 1); // one line: libpq's notices and warnings never reach stderr (issue 24.12)
        QVERIFY(!db.rows("terminated"));
    }

    // A password given in the URL is used, then overwritten in the process's own command line: while the
    // run is held (the release's pause hook), /proc/PID/cmdline shows the URL without it (issue 24.11).
    void passwordLeavesCommandLine()
    {
        if (!m_pg)
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server");
        if (m_pg->password.size() < 4)
            QSKIP("the test server has no password");
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove("RR_SQL_PASSWORD");
        env.insert("RR_TEST_PAUSE_AFTER_ROWS", "1");
        p.setProcessEnvironment(env);
        const QString url = QString::fromStdString(m_pg->url(m_pg->password));
        p.start(QStringLiteral(RR_CLI_PATH),
                {"randomize", "--attributes", "A", "--p", "A=0.8", "--seed", "7", "--sql-url", url, "--sql-table",
                 QString::fromStdString(m_pgSchema + ".records"), "--out", m_dir.filePath("held.csv")});
        QVERIFY(p.waitForStarted(30000));
        QTest::qWait(2000); // inside the 5 s pause after the first record
        QFile cmdline("/proc/" + QString::number(p.processId()) + "/cmdline");
        QVERIFY(p.state() == QProcess::Running && cmdline.open(QIODevice::ReadOnly));
        const QByteArray shown = cmdline.readAll();
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QVERIFY2(shown.contains(QByteArray::fromStdString("postgresql://" + m_pg->user + ":")), shown.constData());
        QVERIFY2(!shown.contains(QByteArray::fromStdString(m_pg->password)), shown.constData());
        QVERIFY(shown.contains("--sql-table"));
    }

    // A statement the server runs past --sql-timeout is stopped by the server: exit 1 with one line naming
    // the timeout, well before the query would end (issue 24.12). A bad value is refused (exit 2).
    void statementTimeout()
    {
        if (!m_pg)
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server");
        qputenv("RR_SQL_PASSWORD", QByteArray::fromStdString(m_pg->password));
        const QStringList source{"--sql-url", QString::fromStdString(m_pg->url()), "--sql-query",
                                 QString::fromStdString("SELECT \"A\", \"B\", \"S\" FROM " + m_pgSchema +
                                                        ".records WHERE pg_sleep(0.5) IS NOT NULL")};
        QElapsedTimer clock;
        clock.start();
        const CliRun r = runCli(QStringList{"risk", "--qi", "A,B", "--sensitive", "S", "--sql-timeout", "1"} << source,
                                {}, 60000);
        QVERIFY2(r.finished, "the stalled statement was not stopped");
        QVERIFY2(clock.elapsed() < 15000, QByteArray::number(clock.elapsed()).constData());
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("canceling statement due to statement timeout"), r.diagnostics().constData());
        QCOMPARE(r.err.count('\n'), 1);
        for (const char* bad : {"-1", "x", "1.5", ""}) {
            const CliRun b = runCli(QStringList{"risk", "--qi", "A,B", "--sensitive", "S", "--sql-timeout", bad}
                                    << source);
            QCOMPARE(b.exitCode, 2);
            QVERIFY2(b.err.contains("--sql-timeout must be a whole number of seconds"), b.diagnostics().constData());
        }
    }

    // Without a terminal to ask on: a wrong RR_SQL_PASSWORD is reported as refused for the user, a missing
    // one as missing; both exit 2 (issue 24.13).
    void loginMessages()
    {
        if (!m_pg)
            QSKIP("RR_TEST_PG_PORT is not set: no PostgreSQL test server");
        const QStringList args{"risk", "--qi", "A,B", "--sensitive", "S", "--sql-url",
                               QString::fromStdString(m_pg->url()), "--sql-table",
                               QString::fromStdString(m_pgSchema + ".records")};
        qputenv("RR_SQL_PASSWORD", "not-the-password-4417");
        const CliRun wrong = runCli(args);
        qunsetenv("RR_SQL_PASSWORD");
        const CliRun none = runCli(args);
        QCOMPARE(wrong.exitCode, 2);
        QVERIFY2(wrong.err.contains(QByteArray::fromStdString("password authentication failed for user \"" +
                                                              m_pg->user + "\"")),
                 wrong.diagnostics().constData());
        QVERIFY2(!wrong.err.contains("no password given") && !wrong.err.contains("not-the-password-4417"),
                 wrong.diagnostics().constData());
        QCOMPARE(none.exitCode, 2);
        QVERIFY2(none.err.contains("no password given for PostgreSQL server") && none.err.contains("RR_SQL_PASSWORD"),
                 none.diagnostics().constData());
    }

    // A session whose data is a SQL query runs it only with --allow-session-sql; the refusal shows the query
    // and the URL without a password (exit 2). A session's table needs no consent (issue 24.4).
    void sessionQueryNeedsConsent()
    {
        SessionData s;
        s.spec.quasiIdentifiers = {"A", "B"};
        s.spec.sensitive = "S";
        s.spec.policy = MissingPolicy::DropIncomplete;
        const std::string query = "SELECT A, B, S FROM records WHERE A <> 'A_3'";
        s.database = SessionDatabase{m_sqliteUrl.toStdString(), "", query};
        const QString path = m_dir.filePath("query-session.json");
        saveSessionFile(s, path.toStdString(), {});
        const CliRun refused = runCli({"risk", "--session", path});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains(QByteArray::fromStdString(query)) && refused.err.contains("--allow-session-sql") &&
                     refused.err.contains(m_sqliteUrl.toUtf8()),
                 refused.diagnostics().constData());
        QVERIFY(refused.out.isEmpty());
        const CliRun allowed = runCli({"risk", "--session", path, "--allow-session-sql"});
        const CliRun spelled = runCli({"risk", "--sql-url", m_sqliteUrl, "--sql-query", QString::fromStdString(query),
                                       "--qi", "A,B", "--sensitive", "S", "--drop-incomplete"});
        QVERIFY2(allowed.ok(), allowed.diagnostics().constData());
        QVERIFY2(spelled.ok(), spelled.diagnostics().constData());
        for (const char* key : {"rows", "dropped_rows", "records", "cells", "max_risk"})
            QCOMPARE(allowed.json().value(key), spelled.json().value(key));
        QVERIFY(allowed.json().value("rows").toInt() > 0);
        s.database = SessionDatabase{m_sqliteUrl.toStdString(), "records", ""};
        saveSessionFile(s, path.toStdString(), {});
        const CliRun table = runCli({"risk", "--session", path});
        QVERIFY2(table.ok(), table.diagnostics().constData());
    }

    void releaseTargetErrors()
    {
        const CliRun both = runCli({"randomize", "--attributes", "A", "--p", "A=0.8", "--seed", "1", "--sql-url",
                                    m_sqliteUrl, "--sql-table", "records", "--out", m_dir.filePath("x.csv"),
                                    "--out-sql-table", "x"});
        QCOMPARE(both.exitCode, 2);
        QVERIFY2(both.err.contains("exactly one of --out"), both.err.constData());
        const CliRun noDatabase = runCli({"randomize", "--attributes", "A", "--p", "A=0.8", "--seed", "1", "--data",
                                          m_csv, "--out-sql-table", "x"});
        QCOMPARE(noDatabase.exitCode, 2);
        QVERIFY2(noDatabase.err.contains("--sql-url"), noDatabase.err.constData());
        const CliRun own = runCli({"randomize", "--attributes", "A", "--p", "A=0.8", "--seed", "1", "--sql-url",
                                   m_sqliteUrl, "--sql-table", "records", "--out-sql-table", "records", "--force"});
        QCOMPARE(own.exitCode, 2);
        QVERIFY2(own.err.contains("own source"), own.err.constData());
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
