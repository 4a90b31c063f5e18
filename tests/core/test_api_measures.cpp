// The typed measures action (core/api/Measures.h): in clear the pooled cells are the observed shares, its JSON is
// the CLI's for the same file, and bad requests are InputErrors.
#include "ApiTestSupport.h"

#include "core/api/Measures.h"
#include "core/data/Errors.h"

#include <QtTest>

#include <cmath>

using namespace rr;

class TestApiMeasures : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_csv;

    api::PairMeasuresRequest request() const
    {
        api::PairMeasuresRequest r;
        r.data = testing::fileData(m_csv);
        r.attributes = {"sex", "smoker"};
        return r;
    }

private slots:
    void initTestCase() { m_csv = testing::writeSmallCsv(m_dir); }

    // sex x smoker: F-no 1, F-yes 1, M-no 2, M-yes 2; present are M and yes (second in the data's order).
    void inClearTheCellsAreTheShares()
    {
        const api::PairMeasuresResult r = api::measuresOf(request());
        QCOMPARE(r.measures.n, 6.0);
        QCOMPARE(r.positive[0], std::string("M"));
        QCOMPARE(r.positive[1], std::string("yes"));
        const double shares[4] = {1.0 / 6, 1.0 / 6, 2.0 / 6, 2.0 / 6};
        for (int k = 0; k < 4; ++k)
            QVERIFY(std::abs(r.measures.cells[static_cast<std::size_t>(k)].estimate.value - shares[k]) < 1e-12);
        QCOMPARE(r.measures.measures.size(), std::size_t(21));
    }

    void positiveAndPGiveTheClisJson()
    {
        api::PairMeasuresRequest q = request();
        q.positive = {{"smoker", "no"}};
        q.distortions.p = {{"sex", 0.9}};
        q.alpha = 0.1;
        const api::PairMeasuresResult r = api::measuresOf(q);
        QCOMPARE(r.positive[1], std::string("no"));
        const api::Json j = api::measuresJson(r);
        QCOMPARE(testing::jsonKeys(j),
                 (std::vector<std::string>{"attributes", "rows", "dropped_rows", "n", "positive", "categories", "p",
                                           "alpha", "cells", "covariance", "measures", "residuals"}));
        QCOMPARE(j, testing::cliJson({"measures", "--data", QString::fromStdString(m_csv), "--attributes",
                                      "sex,smoker", "--positive", "smoker=no", "--p", "sex=0.9", "--alpha", "0.1"}));
    }

    void badRequestsAreInputErrors()
    {
        api::PairMeasuresRequest q = request();
        q.attributes = {"sex"};
        QVERIFY_THROWS_EXCEPTION(InputError, api::measuresOf(q));
        q = request();
        q.alpha = 1;
        QVERIFY_THROWS_EXCEPTION(InputError, api::measuresOf(q));
        q = request();
        q.positive = {{"disease", "flu"}};
        QVERIFY_THROWS_EXCEPTION(InputError, api::measuresOf(q));
        q = request();
        q.positive = {{"sex", "X"}};
        QVERIFY_THROWS_EXCEPTION(InputError, api::measuresOf(q));
    }
};

QTEST_GUILESS_MAIN(TestApiMeasures)
#include "test_api_measures.moc"
