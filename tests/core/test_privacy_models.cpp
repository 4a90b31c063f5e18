// Privacy models of group-based anonymization (003 Sec. 2.1.1) on hand-made classes and tables.
#include "TestData.h"

#include "core/anonymization/DistinctLDiversity.h"
#include "core/anonymization/EntropyLDiversity.h"
#include "core/anonymization/EquivalenceClasses.h"
#include "core/anonymization/KAnonymity.h"
#include "core/anonymization/PrivacyModel.h"
#include "core/anonymization/RecursiveCLDiversity.h"
#include "core/data/Errors.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>
#include <numeric>

using namespace rr;

namespace {

EquivalenceClass cls(std::vector<double> sensitive)
{
    EquivalenceClass c;
    c.size = std::accumulate(sensitive.begin(), sensitive.end(), 0.0);
    c.sensitive = std::move(sensitive);
    return c;
}

template <typename F>
bool throwsInput(F f)
{
    try {
        f();
    } catch (const InputError&) {
        return true;
    }
    return false;
}

// One QI (A: a1, a2, a3) and S (s1..s4); hierarchy a1,a2 -> x, a3 -> y, then *.
ContingencyTable smallJoint()
{
    ContingencyTable t({3, 4}, {"A", "S"});
    t.counts() << 5, 1, 1, 0, //  a1: distinct 3, entropy < log 3
        1, 1, 1, 0,           //  a2: exactly 3 equally frequent values
        0, 0, 2, 2;           //  a3: two values
    return t;
}

AttributeGeneralization smallHierarchy()
{
    return AttributeGeneralization{std::string("A"),
                                   std::string("test"),
                                   {{0, 1, 2}, {0, 0, 1}, {0, 0, 0}},
                                   {{"a1", "a2", "a3"}, {"x", "y"}, {"*"}}};
}

} // namespace

class TestPrivacyModels : public QObject {
    Q_OBJECT
private slots:
    void kAnonymity()
    {
        const KAnonymity k3(3), k4(4);
        const EquivalenceClass c = cls({2, 1});
        QVERIFY(k3.isAnonymous(c));
        QVERIFY(!k4.isAnonymous(c));
        QCOMPARE(k3.name(), std::string("3-anonymity"));
        QVERIFY(k3.monotoneWithSuppression());
    }

    void distinctLDiversity()
    {
        const DistinctLDiversity d3(3);
        QVERIFY(d3.isAnonymous(cls({5, 1, 1, 0})));
        QVERIFY(!d3.isAnonymous(cls({5, 2, 0, 0})));
        QVERIFY(d3.monotoneWithSuppression());
    }

    void entropyLDiversity()
    {
        const EntropyLDiversity e3(3);
        // Exactly three equally frequent values: entropy = log 3, the boundary is inclusive.
        QVERIFY(e3.isAnonymous(cls({1, 1, 1, 0})));
        QVERIFY(e3.isAnonymous(cls({7, 7, 7})));
        // {2, 1, 1}: H = 1.0397 < log 3 = 1.0986.
        RR_COMPARE_NEAR(sensitiveEntropy(cls({2, 1, 1})), 1.0397207708, 1e-9);
        QVERIFY(!e3.isAnonymous(cls({2, 1, 1})));
        // Entropy l need not be whole: {2, 1, 1} has exp(H) = 2.828.
        QVERIFY(EntropyLDiversity(2.8).isAnonymous(cls({2, 1, 1})));
        QVERIFY(!EntropyLDiversity(2.9).isAnonymous(cls({2, 1, 1})));
        QVERIFY(!e3.monotoneWithSuppression());
    }

    // A class where the two readings of "well represented" disagree: three distinct values, but one
    // dominates (entropy 0.796 < log 3).
    void entropyAndDistinctDisagree()
    {
        const EquivalenceClass c = cls({5, 1, 1, 0});
        RR_COMPARE_NEAR(sensitiveEntropy(c), 0.7963117, 1e-6);
        QVERIFY(DistinctLDiversity(3).isAnonymous(c));
        QVERIFY(!EntropyLDiversity(3).isAnonymous(c));
    }

    void recursiveCLDiversity()
    {
        // r = 6, 3, 2, 1
        const EquivalenceClass c = cls({2, 6, 1, 3});
        // l = 2: r1 < c (r2 + r3 + r4) = 6c
        QVERIFY(!RecursiveCLDiversity(1.0, 2).isAnonymous(c)); // 6 < 6 fails (strict)
        QVERIFY(RecursiveCLDiversity(1.1, 2).isAnonymous(c));
        // l = 3: r1 < c (r3 + r4) = 3c
        QVERIFY(!RecursiveCLDiversity(2.0, 3).isAnonymous(c));
        QVERIFY(RecursiveCLDiversity(2.5, 3).isAnonymous(c));
        // Fewer than l distinct values always fail.
        QVERIFY(!RecursiveCLDiversity(100.0, 5).isAnonymous(c));
        QVERIFY(!RecursiveCLDiversity(2.5, 3).monotoneWithSuppression());
    }

    void factoryAndParameterErrors()
    {
        QCOMPARE(makePrivacyModel(parsePrivacyModelKind("entropy"), 3)->name(), std::string("entropy 3-diversity"));
        QCOMPARE(makePrivacyModel(parsePrivacyModelKind("distinct"), 4)->name(), std::string("distinct 4-diversity"));
        QCOMPARE(makePrivacyModel(parsePrivacyModelKind("recursive"), 3, 2)->name(),
                 std::string("recursive (2,3)-diversity"));
        QCOMPARE(makePrivacyModel(parsePrivacyModelKind("k"), 0, 0, 5)->name(), std::string("5-anonymity"));
        QVERIFY(throwsInput([] { makePrivacyModel(parsePrivacyModelKind("delta-presence"), 3); }));
        QVERIFY(throwsInput([] { makePrivacyModel(parsePrivacyModelKind("recursive"), 3); }));  // c missing
        QVERIFY(throwsInput([] { makePrivacyModel(parsePrivacyModelKind("distinct"), 2.5); })); // l not whole
        QVERIFY(throwsInput([] { makePrivacyModel(parsePrivacyModelKind("entropy"), 0.5); }));  // l < 1
        QVERIFY(throwsInput([] { makePrivacyModel(parsePrivacyModelKind("k"), 0, 0, 0); }));    // k < 1
    }

    // The same table, two models, two verdicts; and suppression within a limit.
    void tableVerdicts()
    {
        const ContingencyTable joint = smallJoint();
        const std::vector<AttributeGeneralization> qi{smallHierarchy()};
        const Partition p0 = partitionAt(joint, qi, {0});
        QCOMPARE(p0.classes.size(), std::size_t(3));
        const DistinctLDiversity d3(3);
        const EntropyLDiversity e3(3);
        // Level 0: a3 has only two values: both fail.
        QVERIFY(!assessPartition(p0, {&d3}, 0).anonymous);
        // Level 1: {a1, a2} = (6, 2, 2, 0) and a3 = (0, 0, 2, 2).
        const Partition p1 = partitionAt(joint, qi, {1});
        QCOMPARE(p1.classes.size(), std::size_t(2));
        QCOMPARE(p1.classes[0].size, 10.0);
        QCOMPARE(p1.classes[0].sensitive, (std::vector<double>{6, 2, 2, 0}));
        // Level 2: one class (6, 2, 4, 2): distinct 3 holds, entropy 1.2555 >= log 3 holds too.
        const Partition p2 = partitionAt(joint, qi, {2});
        QVERIFY(assessPartition(p2, {&d3}, 0).anonymous);
        QVERIFY(assessPartition(p2, {&e3}, 0).anonymous);
        // Level 0 with suppression: a3 (4 of 14 records) fails distinct 3; a1 fails entropy too.
        const NodeAssessment d = assessPartition(p0, {&d3}, 0.3);
        QVERIFY(d.anonymous);
        QCOMPARE(d.suppressedRecords, 4.0);
        QCOMPARE(d.suppressed, (std::vector<char>{0, 0, 1}));
        const NodeAssessment e = assessPartition(p0, {&e3}, 0.3);
        QVERIFY(!e.anonymous); // 7 + 4 = 11 records over the limit of 4.2
        QCOMPARE(e.suppressedRecords, 11.0);
        QVERIFY(assessPartition(p0, {&e3}, 0.8).anonymous);
        // Several models: a class must satisfy all.
        const KAnonymity k4(4);
        QCOMPARE(assessPartition(p0, {&d3, &k4}, 0.5).suppressedRecords, 7.0); // a2 (3 records) and a3
    }

    // Without suppression every model is monotone: if a node is anonymous so is its generalization.
    void monotoneUnderGeneralization()
    {
        const ContingencyTable joint = smallJoint();
        const std::vector<AttributeGeneralization> qi{smallHierarchy()};
        const DistinctLDiversity d2(2);
        const EntropyLDiversity e2(2);
        const RecursiveCLDiversity r(3, 2);
        const KAnonymity k5(5);
        for (const PrivacyModel* m : std::vector<const PrivacyModel*>{&d2, &e2, &r, &k5}) {
            bool seen = false;
            for (int level = 0; level <= 2; ++level) {
                const bool ok = assessPartition(partitionAt(joint, qi, {level}), {m}, 0).anonymous;
                QVERIFY2(!seen || ok, m->name().c_str());
                seen = seen || ok;
            }
            QVERIFY2(seen, m->name().c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestPrivacyModels)
#include "test_privacy_models.moc"
