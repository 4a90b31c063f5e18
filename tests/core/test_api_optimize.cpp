// The typed optimize action (core/api/Optimize.h): a request over a table in memory gives the optimum the CLI
// prints, its JSON in the CLI's key order, and the same InputErrors as the command line.
#include "ApiTestSupport.h"

#include "core/datasource/DataSource.h"
#include "core/api/Optimize.h"
#include "core/data/Errors.h"

#include <QtTest>

using namespace rr;

namespace {

// 8 records: sex, disease, smoker.
std::shared_ptr<const DataSource> smallTable()
{
    Table t;
    t.attributes.push_back({"sex", {"F", "M"}, {0, 0, 0, 0, 1, 1, 1, 1}});
    t.attributes.push_back({"disease", {"flu", "cold"}, {0, 0, 1, 1, 1, 1, 1, 1}});
    t.attributes.push_back({"smoker", {"no", "yes"}, {0, 1, 0, 1, 0, 1, 0, 1}});
    return std::make_shared<TableSource>(std::move(t));
}

api::OptimizeRequest request()
{
    api::OptimizeRequest r;
    r.data.table = smallTable();
    r.qi = {"sex"};
    r.sensitive = {"disease"};
    r.mode = RandomizationMode::Both;
    r.tau = 0.6;
    return r;
}

} // namespace

class TestApiOptimize : public QObject {
    Q_OBJECT

private slots:
    void feasibleOptimumMeetsTau()
    {
        const api::OptimizeResult r = api::optimizeOf(request());
        QVERIFY(r.result.feasible);
        QVERIFY(r.result.maxRisk <= 0.6);
        QCOMPARE(r.names, (std::vector<std::string>{"sex", "disease"}));
        QCOMPARE(r.rows, std::size_t(8));
        QVERIFY(!r.infeasibility && !r.several() && !r.analysis);
        const std::vector<std::string> expected{"feasible", "mode", "p", "objective", "max_risk", "tau", "rows",
                                                "dropped_rows", "evaluations", "inference", "warnings"};
        QCOMPARE(testing::jsonKeys(api::optimizeJson(r)), expected);
    }

    void lIsWrittenAndUnreachableTauExplained()
    {
        api::OptimizeRequest q = request();
        q.tau.reset();
        q.l = 3; // beyond the two values of disease
        QVERIFY_THROWS_EXCEPTION(InputError, api::optimizeOf(q));
        q.l = 2;
        q.mode = RandomizationMode::S; // every M has cold: a risk of 1 whatever p_disease is (003 eq. 5.8)
        const api::OptimizeResult r = api::optimizeOf(q);
        QVERIFY(!r.result.feasible);
        QVERIFY(r.infeasibility && !r.infeasibility->explanation.empty());
        QCOMPARE(r.result.certainGroups, std::size_t(1));
        const api::Json j = api::optimizeJson(r);
        QCOMPARE(j["l"].get<double>(), 2.0);
        QCOMPARE(testing::jsonKeys(j).front(), std::string("feasible"));
        QVERIFY(j.contains("certain_groups") && j.contains("best_l_per_mode") && j.contains("notes"));
    }

    void severalSensitiveAttributesGiveEachOne()
    {
        api::OptimizeRequest q = request();
        q.sensitive = {"disease", "smoker"};
        q.knows = {{"smoker", {"disease"}}};
        const api::OptimizeResult r = api::optimizeOf(q);
        QVERIFY(r.several());
        QCOMPARE(r.targets.size(), std::size_t(2));
        QCOMPARE(r.targets[1].knows, std::vector<std::string>{"disease"});
        const std::vector<std::string> tail{"randomized", "sensitive", "warnings", "notes"};
        const std::vector<std::string> k = testing::jsonKeys(api::optimizeJson(r));
        QCOMPARE(std::vector<std::string>(k.end() - 4, k.end()), tail);
    }

    void badRequestsAreInputErrors()
    {
        api::OptimizeRequest q = request();
        q.l = 2; // and tau
        QVERIFY_THROWS_EXCEPTION(InputError, api::optimizeOf(q));
        q = request();
        q.tau.reset();
        QVERIFY_THROWS_EXCEPTION(InputError, api::optimizeOf(q));
        q = request();
        q.tau = 2;
        QVERIFY_THROWS_EXCEPTION(InputError, api::optimizeOf(q));
        q = request();
        q.maxReidentification = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, api::optimizeOf(q));
        q = request();
        q.analysis = "cells:nope";
        QVERIFY_THROWS_EXCEPTION(InputError, api::optimizeOf(q));
    }

    void progressReturningFalseCancels()
    {
        QVERIFY_THROWS_EXCEPTION(Cancelled, api::optimizeOf(request(), [](double) { return false; }));
    }
};

QTEST_GUILESS_MAIN(TestApiOptimize)
#include "test_api_optimize.moc"
