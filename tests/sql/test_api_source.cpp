// The typed layer's source request (core/api/Source.h), the one way the CLI, the GUI and Python open a table:
// CSV files read at once (with progress) or on first use give the same summary; bins apply; a SQLite table
// opens through the same request; mixed formats, two statistical files, no data and a database request
// without exactly one of table and query are refused in words.
#include "SqlTestData.h"

#include "core/api/Source.h"
#include "core/data/Errors.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace rr;

namespace {

const std::string kTrain = std::string(RR_RESOURCES_DIR) + "/data/adult.data.csv";
const std::string kTest = std::string(RR_RESOURCES_DIR) + "/data/adult.test.csv";

std::string errorOf(const api::SourceRequest& r)
{
    try {
        api::openSource(r);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

} // namespace

class TestApiSource : public QObject {
    Q_OBJECT
private slots:
    void csvNowAndDeferredAgree()
    {
        api::SourceRequest r;
        r.files = {kTrain, kTest};
        const auto deferred = api::openSource(r);
        int calls = 0;
        r.progress = [&calls](double) { return ++calls > 0; };
        const auto now = api::openSource(r);
        QVERIFY(calls > 0);
        QCOMPARE(deferred->summary().rows, std::size_t(48842));
        QCOMPARE(now->summary().rows, deferred->summary().rows);
        QCOMPARE(now->summary().attribute("workclass").categories,
                 deferred->summary().attribute("workclass").categories);
        QCOMPARE(api::sourceFormat(r), std::optional<StatFormat>());
    }

    void binsApply()
    {
        api::SourceRequest r;
        r.files = {kTrain};
        r.bins = {parseBinSpec("age=0,30,50,inf")};
        const auto s = api::openSource(r);
        QCOMPARE(s->summary().attribute("age").categories,
                 (std::vector<std::string>{"[0, 30)", "[30, 50)", "[50, inf)"}));
    }

    void sqliteTableThroughTheSameRequest()
    {
        QTemporaryDir dir;
        const std::string file = dir.filePath("a.sqlite").toStdString();
        {
            sqltest::SqliteFixture db(file);
            db.exec("CREATE TABLE people (sex TEXT, race TEXT)");
            db.exec("INSERT INTO people VALUES ('F', 'A'), ('M', 'B'), ('F', NULL)");
        }
        api::SourceRequest r;
        r.database = api::DatabaseRequest{};
        r.database->url = "sqlite://" + file;
        r.database->table = "people";
        std::vector<std::string> warnings;
        r.database->warn = [&warnings](const std::string& w) { warnings.push_back(w); };
        const auto s = api::openSource(r);
        QCOMPARE(s->summary().rows, std::size_t(3));
        QCOMPARE(s->summary().attribute("sex").categories, (std::vector<std::string>{"F", "M"}));
        QVERIFY(warnings.empty()); // SQLite opens read only without a word
        r.database->query = "SELECT * FROM people";
        QVERIFY(errorOf(r).find("exactly one of a table and a query") != std::string::npos);
    }

    void refusals()
    {
        api::SourceRequest r;
        QVERIFY(errorOf(r).find("no data") != std::string::npos);
        r.files = {kTrain, "b.sav"};
        QVERIFY2(errorOf(r).find("are not of one format") != std::string::npos, errorOf(r).c_str());
        r.files = {"a.sav", "b.sav"};
        QVERIFY2(errorOf(r).find("one SPSS .sav file at a time: 2 files were given") != std::string::npos,
                 errorOf(r).c_str());
        r.files = {"a.csv", "b.csv"};
        r.format = StatFormat::Dta;
        QVERIFY2(errorOf(r).find("file at a time: 2 files") != std::string::npos, errorOf(r).c_str());
    }
};

QTEST_GUILESS_MAIN(TestApiSource)
#include "test_api_source.moc"
