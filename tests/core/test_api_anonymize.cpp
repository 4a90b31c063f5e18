// The typed anonymize action (core/api/Anonymize.h): k-anonymity on a small CSV file finds its node, writes the
// generalized table, gives the CLI's JSON for the same options (but the seconds), and refuses what the CLI refuses.
#include "ApiTestSupport.h"

#include "core/api/Anonymize.h"
#include "core/data/Errors.h"

#include <QtTest>

using namespace rr;

class TestApiAnonymize : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string m_csv;

    // sex as the QI, disease sensitive, 2-anonymity (no hierarchies: sex can only be suppressed).
    api::AnonymizeRequest request(const std::string& out) const
    {
        api::AnonymizeRequest q;
        q.data = testing::fileData(m_csv);
        q.roles.quasiIdentifiers = {"sex"};
        q.roles.sensitive = "disease";
        q.model.model = "k";
        q.model.k = 2;
        q.outputs.files = {out};
        return q;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_csv = testing::writeSmallCsv(m_dir);
    }

    void kAnonymityKeepsEveryRecord()
    {
        const api::AnonymizeResult r = api::anonymizeOf(request(m_dir.filePath("k.csv").toStdString()));
        QCOMPARE(r.rows, std::size_t(6));
        QCOMPARE(r.written.randomization.rows, std::size_t(6)); // both sexes have two records or more
        QCOMPARE(r.written.leftOut, std::size_t(0));
        QCOMPARE(r.equivalenceClasses, std::size_t(2));
        QCOMPARE(r.model, std::string("2-anonymity"));
        QVERIFY(r.maxRisk > 0 && r.maxRisk <= 1);
    }

#ifdef RR_CLI_PATH
    void jsonIsTheCliOutput()
    {
        const std::string out = m_dir.filePath("same.csv").toStdString();
        api::Json j = api::anonymizeJson(api::anonymizeOf(request(out)));
        api::Json cli =
            testing::cliJson({"anonymize", "--data", QString::fromStdString(m_csv), "--qi", "sex", "--sensitive",
                              "disease", "--model", "k", "--k", "2", "--out", QString::fromStdString(out)});
        QVERIFY(cli.is_object());
        QCOMPARE(testing::jsonKeys(j), testing::jsonKeys(cli));
        j.erase("seconds");
        cli.erase("seconds");
        QCOMPARE(j, cli);
    }
#endif

    void badRequestsAreInputErrors()
    {
        api::AnonymizeRequest q = request(m_dir.filePath("bad.csv").toStdString());
        q.model.k.reset(); // --model k needs --k
        QVERIFY_THROWS_EXCEPTION(InputError, api::anonymizeOf(q));
        q = request(m_dir.filePath("bad.csv").toStdString());
        q.model.model = "distinct";
        q.model.l = 2.5; // a whole l
        QVERIFY_THROWS_EXCEPTION(InputError, api::anonymizeOf(q));
        q = request(m_csv); // the output would replace the input
        QVERIFY_THROWS_EXCEPTION(InputError, api::anonymizeOf(q));
        q = request(m_dir.filePath("bad.csv").toStdString());
        q.keep = {"disease"}; // the sensitive attribute is released already
        QVERIFY_THROWS_EXCEPTION(InputError, api::anonymizeOf(q));
        QVERIFY(!QFile::exists(m_dir.filePath("bad.csv")));
    }
};

QTEST_GUILESS_MAIN(TestApiAnonymize)
#include "test_api_anonymize.moc"
