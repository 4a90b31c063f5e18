// The typed reidentification action (core/api/Reidentification.h): a request over a small file gives the risks
// counted by hand (1 / class size in clear), its JSON is the CLI's for the same file, and bad requests are
// InputErrors.
#include "ApiTestSupport.h"

#include "core/api/Reidentification.h"
#include "core/data/Errors.h"

#include <QtTest>

#include <cmath>

using namespace rr;

class TestApiReidentification : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_csv;

    api::ReidentificationRiskRequest request() const
    {
        api::ReidentificationRiskRequest r;
        r.data = testing::fileData(m_csv);
        r.qi = {"sex", "smoker"};
        return r;
    }

private slots:
    void initTestCase() { m_csv = testing::writeSmallCsv(m_dir); }

    // Cells F-no 1, F-yes 1, M-no 2, M-yes 2: prosecutor risk 1 / class size, mean (1 + 1 + 4 * 0.5) / 6.
    void inClearTheRiskIsOneOverTheClassSize()
    {
        const api::ReidentificationResult r = api::reidentificationOf(request());
        QCOMPARE(r.rows, std::size_t(6));
        QCOMPARE(r.risk.cells.size(), std::size_t(4));
        QCOMPARE(r.risk.original.max, 1.0);
        QVERIFY(std::abs(r.risk.original.mean - 4.0 / 6.0) < 1e-15);
        QCOMPARE(r.risk.original.sampleUniques, 2.0);
        QVERIFY(std::abs(r.risk.randomized.mean - r.risk.original.mean) < 1e-12); // p = 1: nothing changes
        QCOMPARE(r.risk.cells[2].count, 2.0);
        QCOMPARE(r.risk.cells[2].original, 0.5);
    }

    void randomizingLowersTheRiskAndTheJsonIsTheClis()
    {
        api::ReidentificationRiskRequest q = request();
        q.distortions.p = {{"sex", 0.8}};
        q.threshold = 0.6;
        q.listCells = true;
        const api::ReidentificationResult r = api::reidentificationOf(q);
        QVERIFY(r.risk.randomized.max < r.risk.original.max);
        const api::Json j = api::reidentificationJson(r);
        QCOMPARE(testing::jsonKeys(j), (std::vector<std::string>{"rows", "dropped_rows", "records", "qi", "p",
                                                                 "threshold", "original", "randomized", "cells"}));
        QCOMPARE(j["cells"][0]["qi"]["sex"].get<std::string>(), std::string("F"));
        QCOMPARE(j, testing::cliJson({"reidentification", "--data", QString::fromStdString(m_csv), "--qi",
                                      "sex,smoker", "--p", "sex=0.8", "--threshold", "0.6", "--cells"}));
        QVERIFY(!api::reidentificationJson(api::reidentificationOf(request())).contains("cells"));
    }

    void badRequestsAreInputErrors()
    {
        api::ReidentificationRiskRequest q = request();
        q.threshold = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, api::reidentificationOf(q));
        q = request();
        q.qi = {"nope"};
        QVERIFY_THROWS_EXCEPTION(InputError, api::reidentificationOf(q));
        q = request();
        q.distortions.p = {{"disease", 0.9}};
        QVERIFY_THROWS_EXCEPTION(InputError, api::reidentificationOf(q));
    }
};

QTEST_GUILESS_MAIN(TestApiReidentification)
#include "test_api_reidentification.moc"
