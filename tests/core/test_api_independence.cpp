// The typed independence action (core/api/Independence.h): Pearson X2 of a table counted by hand, the test on
// the expected randomized table with matrices, its JSON the CLI's for the same file, and InputErrors.
#include "ApiTestSupport.h"

#include "core/api/Independence.h"
#include "core/data/Errors.h"

#include <QtTest>

#include <cmath>

using namespace rr;

class TestApiIndependence : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_csv;

    api::IndependenceRequest request() const
    {
        api::IndependenceRequest r;
        r.data = testing::fileData(m_csv);
        r.attributes = {"sex", "disease"};
        return r;
    }

private slots:
    void initTestCase() { m_csv = testing::writeSmallCsv(m_dir); }

    // sex x disease [[2, 0], [1, 3]], expected [[1, 1], [2, 2]]: X2 = 1 + 1 + 1/2 + 1/2 = 3 on 1 df.
    void pearsonX2CountedByHand()
    {
        const api::IndependenceResult r = api::independenceOf(request());
        QCOMPARE(r.source, std::string("original"));
        QVERIFY(std::abs(r.test.fit.chiSquare.value - 3.0) < 1e-12);
        QCOMPARE(r.test.fit.df, 1LL);
        QVERIFY(!r.test.rejected); // p = 0.083 at alpha 0.05
        QVERIFY(r.validity.valid && !r.original);
        QCOMPARE(r.n, 6.0);
    }

    void withMatricesTheExpectedRandomizedTableAndTheClisJson()
    {
        api::IndependenceRequest q = request();
        q.distortions.p = {{"disease", 0.8}};
        q.given = {"smoker"};
        const api::IndependenceResult r = api::independenceOf(q);
        QCOMPARE(r.source, std::string("expected-randomized"));
        QVERIFY(r.original && r.test.fit.chiSquare.value < r.original->fit.chiSquare.value);
        const api::Json j = api::independenceJson(r);
        QCOMPARE(testing::jsonKeys(j).front(), std::string("attributes"));
        QCOMPARE(j, testing::cliJson({"independence", "--data", QString::fromStdString(m_csv), "--attributes",
                                      "sex,disease", "--given", "smoker", "--p", "disease=0.8"}));
        q.distortions = {};
        q.randomized = true; // p unknown: every attribute taken as randomized, so the conditional test is not valid
        const api::IndependenceResult unknown = api::independenceOf(q);
        QVERIFY(!unknown.validity.valid);
        QCOMPARE(api::independenceJson(unknown),
                 testing::cliJson({"independence", "--data", QString::fromStdString(m_csv), "--attributes",
                                   "sex,disease", "--given", "smoker", "--randomized"}));
    }

    void badRequestsAreInputErrors()
    {
        api::IndependenceRequest q = request();
        q.attributes = {"sex"};
        QVERIFY_THROWS_EXCEPTION(InputError, api::independenceOf(q));
        q = request();
        q.alpha = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, api::independenceOf(q));
        q = request();
        q.given = {"nope"};
        QVERIFY_THROWS_EXCEPTION(InputError, api::independenceOf(q));
    }
};

QTEST_GUILESS_MAIN(TestApiIndependence)
#include "test_api_independence.moc"
