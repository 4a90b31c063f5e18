// Counts as a weighted table of distinct cells (core/contingency/CodeCounts, core/datasource/SourceCounts): the
// form in which the Python module and Dask hand counts to the analysis. Analysing the counts must give the
// same prepared table (categories in the same order, the same counts to the bit) as analysing the records,
// and counts of parts must add up to the counts of the whole.
#include "TestData.h"
#include "TestSupport.h"

#include "core/datasource/CsvSource.h"
#include "core/datasource/PreparedTable.h"
#include "core/datasource/SourceCounts.h"
#include "core/contingency/CodeCounts.h"
#include "core/data/CsvReader.h"
#include "core/data/Errors.h"

#include <QtTest>

using namespace rr;
using namespace rr::testdata;

namespace {

const std::vector<std::string> kNames{"education", "marital-status", "sex", "race", "workclass", "occupation"};

std::vector<std::string> adultFiles()
{
    return {sharedData("adult/adult.data.csv"), sharedData("adult/adult.test.csv")};
}

// The records of `t` from row `first` to `last` over `names` as code columns.
std::vector<CodeColumn> columnsOf(const Table& t, const std::vector<std::string>& names, std::size_t first = 0)
{
    std::vector<CodeColumn> out;
    for (const auto& n : names) {
        const Attribute& a = t.attributes[static_cast<std::size_t>(t.attributeIndex(n))];
        out.push_back({a.name, a.categories, a.codes.data() + first});
    }
    return out;
}

void compareTables(const PreparedTable& a, const PreparedTable& b)
{
    QCOMPARE(a.names, b.names);
    QCOMPARE(a.categories, b.categories);
    QCOMPARE(a.dims, b.dims);
    QCOMPARE(a.records, b.records);
    QCOMPARE(a.joint.cellCount(), b.joint.cellCount());
    for (std::size_t i = 0; i < a.joint.cellCount(); ++i)
        QCOMPARE(a.joint.counts()[static_cast<Eigen::Index>(i)], b.joint.counts()[static_cast<Eigen::Index>(i)]);
}

} // namespace

class TestCodeCounts : public QObject {
    Q_OBJECT

private slots:
    void cellsInOrderOfFirstAppearance()
    {
        // labels given in another order than the records show them; code 2 ("z") never occurs
        const std::vector<std::int32_t> a{1, 0, 1, -1, 0, 1};
        const std::vector<std::int32_t> b{0, 0, 0, 1, 0, 1};
        const Table t = countCodes({{"a", {"x", "y", "z"}, a.data()}, {"b", {"u", "v"}, b.data()}}, a.size());
        QCOMPARE(t.attributes[0].categories, (std::vector<std::string>{"y", "x"}));
        QCOMPARE(t.attributes[1].categories, (std::vector<std::string>{"u", "v"}));
        // cells (y,u) x2, (x,u) x2, (missing,v), (y,v)
        QCOMPARE(t.attributes[0].codes, (std::vector<std::int32_t>{0, 1, Attribute::kMissing, 0}));
        QCOMPARE(t.attributes[1].codes, (std::vector<std::int32_t>{0, 0, 1, 1}));
        QCOMPARE(t.weights, (std::vector<double>{2, 2, 1, 1}));
    }

    void recordsKeepTheirOrderOrTheWholeDomain()
    {
        const std::vector<std::int32_t> a{2, -1, 2, 0};
        const Table seen = recordsFromCodes({{"a", {"x", "y", "z"}, a.data()}}, a.size());
        QCOMPARE(seen.attributes[0].categories, (std::vector<std::string>{"z", "x"}));
        QCOMPARE(seen.attributes[0].codes, (std::vector<std::int32_t>{0, Attribute::kMissing, 0, 1}));
        QVERIFY(seen.weights.empty());
        const Table whole = recordsFromCodes({{"a", {"x", "y", "z"}, a.data()}}, a.size(), {true});
        QCOMPARE(whole.attributes[0].categories, (std::vector<std::string>{"x", "y", "z"}));
        QCOMPARE(whole.attributes[0].codes, (std::vector<std::int32_t>{2, Attribute::kMissing, 2, 0}));
    }

    void badInputIsNamed()
    {
        const std::vector<std::int32_t> a{0, 3};
        try {
            countCodes({{"a", {"x", "y"}, a.data()}}, a.size());
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString(e.what()), QString("column 'a': code 3 at row 1 is neither a category (0..1) nor -1 (missing)"));
        }
        QVERIFY_THROWS_EXCEPTION(InputError, recordsFromCodes({{"a", {"x", "y"}, a.data()}}, a.size()));
        QVERIFY_THROWS_EXCEPTION(InputError, countCodes({{"a", {"x", "x"}, a.data()}}, 0));
        QVERIFY_THROWS_EXCEPTION(InputError, countCodes({{"a", {"x"}, a.data()}, {"a", {"x"}, a.data()}}, 0));
        QVERIFY_THROWS_EXCEPTION(InputError, countCodes({}, 0));
    }

    // The analysis of the counts is the analysis of the records: CSV source counted, records counted,
    // parts counted and added, under both missing-value policies (DropIncomplete: counts know only their
    // columns, so a record is incomplete when a counted column is missing).
    void countsAnalyseAsTheRecords()
    {
        Table records = readCsv(adultFiles(), CsvOptions{});
        std::vector<Attribute> counted;
        for (const auto& n : kNames)
            counted.push_back(records.attributes[static_cast<std::size_t>(records.attributeIndex(n))]);
        records.attributes = counted;
        const auto source = CsvSource::open(adultFiles());
        const Table fromSource = countSource(*source, kNames);
        const Table fromCodes = countCodes(columnsOf(records, kNames), records.rowCount());
        const std::size_t half = records.rowCount() / 3;
        const Table added = addCounts(countCodes(columnsOf(records, kNames), half),
                                      countCodes(columnsOf(records, kNames, half), records.rowCount() - half));
        QCOMPARE(fromSource.totalWeight(), double(records.rowCount()));
        for (const Table* t : {&fromSource, &fromCodes, &added}) {
            QCOMPARE(t->weights, fromSource.weights);
            for (std::size_t j = 0; j < kNames.size(); ++j) {
                QCOMPARE(t->attributes[j].categories, fromSource.attributes[j].categories);
                QCOMPARE(t->attributes[j].codes, fromSource.attributes[j].codes);
            }
            for (const auto policy : {MissingPolicy::DropIfUsedMissing, MissingPolicy::DropIncomplete})
                for (const std::vector<std::string>& names :
                     {kNames, std::vector<std::string>{"race", "workclass"}, std::vector<std::string>{"occupation"}})
                    compareTables(prepareTable(*t, names, policy), prepareTable(records, names, policy));
        }
    }

    void addingNeedsTheSameColumns()
    {
        const std::vector<std::int32_t> a{0};
        const Table x = countCodes({{"a", {"x"}, a.data()}}, 1);
        const Table y = countCodes({{"b", {"x"}, a.data()}}, 1);
        QVERIFY_THROWS_EXCEPTION(InputError, addCounts(x, y));
        const Table z = countCodes({{"a", {"w", "x"}, a.data()}}, 1); // labels matched by name
        const Table sum = addCounts(x, addCounts(z, x));
        QCOMPARE(sum.attributes[0].categories, (std::vector<std::string>{"x", "w"}));
        QCOMPARE(sum.weights, (std::vector<double>{2, 1}));
    }
};

QTEST_APPLESS_MAIN(TestCodeCounts)
#include "test_code_counts.moc"
