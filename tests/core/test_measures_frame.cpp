// core/analysis/MeasuresFrame and RulesFrame: what the GUI's Measures and Rules views show (issue 8).
#include "CoilData.h"
#include "TestData.h"
#include "TestSupport.h"

#include "core/datasource/CsvSource.h"
#include "core/analysis/MeasuresFrame.h"
#include "core/analysis/RulesFrame.h"
#include "core/data/CsvReader.h"
#include "core/data/Errors.h"

#include <QtTest>

#include <cmath>

using namespace rr;
using namespace rr::testdata;

namespace {

template <typename F>
QString inputErrorOf(F f)
{
    try {
        f();
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

int codeOf(const Attribute& a, const std::string& value)
{
    return a.categoryIndex(value);
}

} // namespace

class TestMeasuresFrame : public QObject {
    Q_OBJECT
    Table m_adult;
    std::shared_ptr<const PreparedAnalysis> m_analysis; // sex, race | class
    Table m_coil;

    MeasuresRequest request(double p) const
    {
        MeasuresRequest r;
        r.first = "class";
        r.second = "sex";
        r.presentFirst = 1;
        r.presentSecond = 1;
        r.p = std::vector<double>(3, p);
        r.seed = 11;
        return r;
    }

private slots:
    void initTestCase()
    {
        m_adult = readCsv({sharedData("adult/adult.data.csv")});
        AnalysisSpec spec;
        spec.quasiIdentifiers = {"sex", "race"};
        spec.sensitive = "class";
        spec.policy = MissingPolicy::DropIfUsedMissing; // sex, race and class have no missing value
        m_analysis = prepareAnalysis(m_adult, spec);
        m_coil = coilBinarized();
    }

    // The pair table is the analysis's marginal in the requested order (class rows, sex columns), which
    // is counted here straight from the records.
    void originalCountsAreThePairTable()
    {
        const MeasuresFrame f = computeMeasuresFrame(*m_analysis, request(1.0));
        const Attribute& cls = m_adult.attributes[static_cast<std::size_t>(m_adult.attributeIndex("class"))];
        const Attribute& sex = m_adult.attributes[static_cast<std::size_t>(m_adult.attributeIndex("sex"))];
        const int d2 = static_cast<int>(f.categoriesSecond.size());
        QCOMPARE(f.originalCounts.size(), Eigen::Index(f.categoriesFirst.size()) * d2);
        for (std::size_t i = 0; i < f.categoriesFirst.size(); ++i)
            for (int j = 0; j < d2; ++j) {
                const int ci = codeOf(cls, f.categoriesFirst[i]);
                const int sj = codeOf(sex, f.categoriesSecond[static_cast<std::size_t>(j)]);
                double n = 0;
                for (std::size_t r = 0; r < cls.codes.size(); ++r)
                    n += cls.codes[r] == ci && sex.codes[r] == sj;
                QCOMPARE(f.originalCounts[Eigen::Index(i) * d2 + j], n);
            }
        QCOMPARE(f.originalCounts.sum(), 32561.0);
    }

    // At p = 1 the release is the original: every defined estimate equals the original (the variance left
    // is the sampling variance of N records).
    void retentionOneGivesTheOriginal()
    {
        const MeasuresFrame f = computeMeasuresFrame(*m_analysis, request(1.0));
        QVERIFY(f.randomizedCounts.isApprox(f.originalCounts));
        int compared = 0;
        for (const MeasureEstimate& e : f.measures.measures) {
            QVERIFY(e.original.has_value());
            QCOMPARE(e.estimate.defined, e.original->defined);
            if (!e.estimate.defined)
                continue;
            RR_COMPARE_NEAR(e.estimate.value, e.original->value, 1e-9 * (1 + std::abs(e.original->value)));
            ++compared;
        }
        QVERIFY(compared >= 19);
        // Adult class x sex: phi of ">50K" with "Female" is negative (women earn >50K less often).
        const MeasureEstimate& phi = f.measures.measures[static_cast<std::size_t>(Measure::Phi)];
        QCOMPARE(phi.key, std::string("phi"));
        QVERIFY(phi.original->value < -0.1);
    }

    // The simulated release is a seeded draw: reproducible, N kept, another seed gives another table.
    void releaseIsSeeded()
    {
        const MeasuresFrame a = computeMeasuresFrame(*m_analysis, request(0.8));
        const MeasuresFrame b = computeMeasuresFrame(*m_analysis, request(0.8));
        QVERIFY(a.randomizedCounts == b.randomizedCounts);
        RR_COMPARE_NEAR(a.randomizedCounts.sum(), a.originalCounts.sum(), 1e-9);
        QVERIFY(!(a.randomizedCounts == a.originalCounts));
        MeasuresRequest r = request(0.8);
        r.seed = 12;
        QVERIFY(!(computeMeasuresFrame(*m_analysis, r).randomizedCounts == a.randomizedCounts));
        QCOMPARE(a.pFirst, 0.8);
        QCOMPARE(a.seed, std::uint64_t(11));
        // Every measure's ranges contain its estimate.
        for (const MeasureEstimate& e : a.measures.measures)
            if (e.normal) {
                QVERIFY(e.normal->lo <= e.estimate.value + 1e-12 && e.estimate.value <= e.normal->hi + 1e-12);
                QVERIFY(e.chebyshev->lo <= e.normal->lo + 1e-12 && e.normal->hi <= e.chebyshev->hi + 1e-12);
            }
    }

    // The sweep runs from just above 1/d to 1; at p = 1 its expected estimate is the original value.
    void sweepOverRetention()
    {
        MeasuresRequest r = request(0.9);
        r.sweepMeasure = Measure::Phi;
        r.sweepPoints = 41;
        const MeasuresFrame f = computeMeasuresFrame(*m_analysis, r);
        QCOMPARE(f.sweep.size(), std::size_t(41));
        RR_COMPARE_NEAR(f.sweep.front().pFirst, 0.55, 1e-12);
        RR_COMPARE_NEAR(f.sweep.back().pFirst, 1.0, 1e-12);
        const MeasureEstimate& last = f.sweep.back().estimate;
        RR_COMPARE_NEAR(last.estimate.value, last.original->value, 1e-9);
        const double original = f.measures.measures[static_cast<std::size_t>(Measure::Phi)].original->value;
        RR_COMPARE_NEAR(last.original->value, original, 1e-12);
        // Ranges narrow as p grows (the variance falls with p).
        const auto width = [](const SweepPoint& s) { return s.estimate.normal->hi - s.estimate.normal->lo; };
        QVERIFY(width(f.sweep[10]) > width(f.sweep[30]));
        // Without p the analyst sees an attenuated association (003 Ch. 4): |phi(lambda)| < |phi(pi)|.
        QVERIFY(std::abs(f.sweep[10].estimate.randomized.value) < std::abs(original));
    }

    void relativeToTheOriginal()
    {
        MeasureEstimate e;
        e.estimate = MeasureValue::of(0.6);
        e.normal = Interval{0.4, 0.8, 0.4, 0.8};
        e.original = MeasureValue::of(-0.5);
        const RelativeEstimate r = relativeToOriginal(e);
        QVERIFY(r.defined);
        RR_COMPARE_NEAR(r.estimate, 2.2, 1e-12);
        RR_COMPARE_NEAR(r.normal->lo, 1.8, 1e-12);
        RR_COMPARE_NEAR(r.normal->hi, 2.6, 1e-12);
        QVERIFY(!r.chebyshev);
        e.original = MeasureValue::of(0.0);
        QVERIFY(!relativeToOriginal(e).defined);
        QVERIFY(relativeToOriginal(e).reason.find("original is 0") != std::string::npos);
        e.original.reset();
        QVERIFY(!relativeToOriginal(e).defined);
        e.original = MeasureValue::undefined("pi_1+ is 0");
        QVERIFY(relativeToOriginal(e).reason.find("pi_1+ is 0") != std::string::npos);
    }

    void badRequestsNameTheProblem()
    {
        MeasuresRequest r = request(0.9);
        r.second = "class";
        QVERIFY(inputErrorOf([&] { computeMeasuresFrame(*m_analysis, r); }).contains("two different"));
        r.second = "age";
        QVERIFY(inputErrorOf([&] { computeMeasuresFrame(*m_analysis, r); }).contains("'age'"));
        r = request(0.9);
        r.presentSecond = 5;
        QVERIFY(inputErrorOf([&] { computeMeasuresFrame(*m_analysis, r); }).contains("outside 0..1"));
        r = request(0.4);
        QVERIFY(inputErrorOf([&] { computeMeasuresFrame(*m_analysis, r); }).contains("(1/2, 1]"));
    }

    // COIL's ten items at p = 1: the release is the original, so every original rule is found; a rule is
    // uncertain only when its sampling range still crosses a threshold.
    void rulesUnrandomized()
    {
        RulesSimulationRequest r;
        for (const char* n : {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J"})
            r.items.push_back({n, "1"});
        r.p = 1.0;
        r.options.minSupport = 0.25;
        r.options.minConfidence = 0.65;
        const RulesFrame f = computeRulesFrame(m_coil, r);
        QCOMPARE(f.records, std::size_t(5822));
        QCOMPARE(f.itemNames.front(), std::string("A"));
        const RuleErrors& e = f.comparison.errors;
        QVERIFY(e.actual > 0);
        QCOMPARE(e.reconstructed, e.actual);
        RR_COMPARE_NEAR(e.rho.value, 0.0, 1e-9);
        RR_COMPARE_NEAR(e.sigmaPlus.value, 0.0, 1e-12);
        RR_COMPARE_NEAR(e.sigmaMinus.value, 0.0, 1e-12);
        QCOMPARE(f.rows.size(), e.actual);
        int sure = 0;
        for (const RuleRow& row : f.rows) {
            const RuleEstimate& e = row.status.estimate;
            const bool crosses = sideOf(e.support.normal, 0.25) != ThresholdSide::Above ||
                                 sideOf(*e.confidence.chebyshev, 0.65) != ThresholdSide::Above;
            QCOMPARE(row.verdict, crosses ? RuleVerdict::Uncertain : RuleVerdict::Sure);
            sure += row.verdict == RuleVerdict::Sure;
        }
        QVERIFY(sure > 0);
        qInfo("COIL p = 1: %zu rules, %d sure", f.rows.size(), sure);
    }

    // At p = 0.8 the verdicts agree with the comparison: missed rows are F - R, false positives R - F,
    // and their counts give sigma- and sigma+ of 003 Table 3.3.
    void rulesRandomized()
    {
        RulesSimulationRequest r;
        for (const char* n : {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J"})
            r.items.push_back({n, "1"});
        r.p = 0.8;
        r.seed = 7;
        r.options.minSupport = 0.25;
        r.options.minConfidence = 0.65;
        const RulesFrame f = computeRulesFrame(m_coil, r);
        const RuleErrors& e = f.comparison.errors;
        std::size_t missed = 0, falsePositive = 0, found = 0;
        for (const RuleRow& row : f.rows) {
            missed += row.verdict == RuleVerdict::Missed;
            falsePositive += row.verdict == RuleVerdict::FalsePositive;
            found += row.verdict != RuleVerdict::Missed;
            if (row.verdict == RuleVerdict::Missed)
                QVERIFY(row.status.inActual && !row.status.inReconstructed);
            if (row.verdict == RuleVerdict::Sure)
                QCOMPARE(row.status.certainty, RuleCertainty::Sure);
        }
        QCOMPARE(found, e.reconstructed);
        RR_COMPARE_NEAR(100.0 * double(missed) / double(e.actual), e.sigmaMinus.value, 1e-9);
        RR_COMPARE_NEAR(100.0 * double(falsePositive) / double(e.actual), e.sigmaPlus.value, 1e-9);
        // Rows come sure, uncertain, false positive, missed.
        for (std::size_t i = 1; i < f.rows.size(); ++i)
            QVERIFY(f.rows[i - 1].verdict <= f.rows[i].verdict);
    }

    void rulesFromCategories()
    {
        RulesSimulationRequest r;
        r.items = {{"sex", "Male"}, {"class", "<=50K"}, {"race", "White"}};
        r.p = 0.9;
        r.options.minSupport = 0.3;
        r.options.minConfidence = 0.6;
        const RulesFrame f = computeRulesFrame(m_adult, r);
        QCOMPARE(f.itemNames[0], std::string("sex=Male"));
        QVERIFY(f.comparison.errors.actual > 0);
        r.items = {{"sex", "Male"}};
        QVERIFY(inputErrorOf([&] { computeRulesFrame(m_adult, r); }).contains("at least two"));
        r.items = {{"sex", "Male"}, {"sex", "Other"}};
        QVERIFY(inputErrorOf([&] { computeRulesFrame(m_adult, r); }).contains("'Other'"));
    }

    // Issue 19: the frame streams its source (two bits per item and record). Records missing an item are left
    // out and counted: workclass is '?' in 1,836 rows of adult.data (pandas: (df.workclass == '?').sum()). The
    // file streamed from disk gives the Table's figures: at p = 1 every rule, at p = 0.8 the original supports.
    void rulesStreamTheSource()
    {
        RulesSimulationRequest r;
        r.items = {{"workclass", "Private"}, {"sex", "Male"}, {"class", "<=50K"}};
        r.p = 1.0;
        r.options.minSupport = 0.2;
        r.options.minConfidence = 0.5;
        const RulesFrame table = computeRulesFrame(m_adult, r);
        QCOMPARE(table.records, std::size_t(32561 - 1836));
        QCOMPARE(table.dropped, std::size_t(1836));
        const auto file = CsvSource::open({sharedData("adult/adult.data.csv")});
        const RulesFrame streamed = computeRulesFrame(*file, r);
        QCOMPARE(streamed.records, table.records);
        QCOMPARE(streamed.dropped, table.dropped);
        QVERIFY(table.comparison.errors.actual > 2);
        QCOMPARE(streamed.comparison.rules.size(), table.comparison.rules.size());
        for (std::size_t i = 0; i < table.comparison.rules.size(); ++i) {
            QCOMPARE(streamed.comparison.rules[i].originalSupport, table.comparison.rules[i].originalSupport);
            QCOMPARE(streamed.comparison.rules[i].estimate.support.estimate,
                     table.comparison.rules[i].estimate.support.estimate);
        }
        r.p = 0.8;
        r.policy = MissingPolicy::DropIncomplete; // 2,399 rows of adult.data have a '?' somewhere
        const RulesFrame t8 = computeRulesFrame(m_adult, r), s8 = computeRulesFrame(*file, r);
        QCOMPARE(t8.records, std::size_t(30162));
        QCOMPARE(s8.records, std::size_t(30162));
        QCOMPARE(s8.comparison.errors.actual, t8.comparison.errors.actual); // the original's rules
        // Seeded: the same source and seed give the same simulated release.
        QCOMPARE(computeRulesFrame(*file, r).comparison.errors.reconstructed, s8.comparison.errors.reconstructed);
    }

    // Bug 8 of issue 20: "age>=40" is the set of age's categories from 40 up, randomized with age (Warner over
    // its 73 categories) and pooled exactly. At p = 1 its rules equal those of a 0/1 column made by hand;
    // at p = 0.8 the original supports still equal, and keys round trip.
    void rulesFromAThreshold()
    {
        const RuleItem item = ruleItemFromKey("age>=40");
        QVERIFY(item.atLeast && *item.atLeast == 40.0 && item.attribute == "age");
        QCOMPARE(ruleItemKey(item), std::string("age>=40"));
        QCOMPARE(ruleItemKey(ruleItemFromKey("class=<=50K")), std::string("class=<=50K"));
        QCOMPARE(ruleItemFromKey("class=>50K").present, std::string(">50K"));
        QVERIFY(!ruleItemFromKey("class=>50K").atLeast);

        Table byHand = m_adult;
        const Attribute& age = m_adult.attributes[static_cast<std::size_t>(m_adult.attributeIndex("age"))];
        Attribute old{"old", {"0", "1"}, {}};
        std::size_t olds = 0;
        for (int32_t c : age.codes) {
            const bool o = std::stod(age.categories[static_cast<std::size_t>(c)]) >= 40.0;
            old.codes.push_back(o ? 1 : 0);
            olds += o;
        }
        byHand.attributes.push_back(old);
        QCOMPARE(olds, std::size_t(14237)); // pandas: (read_csv(adult.data.csv).age >= 40).sum()

        RulesSimulationRequest r;
        r.items = {item, {"sex", "Male"}, {"class", "<=50K"}};
        r.p = 1.0;
        r.options.minSupport = 0.1;
        r.options.minConfidence = 0.5;
        RulesSimulationRequest hand = r;
        hand.items[0] = {"old", "1"};
        const RulesFrame f = computeRulesFrame(m_adult, r);
        const RulesFrame g = computeRulesFrame(byHand, hand);
        QCOMPARE(f.itemNames[0], std::string("age>=40"));
        QVERIFY(f.comparison.errors.actual > 3);
        QCOMPARE(f.comparison.rules.size(), g.comparison.rules.size());
        for (std::size_t i = 0; i < f.comparison.rules.size(); ++i) {
            RR_COMPARE_NEAR(f.comparison.rules[i].originalSupport, g.comparison.rules[i].originalSupport, 0.0);
            RR_COMPARE_NEAR(f.comparison.rules[i].estimate.support.estimate,
                            g.comparison.rules[i].estimate.support.estimate, 1e-12);
        }
        r.p = hand.p = 0.8;
        const RulesFrame f8 = computeRulesFrame(m_adult, r);
        const RulesFrame g8 = computeRulesFrame(byHand, hand);
        QCOMPARE(f8.comparison.errors.actual, g8.comparison.errors.actual);

        r.items[0] = ruleItemFromKey("age>=100");
        QVERIFY(inputErrorOf([&] { computeRulesFrame(m_adult, r); }).contains("holds for none"));
        r.items[0] = ruleItemFromKey("sex>=1");
        QVERIFY(inputErrorOf([&] { computeRulesFrame(m_adult, r); }).contains("not a number"));
        QVERIFY(inputErrorOf([] { ruleItemFromKey("age>=old"); }).contains("a number"));
        QVERIFY(inputErrorOf([] { ruleItemFromKey("age"); }).contains("neither"));
    }
};

QTEST_APPLESS_MAIN(TestMeasuresFrame)
#include "test_measures_frame.moc"
