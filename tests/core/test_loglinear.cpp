// Hierarchical loglinear models (003 Sec. 4.3): generators, IPF, goodness of fit, Korn's criterion
// (Theorem 2), backward elimination, saturated coefficients (eq. 4.6), Tables 4.2-4.4 on COIL.
#include "CoilData.h"

#include "core/data/Errors.h"
#include "core/estimation/Reconstruction.h"
#include "core/loglinear/Coefficients.h"
#include "core/loglinear/LoglinearFit.h"
#include "core/loglinear/ModelSearch.h"
#include "core/randomization/Randomize.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace rr;
using namespace rr::testdata;

namespace {

template <typename F>
std::string errorOf(F&& f)
{
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

const std::vector<char> kADG{'A', 'D', 'G'};
const std::vector<char> kABE{'A', 'B', 'E'};

std::vector<DistortionMatrix> warners(const std::vector<double>& p)
{
    std::vector<DistortionMatrix> m;
    for (double x : p)
        m.push_back(DistortionMatrix::warner(2, x));
    return m;
}

ContingencyTable randomCounts(const std::vector<int>& dims, std::mt19937_64& g)
{
    ContingencyTable t(dims);
    std::uniform_int_distribution<int> c(1, 200);
    for (Eigen::Index i = 0; i < t.counts().size(); ++i)
        t.counts()[i] = c(g);
    return t;
}

} // namespace

class TestLoglinear : public QObject {
    Q_OBJECT
    Table m_coil;
private slots:
    void initTestCase() { m_coil = coilBinarized(); }

    void parsesGenerators()
    {
        const HierarchicalModel m = parseModel("AD,G", kADG);
        QCOMPARE(m.generators, (std::vector<std::vector<int>>{{0, 1}, {2}}));
        QCOMPARE(formatModel(parseModel("G, DA ,A", kADG), kADG), std::string("AD,G"));
        QCOMPARE(formatModel(parseModel("[AD][G]", kADG), kADG), std::string("AD,G"));
        QCOMPARE(formatModel(parseModel("[DG] [AG], [AD]", kADG), kADG), std::string("AD,AG,DG"));
        QCOMPARE(formatModel(parseModel("ADG,AD", kADG), kADG), std::string("ADG")); // AD lies within ADG
        QVERIFY(parseModel("ADG", kADG) == saturatedModel(3));
        QVERIFY(parseModel("A,D,G", kADG) == independenceModel(3));
        const std::vector<char> five{'A', 'B', 'C', 'D', 'E'};
        QCOMPARE(formatModel(parseModel("DE,ABC", five), five), std::string("ABC,DE"));
        QCOMPARE(formatTerm({0, 2}, kADG), std::string("AG"));

        QVERIFY(errorOf([] { parseModel("AX,G", kADG); }).find("'X' names no attribute; the letters are A, D, G") !=
                std::string::npos);
        QVERIFY(errorOf([] { parseModel("AA,D,G", kADG); }).find("letter 'A' appears twice") != std::string::npos);
        QVERIFY(errorOf([] { parseModel("AD,,G", kADG); }).find("has an empty term") != std::string::npos);
        QVERIFY(errorOf([] { parseModel("AD", kADG); }).find("leaves out attribute 'G'") != std::string::npos);
        QVERIFY(errorOf([] { parseModel("  ", kADG); }).find("the model is empty") != std::string::npos);
        QVERIFY(errorOf([] { parseModel("[AD", kADG); }).find("never closed") != std::string::npos);
    }

    void lettersForAttributes()
    {
        QCOMPARE(defaultLetters({"A", "D", "G"}), kADG);
        QCOMPARE(defaultLetters({"age", "sex", "race"}), (std::vector<char>{'A', 'B', 'C'}));
        QCOMPARE(defaultLetters({"A", "A"}), (std::vector<char>{'A', 'B'}));
        QCOMPARE(lettersFromMapping("E=education, S=sex", {"sex", "education"}), (std::vector<char>{'S', 'E'}));
        QVERIFY(errorOf([] {
                    lettersFromMapping("E=education", {"sex", "education"});
                }).find("no letter to attribute 'sex'") != std::string::npos);
        QVERIFY(errorOf([] {
                    lettersFromMapping("E=education,E=sex", {"sex", "education"});
                }).find("mapped twice") != std::string::npos);
        QVERIFY(errorOf([] { lettersFromMapping("E=age", {"sex", "education"}); }).find("'age'") != std::string::npos);
    }

    void degreesOfFreedom_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QList<int>>("dims");
        QTest::addColumn<int>("df");
        QTest::newRow("A,D,G binary") << "A,D,G" << QList<int>{2, 2, 2} << 4; // Table 4.2
        QTest::newRow("AD,G binary") << "AD,G" << QList<int>{2, 2, 2} << 3;
        QTest::newRow("AD,AG,DG binary") << "AD,AG,DG" << QList<int>{2, 2, 2} << 1;
        QTest::newRow("saturated") << "ADG" << QList<int>{2, 2, 2} << 0;
        // 24 cells - (1 + 2 + 1 + 3 + 2) parameters
        QTest::newRow("AD,G 3x2x4") << "AD,G" << QList<int>{3, 2, 4} << 15;
        // (I-1)(J-1)K for conditional independence of A and D given G
        QTest::newRow("AG,DG 3x2x4") << "AG,DG" << QList<int>{3, 2, 4} << 8;
    }
    void degreesOfFreedom()
    {
        QFETCH(QString, model);
        QFETCH(QList<int>, dims);
        QFETCH(int, df);
        const std::vector<int> d(dims.begin(), dims.end());
        QCOMPARE(rr::degreesOfFreedom(parseModel(model.toStdString(), kADG), d), static_cast<long long>(df));
    }

    // A decomposable model has closed-form MLEs: (AB, BC) gives n_ij. n_.jk / n_.j. ; IPF reaches it
    // in one cycle (the second only confirms).
    void ipfMatchesClosedForm()
    {
        std::mt19937_64 g(4);
        const std::vector<int> dims{3, 2, 4};
        const ContingencyTable t = randomCounts(dims, g);
        const HierarchicalModel model = parseModel("AB,BC", {'A', 'B', 'C'});
        const IpfFit fit = fitIpf(t.counts(), dims, model);
        QVERIFY(fit.converged);
        QCOMPARE(fit.iterations, 2);
        const ContingencyTable ab = t.marginal({0, 1}), bc = t.marginal({1, 2}), b = t.marginal({1});
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 2; ++j)
                for (int k = 0; k < 4; ++k) {
                    const double expected = ab.counts()[i * 2 + j] * bc.counts()[j * 4 + k] / b.counts()[j];
                    RR_COMPARE_NEAR(fit.fitted[(i * 2 + j) * 4 + k], expected, 1e-9);
                }
    }

    // No closed form for (AB, AC, BC): IPF matches every two-way margin and leaves no three-factor
    // interaction (the fitted table's gamma^ABC of eq. 4.6 is 0).
    void ipfNoThreeWayInteraction()
    {
        std::mt19937_64 g(8);
        const std::vector<int> dims{3, 3, 2};
        const ContingencyTable t = randomCounts(dims, g);
        const std::vector<char> abc{'A', 'B', 'C'};
        const IpfFit fit = fitIpf(t.counts(), dims, parseModel("AB,AC,BC", abc));
        QVERIFY(fit.converged);
        QVERIFY(fit.iterations > 2);
        ContingencyTable fitted(dims);
        fitted.counts() = fit.fitted;
        for (const std::vector<int>& keep : {std::vector<int>{0, 1}, std::vector<int>{0, 2}, std::vector<int>{1, 2}})
            RR_COMPARE_NEAR((fitted.marginal(keep).counts() - t.marginal(keep).counts()).cwiseAbs().maxCoeff(), 0.0,
                            1e-6);
        const SaturatedCoefficients c = saturatedCoefficients(fit.fitted, dims, abc);
        RR_COMPARE_NEAR(findTerm(c, {0, 1, 2})->gamma.cwiseAbs().maxCoeff(), 0.0, 1e-9);
        // while the data themselves have one
        const SaturatedCoefficients d = saturatedCoefficients(t.counts(), dims, abc);
        QVERIFY(findTerm(d, {0, 1, 2})->gamma.cwiseAbs().maxCoeff() > 0.01);
    }

    void goodnessOfFitByHand()
    {
        // X2 = (10-12)^2/12 + (14-12)^2/12 = 2/3; G2 = 2 (10 ln(10/12) + 14 ln(14/12))
        const GoodnessOfFit g = goodnessOfFit(Eigen::Vector2d(10, 14), Eigen::Vector2d(12, 12), 1);
        RR_COMPARE_NEAR(g.chiSquare.value, 2.0 / 3.0, 1e-15);
        RR_COMPARE_NEAR(g.gSquare.value, 2 * (10 * std::log(10.0 / 12) + 14 * std::log(14.0 / 12)), 1e-13);
        RR_COMPARE_NEAR(g.pValue.value, 0.41421617824252, 1e-10); // Pr(chi2_1 >= 2/3) = 2 (1 - Phi(sqrt(2/3)))
        RR_COMPARE_NEAR(chiSquareCritical(0.05, 1), 3.841458820694124, 1e-9);
        const GoodnessOfFit zero = goodnessOfFit(Eigen::Vector2d(3, 0), Eigen::Vector2d(0, 3), 1);
        QVERIFY(!zero.chiSquare.defined && !zero.pValue.defined);
        QVERIFY2(zero.chiSquare.reason.find("cell 0 has 3 observed records but a fitted count of 0") !=
                     std::string::npos,
                 zero.chiSquare.reason.c_str());
        const GoodnessOfFit saturated = goodnessOfFit(Eigen::Vector2d(3, 4), Eigen::Vector2d(3, 4), 0);
        QVERIFY(saturated.chiSquare.defined && !saturated.pValue.defined);
        QVERIFY(errorOf([] { goodnessOfFit(Eigen::Vector2d(-1, 4), Eigen::Vector2d(3, 4), 1); }).find("non-negative") !=
                std::string::npos);
    }

    // 003 Tables 4.2 and 4.3 (FIDELITY "Unknown p, loglinear models"): Pearson X2 of four models on
    // COIL A, D, G, N = 5,822; randomized columns fit N * lambda with lambda = (P_A x P_D x P_G) pi.
    // X2 to the printed two decimals (+-0.005) except where noted; p-values within 0.01 of the
    // printed ones ("<0.001" read as < 0.001).
    void tables42and43_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QList<double>>("p");
        QTest::addColumn<double>("chiSquare");
        QTest::addColumn<double>("pValue"); // -1: printed "<0.001"
        QTest::addColumn<int>("df");
        const QList<double> o{1, 1, 1}, a{0.9, 0.9, 0.9}, b{0.7, 0.7, 0.7}, c{0.7, 0.8, 0.9};
        QTest::newRow("A,D,G original") << "A,D,G" << o << 435.70 << -1.0 << 4;
        QTest::newRow("AD,G original") << "AD,G" << o << 1.60 << 0.66 << 3;
        QTest::newRow("AG,D original") << "AG,D" << o << 434.40 << -1.0 << 3;
        QTest::newRow("DG,A original") << "DG,A" << o << 435.71 << -1.0 << 3;
        QTest::newRow("A,D,G 0.9") << "A,D,G" << a << 177.16 << -1.0 << 4;
        QTest::newRow("AD,G 0.9") << "AD,G" << a << 0.61 << 0.89 << 3;
        QTest::newRow("AG,D 0.9") << "AG,D" << a << 176.60 << -1.0 << 3;
        QTest::newRow("DG,A 0.9") << "DG,A" << a << 177.17 << -1.0 << 3;
        QTest::newRow("A,D,G 0.7") << "A,D,G" << b << 10.97 << 0.03 << 4;
        QTest::newRow("AD,G 0.7") << "AD,G" << b << 0.04 << 0.99 << 3; // computes 0.998
        QTest::newRow("AG,D 0.7") << "AG,D" << b << 10.93 << 0.01 << 3;
        QTest::newRow("DG,A 0.7") << "DG,A" << b << 10.97 << 0.01 << 3;
        QTest::newRow("A,D,G 0.7/0.8/0.9") << "A,D,G" << c << 24.82 << -1.0 << 4;
        QTest::newRow("AD,G 0.7/0.8/0.9") << "AD,G" << c << 0.15 << 0.98 << 3; // computes 0.986
        QTest::newRow("AG,D 0.7/0.8/0.9") << "AG,D" << c << 24.68 << -1.0 << 3;
        // printed 24.83; the definition gives 24.8204 (0.0003 above model A,D,G's 24.8201)
        QTest::newRow("DG,A 0.7/0.8/0.9") << "DG,A" << c << 24.82 << -1.0 << 3;
    }
    void tables42and43()
    {
        QFETCH(QString, model);
        QFETCH(QList<double>, p);
        QFETCH(double, chiSquare);
        QFETCH(double, pValue);
        QFETCH(int, df);
        const ContingencyTable adg = coilTable(m_coil, "ADG");
        QCOMPARE(adg.total(), 5822.0);
        const auto m = warners({p[0], p[1], p[2]});
        const bool original = p[0] == 1.0;
        const ContingencyTable t = original ? adg : expectedRandomizedCounts(adg, m);
        const LoglinearResult r =
            fitLoglinear(t, parseModel(model.toStdString(), kADG), kADG,
                         original ? FittedTable::Original : FittedTable::ExpectedRandomized, randomizedAxesOf(m));
        qInfo("%s at (%.1f, %.1f, %.1f): X2 = %.4f, G2 = %.4f, df = %lld, p = %.4f", r.model.c_str(), p[0], p[1], p[2],
              r.fit.chiSquare.value, r.fit.gSquare.value, r.fit.df, r.fit.pValue.value);
        QVERIFY(r.converged);
        QCOMPARE(r.fit.df, static_cast<long long>(df));
        RR_COMPARE_NEAR(r.fit.chiSquare.value, chiSquare, 0.005);
        QVERIFY(r.fit.pValue.defined);
        if (pValue < 0)
            QVERIFY(r.fit.pValue.value < 0.001);
        else
            RR_COMPARE_NEAR(r.fit.pValue.value, pValue, 0.01);
        QCOMPARE(r.preservation.has_value(), !original);
        if (!original) // every model here has each randomized attribute in one generator only
            QVERIFY(r.preservation->preserved);
    }

    // 003 Table 4.4 (attributes A, B, E), X2 and p as printed (p within 0.01).
    void table44_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QList<double>>("chiSquare"); // original, (0.9,0.9,0.9), (0.7,0.7,0.7), (0.55,0.9,0.9)
        QTest::addColumn<QList<double>>("pValue");    // -1: "<0.001"
        QTest::newRow("A,B,E") << "A,B,E" << QList<double>{280.87, 95.05, 4.84, 1.59}
                               << QList<double>{-1, -1, 0.30, 0.81};
        QTest::newRow("AB,E") << "AB,E" << QList<double>{18.33, 6.78, 0.40, 0.21}
                              << QList<double>{-1, 0.08, 0.94, 0.98};
        QTest::newRow("AE,B") << "AE,B" << QList<double>{264.81, 88.51, 4.44, 1.49}
                              << QList<double>{-1, -1, 0.22, 0.69};
        QTest::newRow("BE,A") << "BE,A" << QList<double>{279.18, 94.68, 4.83, 1.48}
                              << QList<double>{-1, -1, 0.19, 0.69};
        QTest::newRow("AB,AE") << "AB,AE" << QList<double>{2.28, 0.32, 0.01, 0.11}
                               << QList<double>{0.32, 0.85, 0.99, 0.95};
        QTest::newRow("AB,BE") << "AB,BE" << QList<double>{18.03, 6.67, 0.40, 0.10}
                               << QList<double>{-1, 0.04, 0.82, 0.95};
        QTest::newRow("AE,BE") << "AE,BE" << QList<double>{264.07, 88.35, 4.44, 1.38}
                               << QList<double>{-1, -1, 0.11, 0.50};
    }
    void table44()
    {
        QFETCH(QString, model);
        QFETCH(QList<double>, chiSquare);
        QFETCH(QList<double>, pValue);
        const ContingencyTable abe = coilTable(m_coil, "ABE");
        const std::vector<std::vector<double>> ps{{1, 1, 1}, {0.9, 0.9, 0.9}, {0.7, 0.7, 0.7}, {0.55, 0.9, 0.9}};
        for (std::size_t k = 0; k < ps.size(); ++k) {
            const ContingencyTable t = expectedRandomizedCounts(abe, warners(ps[k]));
            const LoglinearResult r = fitLoglinear(t, parseModel(model.toStdString(), kABE), kABE,
                                                   FittedTable::ExpectedRandomized, {0, 1, 2});
            RR_COMPARE_NEAR(r.fit.chiSquare.value, chiSquare[static_cast<int>(k)], 0.005);
            if (pValue[static_cast<int>(k)] < 0)
                QVERIFY(r.fit.pValue.value < 0.001);
            else
                RR_COMPARE_NEAR(r.fit.pValue.value, pValue[static_cast<int>(k)], 0.01);
        }
    }

    void kornCriterionVerdicts()
    {
        const KornVerdict all = kornCriterion(parseModel("AD,G", kADG), {0, 1, 2}, kADG);
        QVERIFY(all.preserved);
        const KornVerdict ab = kornCriterion(parseModel("AB,AE", kABE), {0, 1, 2}, kABE);
        QVERIFY(!ab.preserved);
        QCOMPARE(ab.repeatedAxes, std::vector<int>{0});
        QVERIFY2(ab.reason.find("randomized A appears in AB and AE") != std::string::npos, ab.reason.c_str());
        QVERIFY(kornCriterion(parseModel("AB,AE", kABE), {1, 2}, kABE).preserved);
        const std::vector<char> abc{'A', 'B', 'C'};
        const KornVerdict two = kornCriterion(parseModel("AB,AC,BC", abc), {0, 1}, abc);
        QCOMPARE(two.repeatedAxes, (std::vector<int>{0, 1}));
        QVERIFY(kornCriterion(parseModel("A,B,C", abc), {0, 1, 2}, abc).preserved); // independence model
        QVERIFY(!kornCriterion(parseModel("AC,BC", abc), {2}, abc).preserved);      // C randomized: not preserved
    }

    // Theorem 2 at work: a table that satisfies a model exactly (its own IPF fit) is randomized
    // with the expectation N * lambda. A model that passes Korn's criterion still fits exactly
    // (X2 = 0); one that fails it no longer does.
    void kornPreservationHoldsExactly()
    {
        const ContingencyTable abe = coilTable(m_coil, "ABE");
        const auto exactFor = [&](const char* model) {
            ContingencyTable t = abe;
            t.counts() = fitIpf(abe.counts(), abe.dims(), parseModel(model, kABE)).fitted;
            return t;
        };
        const auto m = warners({0.7, 0.8, 0.9});
        for (const char* model : {"AB,E", "AE,B", "A,B,E", "AB,BE"}) {
            const HierarchicalModel h = parseModel(model, kABE);
            const LoglinearResult r = fitLoglinear(expectedRandomizedCounts(exactFor(model), m), h, kABE,
                                                   FittedTable::ExpectedRandomized, {0, 1, 2}, IpfOptions{1e-13, 5000});
            const bool preserved = r.preservation->preserved;
            qInfo("model %s: Korn %s, X2 on the randomized exact table = %.3g", model,
                  preserved ? "preserved" : "not guaranteed", r.fit.chiSquare.value);
            if (preserved)
                RR_COMPARE_NEAR(r.fit.chiSquare.value, 0.0, 1e-8);
            else
                QVERIFY(r.fit.chiSquare.value > 1e-6); // exact fits leave ~1e-28
        }
        // (AB, BE) with only A randomized passes the criterion, so the exact fit survives
        const auto onlyA = warners({0.7, 1.0, 1.0});
        const LoglinearResult a =
            fitLoglinear(expectedRandomizedCounts(exactFor("AB,BE"), onlyA), parseModel("AB,BE", kABE), kABE,
                         FittedTable::ExpectedRandomized, randomizedAxesOf(onlyA), IpfOptions{1e-13, 5000});
        QVERIFY(a.preservation->preserved);
        RR_COMPARE_NEAR(a.fit.chiSquare.value, 0.0, 1e-8);
    }

    // Backward elimination on COIL A..E (5 binary attributes, N = 5,822) by the overall-fit
    // p-value (003's criterion) and by the likelihood-ratio change, original vs the expected
    // randomized table (all p equal).
    void modelSearchOnCoil_data()
    {
        QTest::addColumn<int>("criterion");
        QTest::addColumn<double>("p");
        QTest::addColumn<QString>("chosen");
        QTest::newRow("fit, original") << 0 << 1.0 << "ABC,ABD,ACD,BCE,AE,DE";
        QTest::newRow("fit, p = 0.9") << 0 << 0.9 << "AB,AC,AD,BC,BD,CD,E";
        QTest::newRow("fit, p = 0.8") << 0 << 0.8 << "AB,AC,AD,BC,CD,E";
        QTest::newRow("fit, p = 0.7") << 0 << 0.7 << "AC,B,D,E";
        QTest::newRow("LR, original") << 1 << 1.0 << "ABDE,ABC,ACD,BCE,CDE";
        QTest::newRow("LR, p = 0.9") << 1 << 0.9 << "ABD,AC,AE,BC,CD,DE";
        QTest::newRow("LR, p = 0.7") << 1 << 0.7 << "AB,AC,AD,CD,E";
    }
    void modelSearchOnCoil()
    {
        QFETCH(int, criterion);
        QFETCH(double, p);
        QFETCH(QString, chosen);
        const std::vector<char> five{'A', 'B', 'C', 'D', 'E'};
        const ContingencyTable t = coilTable(m_coil, "ABCDE");
        ModelSearchOptions options;
        options.criterion = criterion == 0 ? SearchCriterion::OverallFit : SearchCriterion::LikelihoodRatioChange;
        const ContingencyTable r =
            expectedRandomizedCounts(t, std::vector<DistortionMatrix>(5, DistortionMatrix::warner(2, p)));
        const ModelSearchResult s = backwardElimination(r, five, options);
        std::string path;
        for (const auto& m : s.path)
            path += " (" + m + ")";
        qInfo("chosen (%s), X2 = %.2f on %lld df, p = %.3f; %zu steps;%s", s.modelText.c_str(), s.fit.chiSquare.value,
              s.fit.df, s.fit.pValue.value, s.steps.size(), path.c_str());
        QCOMPARE(QString::fromStdString(s.modelText), chosen);
        QCOMPARE(s.path.front(), std::string("ABCDE"));
        QCOMPARE(s.path.back(), s.modelText);
        QCOMPARE(s.path.size(), s.steps.size()); // every step but the last accepted a deletion
        // each accepted step removed the candidate with the largest criterion p-value, >= alpha
        for (const SearchStep& step : s.steps) {
            double best = -1;
            for (const auto& c : step.candidates)
                if (c.criterion.defined)
                    best = std::max(best, c.criterion.value);
            if (step.chosen >= 0) {
                QCOMPARE(step.candidates[static_cast<std::size_t>(step.chosen)].criterion.value, best);
                QVERIFY(best >= options.alpha);
            } else {
                QVERIFY(best < options.alpha);
                QVERIFY2(step.decision.rfind("stop", 0) == 0, step.decision.c_str());
            }
        }
        if (options.criterion == SearchCriterion::OverallFit)
            QVERIFY(s.fit.pValue.value >= options.alpha);
    }

    // Example 4 of 003: on A, B, E the original data choose (AB, AE); with p = (0.55, 0.9, 0.9) the
    // randomized data choose another model, and (AB, AE) is not preserved (A in two generators).
    void searchesPartOnABE()
    {
        const ContingencyTable abe = coilTable(m_coil, "ABE");
        const ContingencyTable r = expectedRandomizedCounts(abe, warners({0.55, 0.9, 0.9}));
        const SearchComparison c = compareSearches(abe, r, kABE);
        qInfo("%s", c.summary.c_str());
        QCOMPARE(c.original.modelText, std::string("AB,AE"));
        QCOMPARE(c.randomized.modelText, std::string("A,B,E"));
        QVERIFY(!c.sameModel);
        QCOMPARE(c.firstDifferentStep, 1); // both first drop ABE and go to (AB,AE,BE); then they part
        QVERIFY(!kornCriterion(c.original.model, {0, 1, 2}, kABE).preserved);
        const SearchComparison same = compareSearches(abe, abe, kABE);
        QVERIFY(same.sameModel);
        QCOMPARE(same.firstDifferentStep, -1);
    }

    // The largest search offered: COIL A..G, 7 binary attributes, original vs p = 0.8.
    void modelSearchOnSevenAttributes()
    {
        const ContingencyTable t = coilTable(m_coil, "ABCDEFG");
        const std::vector<char> seven = defaultLetters(t.names());
        const SearchComparison c = compareSearches(
            t, expectedRandomizedCounts(t, std::vector<DistortionMatrix>(7, DistortionMatrix::warner(2, 0.8))), seven);
        qInfo("A..G: %s; %zu and %zu steps", c.summary.c_str(), c.original.steps.size(), c.randomized.steps.size());
        QVERIFY(c.original.fit.pValue.value >= 0.05);
        QVERIFY(c.randomized.fit.pValue.value >= 0.05);
        QVERIFY(!c.sameModel);
    }

    void searchCanBeCancelled()
    {
        const ContingencyTable t = coilTable(m_coil, "ABCDE");
        int calls = 0;
        bool inRange = true;
        const ModelSearchResult s = backwardElimination(t, {'A', 'B', 'C', 'D', 'E'}, {}, [&](double f) {
            inRange = inRange && f > 0 && f <= 1;
            return ++calls < 3;
        });
        QVERIFY(inRange);
        QVERIFY(s.cancelled);
        QCOMPARE(s.steps.size(), std::size_t(3));
    }

    // From the exact expectation the reconstruction is the original table, so every fit equals the
    // original fit; from one randomization with negative cells the projection is reported.
    void fitOnReconstruction()
    {
        const ContingencyTable adg = coilTable(m_coil, "ADG");
        const auto m = warners({0.7, 0.8, 0.9});
        const HierarchicalModel model = parseModel("AD,G", kADG);
        const LoglinearResult fromExpected =
            fitLoglinearReconstructed(expectedRandomizedCounts(adg, m), m, model, kADG);
        const LoglinearResult original = fitLoglinear(adg, model, kADG, FittedTable::Original);
        RR_COMPARE_NEAR(fromExpected.fit.chiSquare.value, original.fit.chiSquare.value, 1e-8);
        QVERIFY(!fromExpected.preservation.has_value());
        QVERIFY(!original.preservation.has_value());
        QCOMPARE(toString(fromExpected.source), std::string("reconstructed"));

        // a small table with a rare cell: one randomization gives a negative estimate
        ContingencyTable small({2, 2});
        small.counts() << 40, 1, 30, 29;
        const auto m2 = warners({0.6, 0.6});
        RandomSource rng = RandomSource::seeded(3);
        ReconstructedCounts rc;
        for (int tries = 0; tries < 50 && rc.negativeCells.empty(); ++tries) {
            ContingencyTable r = small;
            r.counts() = randomizeCounts(small.counts(), small.dims(), m2, rng);
            rc = reconstructedCounts(r, m2);
        }
        QVERIFY(!rc.negativeCells.empty());
        QVERIFY((rc.table.counts().array() >= 0).all());
        RR_COMPARE_NEAR(rc.table.total(), 100.0, 1e-9);
        QVERIFY2(rc.note.find("negative cell") != std::string::npos, rc.note.c_str());
        for (Eigen::Index c : rc.negativeCells)
            QCOMPARE(rc.table.counts()[c], 0.0);
    }

    // 003 eq. 4.6 and the proof of Result 12: gamma^A_0 = 1/8 log(prod lambda_0jk / prod lambda_1jk);
    // for a 2 x 2 table gamma^AB_00 = 1/4 log(odds ratio); effects sum to 0 over each index.
    void saturatedCoefficientsByHand()
    {
        const ContingencyTable adg = coilTable(m_coil, "ADG");
        const Eigen::VectorXd pi = adg.proportions();
        const SaturatedCoefficients c = saturatedCoefficients(pi, adg.dims(), kADG);
        QVERIFY(c.defined);
        QCOMPARE(c.terms.size(), std::size_t(8));
        QCOMPARE(c.terms.front().text, std::string("mean"));
        const double gammaA0 = std::log(pi[0] * pi[1] * pi[2] * pi[3] / (pi[4] * pi[5] * pi[6] * pi[7])) / 8;
        RR_COMPARE_NEAR(findTerm(c, {0})->gamma[0], gammaA0, 1e-14);
        RR_COMPARE_NEAR(findTerm(c, {0})->gamma.sum(), 0.0, 1e-14);
        RR_COMPARE_NEAR(findTerm(c, {0, 1, 2})->gamma.sum(), 0.0, 1e-14);
        // the fitted saturated model reproduces log pi
        Eigen::VectorXd rebuilt = Eigen::VectorXd::Constant(8, c.terms.front().gamma[0]);
        for (int cell = 0; cell < 8; ++cell) {
            const int i = cell >> 2, j = (cell >> 1) & 1, k = cell & 1;
            for (std::size_t t = 1; t < c.terms.size(); ++t) {
                int idx = 0;
                for (int a : c.terms[t].axes)
                    idx = idx * 2 + (a == 0 ? i : a == 1 ? j : k);
                rebuilt[cell] += c.terms[t].gamma[idx];
            }
        }
        RR_COMPARE_NEAR((rebuilt - pi.array().log().matrix()).cwiseAbs().maxCoeff(), 0.0, 1e-13);

        Eigen::Vector4d two(10, 20, 30, 40);
        const SaturatedCoefficients c2 = saturatedCoefficients(two, {2, 2}, {'A', 'B'});
        RR_COMPARE_NEAR(findTerm(c2, {0, 1})->gamma[0], std::log(10.0 * 40 / (20.0 * 30)) / 4, 1e-14);
        const SaturatedCoefficients zero = saturatedCoefficients(Eigen::Vector4d(1, 0, 2, 3), {2, 2}, {'A', 'B'});
        QVERIFY(!zero.defined);
        QVERIFY2(zero.reason.find("cell 1") != std::string::npos, zero.reason.c_str());
    }

    // The loglinear command's four cases (fitLoglinearFor) and a table with empty margins.
    void commandCases()
    {
        const ContingencyTable abe = coilTable(m_coil, "ABE");
        const HierarchicalModel model = parseModel("AB,AE", kABE);
        const auto m = warners({0.55, 0.9, 1.0});
        const LoglinearResult original = fitLoglinearFor(abe, model, kABE, {}, false);
        QVERIFY(!original.preservation.has_value());
        RR_COMPARE_NEAR(original.fit.chiSquare.value, 2.28, 0.005);
        const LoglinearResult expected = fitLoglinearFor(abe, model, kABE, m, false);
        QCOMPARE(toString(expected.source), std::string("expected-randomized"));
        QVERIFY(!expected.preservation->preserved); // A is randomized and in both generators
        QCOMPARE(expected.fitted.size(), Eigen::Index(8));
        const LoglinearResult asIs = fitLoglinearFor(abe, model, kABE, warners({1.0, 0.9, 0.9}), true);
        QVERIFY(asIs.preservation->preserved); // A is not randomized
        RR_COMPARE_NEAR(asIs.fit.chiSquare.value, original.fit.chiSquare.value, 1e-9);
        const LoglinearResult unknown = fitLoglinearFor(abe, model, kABE, {}, true);
        QVERIFY(!unknown.preservation->preserved);
        QVERIFY(unknown.notes.back().find("every attribute as randomized") != std::string::npos);

        // COIL E, G, H has empty cells (no E = 1 customer lacks H): the EH margin has zeros, the
        // fit keeps them at 0, X2 stays defined and a note says df is not reduced
        const ContingencyTable egh = coilTable(m_coil, "EGH");
        const std::vector<char> l{'E', 'G', 'H'};
        const LoglinearResult z = fitLoglinear(egh, parseModel("EH,G", l), l, FittedTable::Original);
        QVERIFY(z.fit.chiSquare.defined);
        for (Eigen::Index c : {1, 3, 4, 6}) // (E, H) = (0, 1) or (1, 0): an empty EH margin cell
            QCOMPARE(z.fitted[c], 0.0);
        RR_COMPARE_NEAR(z.fitted.sum(), 5822.0, 1e-6);
        QVERIFY(!z.notes.empty());
        QVERIFY2(z.notes.back().find("empty cell") != std::string::npos, z.notes.back().c_str());
    }

    void rejectsMismatches()
    {
        const ContingencyTable adg = coilTable(m_coil, "ADG");
        QVERIFY(errorOf([&] {
                    fitLoglinear(adg, parseModel("AB,C", {'A', 'B', 'C'}), {'A', 'B'}, FittedTable::Original);
                }).find("letters name 2 attributes") != std::string::npos);
        QVERIFY(errorOf([&] {
                    fitIpf(adg.counts(), {2, 2}, saturatedModel(3));
                }).find("spans 3 attributes") != std::string::npos);
        Eigen::VectorXd bad = adg.counts();
        bad[2] = -1;
        QVERIFY(errorOf([&] { fitIpf(bad, adg.dims(), saturatedModel(3)); }).find("cell 2") != std::string::npos);
        QVERIFY(errorOf([] { makeModel({{0, 13}}, 14); }).find("1 to 12 attributes") != std::string::npos);
        QVERIFY(errorOf([] { removeGenerator(parseModel("AD,G", kADG), {2}); }).find("main effects are kept") !=
                std::string::npos);
        // size limits, stated before the work: the search's attribute count, IPF's index memory
        const ContingencyTable eight = coilTable(m_coil, "ABCDEFGH");
        QVERIFY(errorOf([&] {
                    backwardElimination(eight, defaultLetters(eight.names()));
                }).find("at most 7 attributes, not 8") != std::string::npos);
        const std::vector<int> big{8, 8, 8, 8, 8, 8, 8, 2}; // 4,194,304 cells
        const HierarchicalModel nine =
            makeModel({{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}, {0, 7}, {0, 2}}, 8);
        QVERIFY(errorOf([&] {
                    fitIpf(Eigen::VectorXd::Zero(4194304), big, nine);
                }).find("9 generators over 4194304 cells; IPF handles generators x cells up to 33554432") !=
                std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestLoglinear)
#include "test_loglinear.moc"
