// The typed loglinear action (core/api/Loglinear.h): the independence model's fitted cells n_a n_b / N counted by
// hand, the backward elimination's path, its JSON the CLI's for the same file, and InputErrors.
#include "ApiTestSupport.h"

#include "core/api/Loglinear.h"
#include "core/data/Errors.h"

#include <QtTest>

#include <cmath>

using namespace rr;

class TestApiLoglinear : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_csv;

    api::LoglinearRequest request() const
    {
        api::LoglinearRequest r;
        r.data = testing::fileData(m_csv);
        r.attributes = {"sex", "disease"};
        r.model = "A,B";
        return r;
    }

private slots:
    void initTestCase() { m_csv = testing::writeSmallCsv(m_dir); }

    // sex x disease [[2, 0], [1, 3]]: A,B fits [[1, 1], [2, 2]], X2 = 3 on 1 df; no randomization to judge.
    void independenceModelCountedByHand()
    {
        const api::LoglinearModelResult r = api::loglinearOf(request());
        QCOMPARE(r.letters, (std::vector<char>{'A', 'B'}));
        QCOMPARE(r.fit.model, std::string("A,B"));
        QVERIFY(std::abs(r.fit.fitted[0] - 1.0) < 1e-8 && std::abs(r.fit.fitted[3] - 2.0) < 1e-8);
        QVERIFY(std::abs(r.fit.fit.chiSquare.value - 3.0) < 1e-8);
        QCOMPARE(r.fit.fit.df, 1LL);
        QVERIFY(!r.fit.preservation && !r.search);
        const api::Json j = api::loglinearJson(r);
        QVERIFY(j["preserved"].is_null());
        QCOMPARE(j, testing::cliJson({"loglinear", "--data", QString::fromStdString(m_csv), "--attributes",
                                      "sex,disease", "--model", "A,B"}));
    }

    void searchGivesItsStepsAndTheClisJson()
    {
        api::LoglinearRequest q = request();
        q.model.reset();
        q.search = true;
        q.attributes = {"sex", "smoker", "disease"};
        q.distortions.p = {{"sex", 0.9}};
        q.criterion = SearchCriterion::LikelihoodRatioChange;
        const api::LoglinearModelResult r = api::loglinearOf(q);
        QVERIFY(r.search && !r.search->path.empty());
        QCOMPARE(r.search->path.front(), std::string("ABC"));
        QVERIFY(r.fit.preservation); // the expected randomized table: Korn's verdict
        const api::Json j = api::loglinearJson(r);
        QCOMPARE(j["search"]["criterion"].get<std::string>(), std::string("lr"));
        QCOMPARE(j, testing::cliJson({"loglinear", "--data", QString::fromStdString(m_csv), "--attributes",
                                      "sex,smoker,disease", "--search", "--p", "sex=0.9", "--criterion", "lr"}));
    }

    void badRequestsAreInputErrors()
    {
        api::LoglinearRequest q = request();
        q.search = true; // and a model
        QVERIFY_THROWS_EXCEPTION(InputError, api::loglinearOf(q));
        q = request();
        q.alpha = 0.1; // without the search
        QVERIFY_THROWS_EXCEPTION(InputError, api::loglinearOf(q));
        q = request();
        q.model = "AZ";
        QVERIFY_THROWS_EXCEPTION(InputError, api::loglinearOf(q));
        QVERIFY_THROWS_EXCEPTION(InputError, api::criterionOf("aic"));
    }
};

QTEST_GUILESS_MAIN(TestApiLoglinear)
#include "test_api_loglinear.moc"
