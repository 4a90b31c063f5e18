// The typed reconstruct action (core/api/Reconstruct.h): a request over a table in memory gives the estimates the
// CLI prints, its JSON in the CLI's key order (the streamed parts and the whole alike), and the same InputErrors.
#include "ApiTestSupport.h"

#include "core/datasource/DataSource.h"
#include "core/api/Reconstruct.h"
#include "core/data/Errors.h"

#include <QtTest>

using namespace rr;

namespace {

api::ReconstructRequest request()
{
    Table t;
    t.attributes.push_back({"sex", {"F", "M"}, {0, 0, 0, 1, 1, 1, 1, 1}});
    t.attributes.push_back({"smoker", {"no", "yes"}, {0, 1, 0, 1, 0, 0, 1, 1}});
    api::ReconstructRequest r;
    r.data.table = std::make_shared<TableSource>(std::move(t));
    r.attributes = {"sex", "smoker"};
    return r;
}

} // namespace

class TestApiReconstruct : public QObject {
    Q_OBJECT

private slots:
    void inClearTheEstimateIsTheObservedShare()
    {
        const api::ReconstructResult r = api::reconstructOf(request());
        QCOMPARE(r.cellCount(), std::size_t(4));
        QCOMPARE(r.n, 8.0);
        for (Eigen::Index u = 0; u < r.estimate.size(); ++u)
            QVERIFY(std::abs(r.estimate[u] - r.observed[u]) < 1e-15);
        const api::Json j = api::reconstructJson(r);
        QCOMPARE(testing::jsonKeys(j), (std::vector<std::string>{"n", "rows", "dropped_rows", "attributes", "p", "alpha", "cells"}));
        QCOMPARE(j["cells"].size(), std::size_t(4));
        QCOMPARE(j["cells"][3]["values"]["smoker"].get<std::string>(), std::string("yes"));
    }

    void mleWithCovarianceHasItsFitAndTail()
    {
        api::ReconstructRequest q = request();
        q.distortions.p = {{"sex", 0.8}};
        q.estimator = api::Estimator::Mle;
        q.covariance = true;
        const api::ReconstructResult r = api::reconstructOf(q);
        QVERIFY(r.fit && r.fit->converged);
        QVERIFY(std::abs(r.estimate.sum() - 1) < 1e-12);
        const std::vector<std::string> k = testing::jsonKeys(api::reconstructJson(r));
        QCOMPARE(std::vector<std::string>(k.begin() + 6, k.end()),
                 (std::vector<std::string>{"estimator", "fit", "cells", "covariance", "notes"}));
    }

    void badRequestsAreInputErrors()
    {
        api::ReconstructRequest q = request();
        q.alpha = 1;
        QVERIFY_THROWS_EXCEPTION(InputError, api::reconstructOf(q));
        q = request();
        q.distortions.p = {{"nope", 0.9}};
        QVERIFY_THROWS_EXCEPTION(InputError, api::reconstructOf(q));
        QVERIFY_THROWS_EXCEPTION(InputError, api::estimatorOf("median"));
    }
};

QTEST_GUILESS_MAIN(TestApiReconstruct)
#include "test_api_reconstruct.moc"
