// File > Open Database with a SQLite file (always available; the PostgreSQL and ODBC paths are tested in
// tests/sql): the Adult sample as a table opens through the same Workspace path as its CSV files, the
// analysis equals the CSV one (records, dropped rows, each attribute's counts, the maximum risk), the data
// view pages rows from the database, a session keeps the URL (never a password) and reopens it, and the
// dialog checks what is typed.
#include "ui/mainwindow/DataPage.h"
#include "TestSupport.h"
#include "UiTestSupport.h"
#include "sql/SqlTestData.h"

#include "core/analysis/PreparedAnalysis.h"
#include "core/session/SessionFile.h"
#include "ui/mainwindow/OpenDatabaseDialog.h"
#include "ui/session/AnalysisState.h"
#include "ui/session/SessionCapture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>

using namespace rr;
using namespace rr::ui;

class TestOpenDatabase : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_url;

    DatabaseChoice adultTable() const { return {m_url, "adult", {}}; }

    static std::vector<double> marginalOf(const PreparedTable& t, const std::string& name,
                                          std::vector<std::string>& categories)
    {
        const int axis = t.axisOf(name);
        categories = t.categories[static_cast<std::size_t>(axis)];
        const ContingencyTable m = t.joint.marginal({axis});
        return {m.counts().data(), m.counts().data() + m.counts().size()};
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        QVERIFY(m_dir.isValid());
        const QString file = m_dir.filePath("adult.sqlite");
        {
            sqltest::SqliteFixture db(file.toStdString());
            sqltest::loadTable(db, "adult", sqltest::adultRaw(), true); // '?' stored as NULL
        }
        m_url = "sqlite://" + file;
    }

    void opensLikeTheCsvFiles()
    {
        auto csv = testing::openSampleWindow();
        const auto expected = csv->workspace()->analysis();
        QVERIFY(expected);

        MainWindow w;
        w.resize(1280, 800);
        w.show();
        w.openDatabase(adultTable());
        w.workspace()->waitForIdle();
        const auto a = w.workspace()->analysis();
        QVERIFY2(a, "no analysis after opening the database");
        QVERIFY(w.state()->dataPaths() == databasePaths(adultTable()));
        QVERIFY(w.state()->spec() == expected->spec); // EMGRW on Adult, as for the CSV files
        QCOMPARE(a->loadedRows, std::size_t(48842));
        QCOMPARE(a->keptRows(), std::size_t(45222));
        QCOMPARE(a->droppedRows, expected->droppedRows);
        QCOMPARE(a->records, expected->records);
        QVERIFY(a->dims == expected->dims);
        for (const auto& name : a->names) { // the same counts, the categories sorted (SQL) or as they come (CSV)
            std::vector<std::string> sqlCats, csvCats;
            const auto sql = marginalOf(*a, name, sqlCats);
            const auto csvCounts = marginalOf(*expected, name, csvCats);
            for (std::size_t k = 0; k < csvCats.size(); ++k) {
                const auto at = std::find(sqlCats.begin(), sqlCats.end(), csvCats[k]);
                QVERIFY2(at != sqlCats.end(), csvCats[k].c_str());
                QCOMPARE(sql[static_cast<std::size_t>(at - sqlCats.begin())], csvCounts[k]);
            }
        }
        // The maximum risk at the window's p is the CSV path's (a maximum: the cell order does not matter).
        const std::vector<double> p = w.workspace()->effectiveP();
        const std::vector<double> pCsv = csv->workspace()->effectiveP();
        QVERIFY(p == pCsv);
        DisclosureRiskModel mSql = a->model, mCsv = expected->model;
        RR_COMPARE_NEAR(mSql.maxRiskWarner(p), mCsv.maxRiskWarner(pCsv), 1e-12);
        QVERIFY(w.windowTitle().contains("adult @ " + m_url));

        // The data view pages rows from the table: every row, the first ones as the file has them.
        QAbstractItemModel* model = w.view<DataPage>("data")->records()->model();
        QCOMPARE(model->rowCount(), 48842);
        QCOMPARE(model->columnCount(), 15);
        int education = -1;
        for (int c = 0; c < model->columnCount(); ++c)
            if (model->headerData(c, Qt::Horizontal).toString() == "education")
                education = c;
        QVERIFY(education >= 0);
        QCOMPARE(model->data(model->index(0, education), Qt::DisplayRole).toString(), QString("Bachelors"));
        const QAbstractItemModel* fromCsv = csv->view<DataPage>("data")->records()->model();
        QCOMPARE(model->data(model->index(48841, education), Qt::DisplayRole).toString(),
                 fromCsv->data(fromCsv->index(48841, education)).toString());
    }

    // A session stores the URL and the table, no password, and reopens the database.
    void sessionRoundTrip()
    {
        MainWindow w;
        w.openDatabase(adultTable());
        w.workspace()->waitForIdle();
        w.state()->setRetention("sex", 0.7);
        const QString path = m_dir.filePath("db-session.json");
        QVERIFY(w.saveSession(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(root.value("database").toObject().value("url").toString(), m_url);
        QCOMPARE(root.value("database").toObject().value("table").toString(), QString("adult"));
        QVERIFY(root.value("data").toArray().isEmpty());

        MainWindow other;
        QString shown;
        testing::answerMessageBox("sessionDatabaseConfirmation", QMessageBox::Yes, &shown);
        QVERIFY(other.openSession(path));
        QVERIFY2(shown.contains(m_url) && shown.contains("Table: adult"), qPrintable(shown));
        other.workspace()->waitForIdle();
        QVERIFY(other.state()->dataPaths() == databasePaths(adultTable()));
        QCOMPARE(other.state()->retention("sex"), 0.7);
        QVERIFY(other.workspace()->analysis());
        QCOMPARE(other.workspace()->analysis()->keptRows(), std::size_t(45222));
    }

    // A session whose data is a query shows the query and the URL (a password in a hand-edited file
    // scrubbed) before anything connects: "No" opens nothing, "Yes" opens it (issue 24.4).
    void sessionQueryIsConfirmed()
    {
        const QString query = "SELECT education, sex, race, workclass FROM adult";
        MainWindow w;
        w.openDatabase({m_url, {}, query});
        w.workspace()->waitForIdle();
        const QString path = m_dir.filePath("query-session.json");
        QVERIFY(w.saveSession(path));

        // The same session pointing at a server with a password typed into the file.
        SessionData edited = readSessionFile(path);
        QVERIFY(edited.database);
        edited.database->url = "postgresql://ann:Hunter2Secret@127.0.0.1:1/db";
        const QString remote = m_dir.filePath("remote-session.json");
        saveSessionFile(edited, remote.toStdString(), {});

        MainWindow declined;
        QSignalSpy errors(declined.workspace(), &Workspace::errorOccurred);
        QString shown;
        testing::answerMessageBox("sessionDatabaseConfirmation", QMessageBox::No, &shown);
        QVERIFY(!declined.openSession(remote));
        declined.workspace()->waitForIdle();
        QVERIFY2(shown.contains(query) && shown.contains("postgresql://ann:***@127.0.0.1:1/db"), qPrintable(shown));
        QVERIFY2(!shown.contains("Hunter2Secret"), qPrintable(shown));
        QCOMPARE(errors.count(), 0); // nothing tried to connect
        QVERIFY(declined.state()->dataPaths().isEmpty());

        MainWindow accepted;
        testing::answerMessageBox("sessionDatabaseConfirmation", QMessageBox::Yes, &shown);
        QVERIFY(accepted.openSession(path));
        accepted.workspace()->waitForIdle();
        QVERIFY(shown.contains(query));
        QVERIFY(accepted.workspace()->analysis());
        QCOMPARE(accepted.workspace()->source()->summary().rows, std::size_t(48842));
    }

    // Headless, nobody can confirm: the export refuses a stored query (exit 2, the query shown) unless
    // --allow-session-sql is given.
    void headlessSessionQueryNeedsFlag()
    {
        RR_SKIP_PROCESSES_UNDER_TSAN();
        MainWindow w;
        w.openDatabase({m_url, {}, "SELECT education, sex, race, workclass FROM adult"});
        w.workspace()->waitForIdle();
        const QString path = m_dir.filePath("headless-query.json");
        QVERIFY(w.saveSession(path));
        const auto run = [&](const QStringList& extra) {
            QProcess p;
            p.start(QStringLiteral(RR_GUI_PATH), QStringList{"--session", path, "--export-chart", "risk", "--out",
                                                             m_dir.filePath("risk.png")} + extra);
            p.waitForFinished(120000);
            return std::make_pair(p.exitCode(), p.readAllStandardError());
        };
        const auto [refusedCode, refusedErr] = run({});
        QCOMPARE(refusedCode, 2);
        QVERIFY2(refusedErr.contains("SELECT education, sex, race, workclass FROM adult") &&
                     refusedErr.contains("--allow-session-sql"),
                 refusedErr.constData());
        QVERIFY(!QFile::exists(m_dir.filePath("risk.png")));
        const auto [allowedCode, allowedErr] = run({"--allow-session-sql"});
        QVERIFY2(allowedCode == 0, allowedErr.constData());
        QVERIFY(QFile::exists(m_dir.filePath("risk.png")));
    }

    // A query source and a missing table: the error reaches the window, nothing is replaced.
    void querySourceAndErrors()
    {
        MainWindow w;
        w.openDatabase({m_url, {}, "SELECT education, sex, race, workclass FROM adult"});
        w.workspace()->waitForIdle();
        QVERIFY(w.workspace()->analysis());
        QCOMPARE(w.workspace()->source()->summary().rows, std::size_t(48842));
        QCOMPARE(w.workspace()->source()->summary().attributes.size(), std::size_t(4));
        // Of these columns only workclass has missing values (NULL): the rest are kept.
        const double missing = w.workspace()->source()->summary().attribute("workclass").missing;
        QCOMPARE(missing, 2799.0);
        QCOMPARE(w.workspace()->analysis()->keptRows(), std::size_t(48842 - 2799));

        QSignalSpy errors(w.workspace(), &Workspace::errorOccurred);
        w.openDatabase({m_url, "nope", {}});
        w.workspace()->waitForIdle();
        QCOMPARE(errors.count(), 1);
        QVERIFY2(errors.first().first().toString().contains("nope"), qPrintable(errors.first().first().toString()));
        QCOMPARE(w.workspace()->source()->summary().attributes.size(), std::size_t(4)); // the query source stays
    }

    void dialogChecksTheUrl()
    {
        OpenDatabaseDialog d;
        QVERIFY(!d.isAcceptable());
        d.urlEdit()->setText("postgresql://rr:Sup3rSecret@db.example.org:5433/census");
        QVERIFY(!d.isAcceptable()); // no table yet
        d.tableEdit()->setText("public.adult");
        QVERIFY2(d.isAcceptable(), qPrintable(d.problemLabel()->text()));
        QCOMPARE(d.choice().table, QString("public.adult"));
        d.urlEdit()->setText("mysql://rr:Sup3rSecret@h/db");
        QVERIFY(!d.isAcceptable());
        QVERIFY(!d.problemLabel()->text().isEmpty());
        QVERIFY(!d.problemLabel()->text().contains("Sup3rSecret"));
        d.queryButton()->setChecked(true);
        d.urlEdit()->setText(m_url);
        QVERIFY(!d.isAcceptable()); // no query yet
        d.queryEdit()->setPlainText("SELECT sex FROM adult");
        QVERIFY(d.isAcceptable());
        QVERIFY(d.choice().table.isEmpty());
        QCOMPARE(d.choice().query, QString("SELECT sex FROM adult"));
    }
};

QTEST_MAIN(TestOpenDatabase)
#include "test_open_database.moc"
