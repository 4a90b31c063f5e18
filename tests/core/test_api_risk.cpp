// The typed risk action (core/api/Risk.h): a request over a table in memory gives the result the CLI prints,
// its JSON in the CLI's key order, and the same InputErrors as the command line.
#include "ApiTestSupport.h"

#include "core/datasource/DataSource.h"
#include "core/api/Risk.h"
#include "core/data/Errors.h"

#include <QtTest>

using namespace rr;

namespace {

// 6 records: sex, disease, smoker; at p = 1 the risk of a cell is n(q, s) / n(q).
std::shared_ptr<const DataSource> smallTable()
{
    Table t;
    t.attributes.push_back({"sex", {"F", "M"}, {0, 0, 0, 1, 1, 1}});
    t.attributes.push_back({"disease", {"flu", "cold"}, {0, 0, 1, 1, 1, 1}});
    t.attributes.push_back({"smoker", {"no", "yes"}, {0, 1, 0, 1, 0, 1}});
    return std::make_shared<TableSource>(std::move(t));
}

api::RiskRequest request()
{
    api::RiskRequest r;
    r.data.table = smallTable();
    r.qi = {"sex"};
    r.sensitive = {"disease"};
    return r;
}

} // namespace

class TestApiRisk : public QObject {
    Q_OBJECT

private slots:
    void inClearRiskIsTheGroupShare()
    {
        const api::RiskResult r = api::riskOf(request());
        QCOMPARE(r.rows, std::size_t(6));
        QCOMPARE(r.figures.summary.maxRisk, 1.0); // every M has cold
        QCOMPARE(r.figures.worst.front().second, std::string("M"));
        QVERIFY(!r.tau);
        QVERIFY(!r.several());
    }

    void jsonHasTheCliKeysInOrder()
    {
        api::RiskRequest q = request();
        q.distortions.p = {{"sex", 0.9}};
        q.tau = 0.5;
        const api::Json j = api::riskJson(api::riskOf(q));
        const std::vector<std::string> expected{"rows", "dropped_rows", "records", "cells", "max_risk", "mean_risk",
                                                "quantiles", "records_over_tau", "tau", "worst", "p", "epsilon",
                                                "reidentification", "inference", "warnings", "notes"};
        QCOMPARE(testing::jsonKeys(j), expected);
        QCOMPARE(j["p"]["sex"].get<double>(), 0.9);
        QCOMPARE(j["warnings"].size(), std::size_t(1)); // disease left in clear while sex is randomized
    }

    void severalSensitiveAttributesGiveEachOne()
    {
        api::RiskRequest q = request();
        q.sensitive = {"disease", "smoker"};
        q.knows = {{"smoker", {"disease"}}};
        const api::RiskResult r = api::riskOf(q);
        QVERIFY(r.several());
        QCOMPARE(r.targets.size(), std::size_t(2));
        QCOMPARE(r.targets[1].knows, std::vector<std::string>{"disease"});
        QCOMPARE(testing::jsonKeys(api::riskJson(r)).front(), std::string("rows"));
    }

    void badRequestsAreInputErrors()
    {
        api::RiskRequest q = request();
        q.tau = 2;
        QVERIFY_THROWS_EXCEPTION(InputError, api::riskOf(q));
        q = request();
        q.distortions.p = {{"nope", 0.9}};
        QVERIFY_THROWS_EXCEPTION(InputError, api::riskOf(q));
        q = request();
        q.sensitive = {"disease", "smoker"};
        q.distortions.matrixFiles = {{"sex", "m.csv"}};
        QVERIFY_THROWS_EXCEPTION(InputError, api::riskOf(q));
    }

    void progressReturningFalseCancels()
    {
        QVERIFY_THROWS_EXCEPTION(Cancelled, api::riskOf(request(), [](double) { return false; }));
    }
};

QTEST_GUILESS_MAIN(TestApiRisk)
#include "test_api_risk.moc"
