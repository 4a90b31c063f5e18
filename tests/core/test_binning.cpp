// Numeric binning (issue 21): the spec parser, labels and edges, numpy's quantiles, and BinnedSource over a
// table against prepareTable on the same table binned beforehand, under both missing-value policies.
#include "core/datasource/BinnedSource.h"
#include "core/data/Errors.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

using namespace rr;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A column of text values with codes (first appearance); "" is missing.
Attribute column(const std::string& name, const std::vector<std::string>& values)
{
    Attribute a;
    a.name = name;
    for (const auto& v : values) {
        if (v.empty()) {
            a.codes.push_back(Attribute::kMissing);
            continue;
        }
        int c = a.categoryIndex(v);
        if (c < 0) {
            c = a.domainSize();
            a.categories.push_back(v);
        }
        a.codes.push_back(c);
    }
    return a;
}

// Ages 0..99 with a few words, values below 0 and missing; a categorical column with missing; a
// numeric column with some non-numbers.
Table randomTable(std::size_t rows, unsigned seed, bool weighted)
{
    std::mt19937 g(seed);
    std::uniform_int_distribution<int> age(-3, 99), cat(0, 3), u(0, 99);
    std::vector<std::string> ages, colours, income;
    Table t;
    for (std::size_t r = 0; r < rows; ++r) {
        const int x = u(g);
        ages.push_back(x < 2 ? "unknown" : x < 5 ? "" : std::to_string(age(g)));
        colours.push_back(x == 50 ? "" : std::vector<std::string>{"red", "green", "blue", "grey"}[cat(g)]);
        income.push_back(x == 70 ? "n/a" : std::to_string(u(g) * 1000) + ".5");
        if (weighted)
            t.weights.push_back(1 + u(g) % 5);
    }
    t.attributes = {column("age", ages), column("colour", colours), column("income", income)};
    return t;
}

void compareTables(const PreparedTable& a, const PreparedTable& b)
{
    QCOMPARE(a.names, b.names);
    QCOMPARE(a.categories, b.categories);
    QCOMPARE(a.dims, b.dims);
    QCOMPARE(a.loadedRows, b.loadedRows);
    QCOMPARE(a.droppedRows, b.droppedRows);
    QCOMPARE(a.records, b.records);
    QCOMPARE(a.joint.cellCount(), b.joint.cellCount());
    for (Eigen::Index i = 0; i < a.joint.counts().size(); ++i)
        QCOMPARE(a.joint.counts()[i], b.joint.counts()[i]);
}

} // namespace

class TestBinning : public QObject {
    Q_OBJECT

private slots:
    void parsesSpecs()
    {
        const BinSpec cuts = parseBinSpec("age=0,18,30,45,65,inf");
        QCOMPARE(cuts.attribute, std::string("age"));
        QCOMPARE(cuts.kind, BinKind::CutPoints);
        QCOMPARE(cuts.cuts, (std::vector<double>{0, 18, 30, 45, 65, kInf}));
        QCOMPARE(binSpecText(cuts), std::string("0,18,30,45,65,inf"));
        QCOMPARE(parseBinSpec(" x = -inf, 0.5 ,1e3").cuts, (std::vector<double>{-kInf, 0.5, 1000}));
        const BinSpec w = parseBinSpec("age=width:5");
        QCOMPARE(w.kind, BinKind::EqualWidth);
        QCOMPARE(w.bins, 5);
        QCOMPARE(parseBinSpec("age=quantiles:4").kind, BinKind::Quantiles);
        QCOMPARE(binSpecText(parseBinSpec("age=quantiles:4")), std::string("quantiles:4"));
        // The text of a spec reads back as the same spec.
        const BinSpec odd = parseBinSpec("v=0.1,0.30000000000000004,1e300");
        QCOMPARE(parseBinSpec("v=" + binSpecText(odd)), odd);
    }

    void refusesBadSpecs_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("says");
        QTest::newRow("no =") << "age" << "NAME=";
        QTest::newRow("no name") << "=1,2" << "attribute name";
        QTest::newRow("nothing") << "age=" << "no cut points";
        QTest::newRow("one cut") << "age=5" << "at least two";
        QTest::newRow("equal") << "age=1,1" << "strictly increasing";
        QTest::newRow("decreasing") << "age=3,2" << "strictly increasing";
        QTest::newRow("nan") << "age=0,nan" << "not a number";
        QTest::newRow("word") << "age=0,ten" << "not a number";
        QTest::newRow("empty item") << "age=0,,1" << "empty cut";
        QTest::newRow("inf first") << "age=inf,1" << "inf may only";
        QTest::newRow("-inf last") << "age=0,-inf" << "inf may only";
        QTest::newRow("k 1") << "age=width:1" << "[2, 1000]";
        QTest::newRow("k 1001") << "age=quantiles:1001" << "[2, 1000]";
        QTest::newRow("k word") << "age=width:x" << "whole number";
        QTest::newRow("k fraction") << "age=width:2.5" << "whole number";
    }

    void refusesBadSpecs()
    {
        QFETCH(QString, spec);
        QFETCH(QString, says);
        try {
            parseBinSpec(spec.toStdString());
            QFAIL("accepted");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).contains(says), e.what());
            QVERIFY2(QString(e.what()).startsWith("--bin"), e.what());
        }
        QVERIFY_THROWS_EXCEPTION(InputError, parseBinSpecs({"a=width:2", "b=width:3", "a=1,2"}));
    }

    void labelsAndEdges()
    {
        const Bins b = resolveBins(parseBinSpec("age=0,18,30,inf"), {}, {});
        QCOMPARE(b.labels, (std::vector<std::string>{"[0, 18)", "[18, 30)", "[30, inf)"}));
        QCOMPARE(b.binOf(0), 0);
        QCOMPARE(b.binOf(17.999), 0);
        QCOMPARE(b.binOf(18), 1); // right-open
        QCOMPARE(b.binOf(1e300), 2);
        QCOMPARE(b.binOf(-0.5), -1);
        const Bins closedTop = resolveBins(parseBinSpec("x=-inf,0,2.5"), {}, {});
        QCOMPARE(closedTop.labels, (std::vector<std::string>{"(-inf, 0)", "[0, 2.5)"}));
        QCOMPARE(closedTop.binOf(2.5), -1); // the owner's last cut is outside
        QCOMPARE(closedTop.binOf(-1e308), 0);
        // Equal width between 10 and 20: the largest value is in the last, closed bin.
        const Bins w = resolveBins(parseBinSpec("x=width:4"), {"10", "20", "abc", "12"}, {1, 1, 5, 1});
        QCOMPARE(w.cuts, (std::vector<double>{10, 12.5, 15, 17.5, 20}));
        QCOMPARE(w.labels.back(), std::string("[17.5, 20]"));
        QCOMPARE(w.binOf(20), 3);
        QCOMPARE(w.binOf(20.0000001), -1);
        const BinCounts c = countBins(w, {"10", "20", "abc", "12", "25", " 15 "}, {1, 2, 5, 1, 3, 4});
        QCOMPARE(c.counts, (std::vector<double>{2, 0, 4, 2}));
        QCOMPARE(c.notNumeric, 5.0);
        QCOMPARE(c.outside, 3.0);
        QCOMPARE(c.binOfCategory, (std::vector<int>{0, 3, kBinNotNumeric, 0, kBinOutside, 2}));
        // One value: one closed bin.
        const Bins one = resolveBins(parseBinSpec("x=quantiles:4"), {"7"}, {3});
        QCOMPARE(one.labels, (std::vector<std::string>{"[7, 7]"}));
        QCOMPARE(one.binOf(7), 0);
        QVERIFY_THROWS_EXCEPTION(InputError, resolveBins(parseBinSpec("x=width:3"), {"a", "b"}, {1, 1}));
        QCOMPARE(formatCut(1e6), std::string("1000000"));
        QCOMPARE(formatCut(0.1), std::string("0.1"));
        QCOMPARE(formatCut(-kInf), std::string("-inf"));
        QCOMPARE(formatCut(1e20), std::string("1e+20"));
    }

    // numpy.quantile([1..10], [0, .25, .5, .75, 1]) = 1, 3.25, 5.5, 7.75, 10; the same with counts as weights.
    void quantilesAreNumpys()
    {
        std::vector<std::string> cats;
        for (int i = 10; i >= 1; --i)
            cats.push_back(std::to_string(i));
        const Bins q = resolveBins(parseBinSpec("x=quantiles:4"), cats, std::vector<double>(10, 1.0));
        QCOMPARE(q.cuts, (std::vector<double>{1, 3.25, 5.5, 7.75, 10}));
        // [1, 1, 1, 2, 5, 5]: numpy.quantile(.., linspace(0, 1, 4)) = 1, 1, 2.999999999999999, 5 (bit for bit),
        // duplicates dropped; the label rounds to 10 digits.
        const Bins w = resolveBins(parseBinSpec("x=quantiles:3"), {"5", "1", "2"}, {2, 3, 1});
        QCOMPARE(w.cuts, (std::vector<double>{1, 2.999999999999999, 5}));
        QCOMPARE(w.labels, (std::vector<std::string>{"[1, 3)", "[3, 5]"}));
        // [0, 10] x 3 each, numpy.quantile(.., 0.5) = 5 (h = 2.5 between 0 and 10).
        const Bins m = resolveBins(parseBinSpec("x=quantiles:2"), {"0", "10"}, {3, 3});
        QCOMPARE(m.cuts, (std::vector<double>{0, 5, 10}));
    }

    void numericProfiles()
    {
        QCOMPARE(numericProfile(std::vector<std::string>{"1", "1.0", "2"}).distinct, std::size_t(2));
        QVERIFY(numericProfile(std::vector<std::string>{"1", "2"}).numeric);
        QVERIFY(!numericProfile(std::vector<std::string>{"1", "x"}).numeric);
        QVERIFY(!numericProfile(std::vector<std::string>{}).numeric);
        QVERIFY(!numericProfile(std::vector<std::string>{"inf", "1"}).numeric);
        std::vector<std::string> many;
        for (std::size_t i = 0; i <= kNeedsBinningDistinct; ++i)
            many.push_back(std::to_string(i));
        QVERIFY(numericProfile(many).needsBinning); // 51 values
        many.pop_back();
        QVERIFY(!numericProfile(many).needsBinning); // 50
    }

    // BinnedSource's counts equal prepareTable on the table binned first, whatever attributes and policy.
    void aggregateEqualsPreBinned()
    {
        for (const bool weighted : {false, true}) {
            const Table raw = randomTable(3000, weighted ? 7u : 3u, weighted);
            const std::vector<BinSpec> specs{parseBinSpec("age=0,18,30,45,65,inf"), parseBinSpec("income=quantiles:4")};
            Table binned = raw;
            binTable(binned, specs);
            const BinnedSource source(std::make_shared<TableSource>(raw), specs);
            const BinnedAttribute* age = source.binningOf("age");
            QVERIFY(age);
            QVERIFY(age->notNumeric > 0);
            QVERIFY(age->outside > 0);
            QVERIFY(source.binningOf("income")->notNumeric > 0);
            for (const auto policy : {MissingPolicy::DropIfUsedMissing, MissingPolicy::DropIncomplete})
                for (const std::vector<std::string>& names :
                     {std::vector<std::string>{"age"}, {"colour"}, {"colour", "age"}, {"income", "colour", "age"}}) {
                    compareTables(source.aggregate(names, policy), prepareTable(binned, names, policy));
                    if (QTest::currentTestFailed())
                        return;
                    const KeptSummary a = source.summarize(names, policy);
                    const KeptSummary b = TableSource(binned).summarize(names, policy);
                    QCOMPARE(a.rows, b.rows);
                    QCOMPARE(a.droppedRows, b.droppedRows);
                    QCOMPARE(a.records, b.records);
                    for (std::size_t k = 0; k < names.size(); ++k) {
                        QCOMPARE(a.attributes[k].categories, b.attributes[k].categories);
                        QCOMPARE(a.attributes[k].counts, b.attributes[k].counts);
                    }
                }
            // The whole summary, the records, a page of rows and a scan agree with the pre-binned table.
            const TableSource reference(binned);
            for (std::size_t k = 0; k < 3; ++k) {
                QCOMPARE(source.summary().attributes[k].categories, reference.summary().attributes[k].categories);
                QCOMPARE(source.summary().attributes[k].counts, reference.summary().attributes[k].counts);
                QCOMPARE(source.summary().attributes[k].missing, reference.summary().attributes[k].missing);
            }
            const Table records = source.records(kDefaultMaxRecords);
            for (std::size_t k = 0; k < 3; ++k) {
                QCOMPARE(records.attributes[k].categories, binned.attributes[k].categories);
                QCOMPARE(records.attributes[k].codes, binned.attributes[k].codes);
            }
            const RowPage page = source.rows(10, 50), expected = reference.rows(10, 50);
            QCOMPARE(page.values, expected.values);
            QCOMPARE(page.missing, expected.missing);
            std::vector<std::string> scanned;
            RecordScan scan;
            struct Texts : ChunkResult {
                std::vector<std::string> values;
            };
            scan.map = [](const RecordChunk& chunk) {
                auto r = std::make_unique<Texts>();
                for (std::size_t row = 0; row < chunk.rows; ++row)
                    r->values.push_back(chunk.isMissing(row, 0) ? "<missing>" : std::string(chunk.field(row, 0)));
                return r;
            };
            scan.reduce = [&](ChunkResult& r) {
                for (auto& v : static_cast<Texts&>(r).values)
                    scanned.push_back(std::move(v));
            };
            source.scanRecords(scan);
            QCOMPARE(scanned.size(), binned.rowCount());
            for (std::size_t r = 0; r < scanned.size(); ++r) {
                const std::int32_t c = binned.attributes[0].codes[r];
                QCOMPARE(scanned[r], c < 0 ? std::string("<missing>") : binned.attributes[0].categories[c]);
            }
        }
    }

    void unknownAttributeIsNamed()
    {
        const auto inner = std::make_shared<TableSource>(randomTable(50, 1, false));
        try {
            BinnedSource s(inner, {parseBinSpec("agex=0,1")});
            QFAIL("accepted");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).contains("agex"), e.what());
        }
        QCOMPARE(withBins(inner, {}).get(), inner.get());
        const BinnedSource s(inner, {parseBinSpec("age=width:3")});
        QVERIFY(QString::fromStdString(s.description()).contains("age=width:3"));
        QCOMPARE(&unbinned(s), static_cast<const DataSource*>(inner.get()));
    }

    void previewCountsBins()
    {
        AttributeSummary a;
        a.name = "age";
        a.categories = {"17", "40", "70", "x", "-1"};
        a.counts = {2, 3, 4, 5, 6};
        const BinPreview p = previewBins(parseBinSpec("age=0,18,65,inf"), a);
        QCOMPARE(p.bins.labels, (std::vector<std::string>{"[0, 18)", "[18, 65)", "[65, inf)"}));
        QCOMPARE(p.counts, (std::vector<double>{2, 3, 4}));
        QCOMPARE(p.notNumeric, 5.0);
        QCOMPARE(p.outside, 6.0);
    }
};

QTEST_GUILESS_MAIN(TestBinning)
#include "test_binning.moc"
