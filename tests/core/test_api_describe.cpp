// The typed describe action (core/api/Describe.h): a request over a table in memory gives each attribute's
// categories and counts, its JSON in the CLI's key order, and the same InputErrors as the command line.
#include "ApiTestSupport.h"

#include "core/datasource/DataSource.h"
#include "core/api/Describe.h"
#include "core/data/Errors.h"

#include <QtTest>

using namespace rr;

namespace {

// 5 records, one missing sex (-1).
api::DescribeRequest request()
{
    Table t;
    t.attributes.push_back({"sex", {"F", "M"}, {0, 1, -1, 1, 1}});
    t.attributes.push_back({"age", {"20", "35", "50"}, {0, 1, 2, 1, 0}});
    api::DescribeRequest r;
    r.data.table = std::make_shared<TableSource>(std::move(t));
    return r;
}

} // namespace

class TestApiDescribe : public QObject {
    Q_OBJECT

private slots:
    void everyRecordWithItsMissingValues()
    {
        const api::DescribeResult r = api::describeOf(request());
        QCOMPARE(r.rows, std::size_t(5));
        QCOMPARE(r.attributes.size(), std::size_t(2));
        QCOMPARE(r.attributes[0].counts, (std::vector<double>{1, 3}));
        QCOMPARE(*r.attributes[0].missing, 1.0);
        QVERIFY(r.attributes[1].numeric.numeric && !r.attributes[1].numeric.needsBinning);
        const api::Json j = api::describeJson(r);
        QCOMPARE(testing::jsonKeys(j), (std::vector<std::string>{"rows", "dropped_rows", "attributes"}));
        QCOMPARE(testing::jsonKeys(j["attributes"][0]), (std::vector<std::string>{"name", "categories", "counts", "missing",
                                                                     "numeric", "distinct", "needs_binning"}));
    }

    void dropIncompleteAndASubset()
    {
        api::DescribeRequest q = request();
        q.attributes = {"age"};
        q.dropIncomplete = true;
        const api::DescribeResult r = api::describeOf(q);
        QCOMPARE(r.rows, std::size_t(4));
        QCOMPARE(r.droppedRows, std::size_t(1));
        QCOMPARE(r.attributes.size(), std::size_t(1));
        QVERIFY(!r.attributes[0].missing);
        QVERIFY(!api::describeJson(r)["attributes"][0].contains("missing"));
    }

    void badRequestsAreInputErrors()
    {
        api::DescribeRequest q = request();
        q.attributes = {"sex", "sex"};
        QVERIFY_THROWS_EXCEPTION(InputError, api::describeOf(q));
        q.attributes = {"nope"};
        QVERIFY_THROWS_EXCEPTION(InputError, api::describeOf(q));
    }
};

QTEST_GUILESS_MAIN(TestApiDescribe)
#include "test_api_describe.moc"
