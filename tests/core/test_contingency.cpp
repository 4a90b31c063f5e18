// Dense N-d contingency tables (core/contingency): row-major layout (003 Lemma 3's vec order),
// marginals, proportions, the memory guard and weighted counts from records.
#include "TestData.h"

#include "core/contingency/ContingencyTable.h"
#include "core/data/Errors.h"

#include "TestSupport.h"

#include <QtTest>

#include <random>
#include <string>

using namespace rr;

class TestContingency : public QObject {
    Q_OBJECT

private slots:
    void stridesIndexCoordinates()
    {
        ContingencyTable t({3, 4, 2}, {"a", "b", "c"});
        QCOMPARE(t.cellCount(), std::size_t(24));
        QCOMPARE(t.strides(), (std::vector<std::size_t>{8, 2, 1}));
        QCOMPARE(t.rank(), 3);
        QCOMPARE(t.names(), (std::vector<std::string>{"a", "b", "c"}));
        QCOMPARE(t.index({0, 0, 1}), std::size_t(1)); // last attribute fastest
        QCOMPARE(t.index({0, 1, 0}), std::size_t(2));
        QCOMPARE(t.index({2, 3, 1}), std::size_t(23));
        QCOMPARE(t.coordinates(13), (std::vector<int>{1, 2, 1}));
        for (std::size_t i = 0; i < t.cellCount(); ++i)
            QCOMPARE(t.index(t.coordinates(i)), i);
        // every coordinate tuple appears exactly once, in odometer order
        std::size_t i = 0;
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 4; ++b)
                for (int c = 0; c < 2; ++c)
                    QCOMPARE(t.coordinates(i++), (std::vector<int>{a, b, c}));
        // missing names are filled with empty ones
        QCOMPARE(ContingencyTable({2, 2}).names().size(), std::size_t(2));
    }

    void marginals()
    {
        std::mt19937_64 g(7);
        std::uniform_int_distribution<int> count(0, 20);
        ContingencyTable t({3, 4, 2}, {"a", "b", "c"});
        for (Eigen::Index i = 0; i < t.counts().size(); ++i)
            t.counts()[i] = count(g);

        const ContingencyTable a = t.marginal({0});
        QCOMPARE(a.dims(), (std::vector<int>{3}));
        QCOMPARE(a.names(), (std::vector<std::string>{"a"}));
        for (int x = 0; x < 3; ++x) {
            double s = 0;
            for (int y = 0; y < 4; ++y)
                for (int z = 0; z < 2; ++z)
                    s += t.counts()[static_cast<Eigen::Index>(t.index({x, y, z}))];
            QCOMPARE(a.counts()[x], s);
        }

        // kept axes in the given order: (c, a)
        const ContingencyTable ca = t.marginal({2, 0});
        QCOMPARE(ca.dims(), (std::vector<int>{2, 3}));
        for (int z = 0; z < 2; ++z)
            for (int x = 0; x < 3; ++x) {
                double s = 0;
                for (int y = 0; y < 4; ++y)
                    s += t.counts()[static_cast<Eigen::Index>(t.index({x, y, z}))];
                QCOMPARE(ca.counts()[static_cast<Eigen::Index>(ca.index({z, x}))], s);
            }
        QCOMPARE(ca.total(), t.total());
        // keeping every axis is the identity; a marginal of a marginal is the marginal
        QCOMPARE(t.marginal({0, 1, 2}).counts(), t.counts());
        QCOMPARE(t.marginal({0, 2}).marginal({0}).counts(), a.counts());

        QVERIFY_THROWS_EXCEPTION(InputError, t.marginal({3}));
    }

    void proportions()
    {
        const ContingencyTable gd = testdata::genderDisease();
        QCOMPARE(gd.total(), 100.0);
        const Eigen::VectorXd p = gd.proportions();
        RR_COMPARE_NEAR(p.sum(), 1.0, 1e-15);
        QCOMPARE(p[2], 0.48); // Male, Anemia
        QCOMPARE(p[3], 0.12); // Female, Cancer
        // an empty table has all-zero proportions, not NaN
        const ContingencyTable empty({2, 3});
        QVERIFY(empty.proportions().isZero());
        QVERIFY(empty.proportions().allFinite());
    }

    void memoryGuard()
    {
        // 2^14 x 2^14 = 268,435,456 cells (2 GiB of doubles), over the default 2^26
        try {
            ContingencyTable huge({1 << 14, 1 << 14});
            QFAIL("no DomainError for a 2^28-cell table");
        } catch (const DomainError& e) {
            const std::string msg = e.what();
            QVERIFY2(msg.find("268435456") != std::string::npos, msg.c_str());
            QVERIFY2(msg.find("2048 MiB") != std::string::npos, msg.c_str());
        }
        // the product is checked without overflow
        QVERIFY_THROWS_EXCEPTION(DomainError, checkedDomainSize({1 << 30, 1 << 30, 1 << 30}));
        // the limit is configurable, and DomainError is an InputError (CLI exit code 2)
        QVERIFY_THROWS_EXCEPTION(InputError, ContingencyTable({10, 10}, {}, 99));
        QCOMPARE(ContingencyTable({10, 10}, {}, 100).cellCount(), std::size_t(100));
        QCOMPARE(checkedDomainSize({16, 7, 2, 5, 7}), std::size_t(7840));
        QVERIFY_THROWS_EXCEPTION(DomainError, checkedDomainSize({3, 0}));
    }

    void buildFromRecordsWeighted()
    {
        Table t;
        t.attributes.resize(2);
        t.attributes[0] = {"g", {"m", "f"}, {0, 1, 0, 1, 0}};
        t.attributes[1] = {"d", {"x", "y", "z"}, {2, 0, 2, Attribute::kMissing, 1}};
        t.weights = {2.0, 1.5, 3.0, 10.0, 0.25};

        const ContingencyTable c = buildContingency(t, {0, 1}, {0, 1, 2, 4});
        QCOMPARE(c.dims(), (std::vector<int>{2, 3}));
        QCOMPARE(c.names(), (std::vector<std::string>{"g", "d"}));
        // (m, z): 2 + 3; (f, x): 1.5; (m, y): 0.25
        QCOMPARE(c.counts()[static_cast<Eigen::Index>(c.index({0, 2}))], 5.0);
        QCOMPARE(c.counts()[static_cast<Eigen::Index>(c.index({1, 0}))], 1.5);
        QCOMPARE(c.counts()[static_cast<Eigen::Index>(c.index({0, 1}))], 0.25);
        QCOMPARE(c.total(), 6.75);

        // axis order follows the attribute list
        const ContingencyTable swapped = buildContingency(t, {1, 0}, {0, 1, 2, 4});
        QCOMPARE(swapped.counts()[static_cast<Eigen::Index>(swapped.index({2, 0}))], 5.0);

        // unweighted: one per record
        t.weights.clear();
        QCOMPARE(buildContingency(t, {0}, {0, 1, 2, 3, 4}).counts(), (Eigen::VectorXd(2) << 3, 2).finished());

        // a record missing a used attribute must have been dropped first
        QVERIFY_THROWS_EXCEPTION(InputError, buildContingency(t, {0, 1}, {3}));
    }

    void emgrwTable()
    {
        const Table adult = testdata::adultComplete();
        const ContingencyTable t = testdata::emgrw(adult);
        QCOMPARE(t.dims(), (std::vector<int>{16, 7, 2, 5, 7})); // 003 Table 5.2's domain sizes
        QCOMPARE(t.cellCount(), std::size_t(7840));
        QCOMPARE(t.total(), 45222.0);
        // the workclass marginal equals the records' workclass counts
        const ContingencyTable w = t.marginal({4});
        const Attribute& wc = adult.attributes[adult.attributeIndex("workclass")];
        QCOMPARE(w.counts()[wc.categoryIndex("Private")], 33307.0);
        QCOMPARE(w.counts()[wc.categoryIndex("Without-pay")], 21.0);
    }
};

QTEST_GUILESS_MAIN(TestContingency)
#include "test_contingency.moc"
