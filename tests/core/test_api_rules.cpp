// The typed rules action (core/api/Rules.h): in clear the estimated supports and confidences are the counted
// shares, with the records themselves as the original nothing is missed or invented, its JSON is the CLI's for
// the same file, and bad requests are InputErrors.
#include "ApiTestSupport.h"

#include "core/api/Rules.h"
#include "core/data/Errors.h"

#include <QtTest>

#include <cmath>
#include <fstream>

using namespace rr;

class TestApiRules : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_csv;

    api::RulesRequest request() const
    {
        api::RulesRequest r;
        r.data = testing::fileData(m_csv);
        r.items = {"a", "b", "c"};
        r.mining.minSupport = 0.4;
        r.mining.minConfidence = 0.7;
        return r;
    }

private slots:
    // Supports: a 5/8, b 6/8, c 4/8, ab 4/8, ac 2/8, bc 3/8; a => b has confidence 4/5, b => a 4/6.
    void initTestCase()
    {
        m_csv = m_dir.filePath("items.csv").toStdString();
        std::ofstream(m_csv) << "a,b,c\n1,1,0\n1,1,1\n1,0,0\n0,1,1\n1,1,0\n0,0,1\n1,1,1\n0,1,0\n";
    }

    void inClearTheEstimatesAreTheShares()
    {
        const api::RulesResult r = api::rulesOf(request());
        QCOMPARE(r.data.rows, std::size_t(8));
        QCOMPARE(r.mined.itemsets.size(), std::size_t(4)); // a, b, c, ab
        for (const EstimatedItemset& f : r.mined.itemsets)
            if (f.items == std::vector<int>{0, 1})
                QVERIFY(std::abs(f.support.estimate - 0.5) < 1e-12);
        QCOMPARE(r.mined.rules.size(), std::size_t(1)); // a => b; b => a (0.667) is under 0.7
        const RuleEstimate& rule = r.mined.rules.front();
        QCOMPARE(rule.antecedent, std::vector<int>{0});
        QCOMPARE(rule.consequent, std::vector<int>{1});
        QVERIFY(rule.confidence.estimate.defined && std::abs(rule.confidence.estimate.value - 0.8) < 1e-12);
    }

    void theRecordsAsTheirOwnOriginalMissNothing()
    {
        api::RulesRequest q = request();
        q.original = api::OriginalItems{m_csv, {}};
        const api::Json j = api::rulesJson(api::rulesOf(q));
        QCOMPARE(j["comparison"]["actual"].get<int>(), 1);
        QCOMPARE(j["comparison"]["reconstructed"].get<int>(), 1);
        QCOMPARE(j["comparison"]["common"].get<int>(), 1);
        QCOMPARE(j["comparison"]["sigma_plus"].get<double>(), 0.0);
        QCOMPARE(j["comparison"]["sigma_minus"].get<double>(), 0.0);
    }

    void randomizedGivesTheClisJson()
    {
        api::RulesRequest q = request();
        q.distortions.p = {{"a", 0.9}, {"b", 0.85}, {"c", 0.95}};
        q.mining.decision = RuleDecision::LowerBound;
        q.mining.minSupport = 0.3;
        q.mining.minConfidence = 0.5;
        q.mining.alpha = 0.1;
        const api::Json j = api::rulesJson(api::rulesOf(q));
        QCOMPARE(testing::jsonKeys(j).front(), std::string("items"));
        QCOMPARE(j["decision"].get<std::string>(), std::string("lower"));
        QCOMPARE(j, testing::cliJson({"rules", "--data", QString::fromStdString(m_csv), "--items", "a,b,c",
                                      "--p", "a=0.9,b=0.85,c=0.95", "--decision", "lower", "--min-support", "0.3",
                                      "--min-confidence", "0.5", "--alpha", "0.1"}));
    }

    void badRequestsAreInputErrors()
    {
        api::RulesRequest q = request();
        q.mining.alpha = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, api::rulesOf(q));
        q = request();
        q.positive = {{"d", "1"}}; // not an item
        QVERIFY_THROWS_EXCEPTION(InputError, api::rulesOf(q));
        q = request();
        q.positive = {{"a", "yes"}}; // never a value of a
        QVERIFY_THROWS_EXCEPTION(InputError, api::rulesOf(q));
        q = request();
        q.original = api::OriginalItems{m_dir.path().toStdString(), {}}; // a folder
        QVERIFY_THROWS_EXCEPTION(InputError, api::rulesOf(q));
        QVERIFY_THROWS_EXCEPTION(InputError, api::ruleDecisionOf("median"));
    }
};

QTEST_GUILESS_MAIN(TestApiRules)
#include "test_api_rules.moc"
