// Hostile sizes and numbers in core (issue 12): Warner matrices of any d without a d x d matrix, the
// documented limit on matrices written out, the cell-count message past 2^64, one rule for l, and
// totals that overflow to infinity refused as input errors instead of reaching maxCoeff or a JSON writer.
#include "core/datasource/PreparedTable.h"
#include "core/anonymization/Hierarchy.h"
#include "core/anonymization/PrivacyModel.h"
#include "core/contingency/ContingencyTable.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/distortion/Epsilon.h"
#include "core/distortion/MatrixFile.h"
#include "core/estimation/Reconstruction.h"
#include "core/optimization/ModeLimit.h"
#include "core/optimization/TradeOff.h"
#include "core/randomization/RandomSource.h"
#include "core/randomization/Randomize.h"
#include "core/risk/DisclosureRisk.h"

#include "TestSupport.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <climits>
#include <cmath>
#include <functional>
#include <limits>
#include <set>
#include <sstream>
#include <string>
#include <sys/stat.h>

using namespace rr;

namespace {

constexpr int kBigD = 30000; // more categories than Adult's fnlwgt (21,648)

template <typename E>
std::string errorOf(const std::function<void()>& f)
{
    try {
        f();
    } catch (const E& e) {
        return e.what();
    }
    return {};
}

bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

// One attribute of d categories, each held by `perCategory` records (record i has category i % d).
Table spreadTable(int d, int perCategory)
{
    Table t;
    Attribute a;
    a.name = "id";
    for (int k = 0; k < d; ++k)
        a.categories.push_back(std::string(1, 'v').append(std::to_string(k)));
    for (int i = 0; i < d * perCategory; ++i)
        a.codes.push_back(i % d);
    t.attributes.push_back(std::move(a));
    return t;
}

} // namespace

class TestLimits : public QObject {
    Q_OBJECT

private slots:
    // A Warner matrix is (p, q) alone; writing it out is refused past the limit, naming it.
    void warnerMatrixHoldsNoMatrix()
    {
        const DistortionMatrix w = DistortionMatrix::warner(kBigD, 0.7);
        QVERIFY(w.isWarner());
        QCOMPARE(w.factor().matrix.size(), Eigen::Index(0));
        QCOMPARE(w.size(), kBigD);
        QCOMPARE(w.entry(5, 5), 0.7);
        RR_COMPARE_NEAR(w.entry(5, 6), 0.3 / (kBigD - 1), 1e-18);
        QCOMPARE(inverse(w).matrix.size(), Eigen::Index(0));
        const std::string msg = errorOf<DomainError>([&] { w.matrix("fnlwgt"); });
        QVERIFY2(contains(msg, "'fnlwgt'") && contains(msg, "30000 x 30000") && contains(msg, "4096"), msg.c_str());
        QVERIFY(!errorOf<DomainError>([] { DistortionMatrix::warner(kMaxDenseCategories + 1, 0.5).matrix(); }).empty());
        // small ones are written out as before
        const Eigen::MatrixXd small = DistortionMatrix::warner(3, 0.6).matrix();
        QCOMPARE(small(0, 0), 0.6);
        QCOMPARE(small(2, 1), 0.2);
        RR_COMPARE_NEAR(small.colwise().sum().maxCoeff(), 1.0, 1e-15);
    }

    // Randomizing records of 30,000 categories: O(1) per value, the change rate is 1 - p and the new
    // values spread over the other categories.
    void randomizesThirtyThousandCategories()
    {
        const Table t = spreadTable(kBigD, 2);
        RandomSource rng = RandomSource::seeded(12);
        RandomizationReport report;
        const Table r = randomizeTable(t, {{0, DistortionMatrix::warner(kBigD, 0.7)}}, rng, &report);
        const double n = 2.0 * kBigD;
        QCOMPARE(report.rows, std::size_t(2 * kBigD));
        // change rate 1 - p = 0.3; sd = sqrt(0.3 * 0.7 / 60000) = 0.0019, tolerance 5 sd
        RR_COMPARE_NEAR(report.changedValues / n, 0.3, 0.0095);
        std::set<int> targets;
        std::size_t changed = 0;
        for (std::size_t i = 0; i < t.rowCount(); ++i) {
            const int u = r.attributes[0].codes[i];
            QVERIFY(u >= 0 && u < kBigD);
            if (u != t.attributes[0].codes[i]) {
                ++changed;
                targets.insert(u);
            }
        }
        QCOMPARE(changed, report.changedValues);
        // ~18,000 uniform draws over 29,999 categories reach 29,999 (1 - e^-0.6) = 13,536 distinct ones
        // (sd about 60); a draw biased to a few categories would reach far fewer
        QVERIFY2(targets.size() > 13000 && targets.size() < 14100, qPrintable(QString::number(targets.size())));
    }

    // Randomizing counts of 30,000 categories: records are kept, the kept share is p, and the moved
    // records spread evenly (one category holding 10^6 records takes the binomial-chain path).
    void randomizesCountsOfThirtyThousandCategories()
    {
        Eigen::VectorXd counts = Eigen::VectorXd::Constant(kBigD, 2.0);
        counts[7] = 1e6;
        RandomSource rng = RandomSource::seeded(5);
        const Eigen::VectorXd out = randomizeCounts(counts, {kBigD}, {DistortionMatrix::warner(kBigD, 0.7)}, rng);
        QCOMPARE(out.sum(), counts.sum());
        QVERIFY(out.minCoeff() >= 0);
        // kept ~ Bin(10^6, 0.7): sd 458; incoming from the others ~ 0.3 * 59,998 / 29,999 = 0.6
        RR_COMPARE_NEAR(out[7], 700000.0, 5 * 458.0);
        // each other category gets ~ 3e5 / 29,999 = 10 of the moved records (Poisson: sd 3.2) plus its own
        double others = 0, top = 0;
        for (Eigen::Index i = 0; i < out.size(); ++i)
            if (i != 7) {
                others += out[i];
                top = std::max(top, out[i]);
            }
        RR_COMPARE_NEAR(others / (kBigD - 1), 2.0 + 3e5 / (kBigD - 1), 0.1);
        QVERIFY2(top < 40, qPrintable(QString::number(top)));
    }

    // Reconstruction, variances, risk and epsilon of a 30,000-category attribute, all without a matrix.
    void everyWarnerPathWorksWithoutAMatrix()
    {
        const std::vector<DistortionMatrix> m{DistortionMatrix::warner(kBigD, 0.7)};
        const Eigen::VectorXd pi = Eigen::VectorXd::Constant(kBigD, 1.0 / kBigD);
        const Eigen::VectorXd lambda = expectedRandomized(m, pi);
        RR_COMPARE_NEAR((reconstruct(m, lambda) - pi).cwiseAbs().maxCoeff(), 0.0, 1e-15);
        const Eigen::VectorXd var = varianceDiagonal(m, lambda, 1000);
        QCOMPARE(var.size(), Eigen::Index(kBigD));
        QVERIFY(var.allFinite() && var.minCoeff() > 0);
        RR_COMPARE_RELATIVE(utilityObjective(m), warnerInverseFrobeniusSquared(kBigD, 0.7), 1e-12);
        RR_COMPARE_NEAR(epsilon(m[0]).value, std::log(0.7 * (kBigD - 1) / 0.3), 1e-9);

        ContingencyTable joint({kBigD, 2});
        for (Eigen::Index c = 0; c < joint.counts().size(); ++c)
            joint.counts()[c] = 1 + c % 3;
        DisclosureRiskModel model(joint);
        const double maxRisk = model.maxRiskWarner({0.7, 1.0});
        QVERIFY(maxRisk > 0 && maxRisk <= 1);
        const DistortionMatrix s = DistortionMatrix::identity(2);
        RR_COMPARE_NEAR(model.maxRisk(m, s), maxRisk, 1e-12);
    }

    // Past 2^64 cells the count is printed as it is (it printed "0 cells": an undefined cast).
    void cellCountMessageTellsTheTruth()
    {
        const std::string huge = errorOf<DomainError>([] { checkedDomainSize({1 << 20, 1 << 20, 1 << 20, 1 << 20}); });
        QVERIFY2(contains(huge, "1.21e+24 cells") && !contains(huge, " 0 cells"), huge.c_str());
        const std::string over = errorOf<DomainError>([] { checkedDomainSize({1 << 14, 1 << 13}); });
        QVERIFY2(contains(over, "134217728 cells (1024 MiB)") && contains(over, "67108864"), over.c_str());
        QCOMPARE(checkedDomainSize({1 << 13, 1 << 13}), std::size_t(1) << 26); // the limit itself is allowed
    }

    // One rule for l everywhere: 2 <= l <= 10^6, whole where a model counts values.
    void oneRuleForL_data()
    {
        QTest::addColumn<double>("l");
        QTest::addColumn<bool>("real");
        QTest::addColumn<bool>("whole");
        QTest::newRow("1") << 1.0 << false << false;
        QTest::newRow("1.5") << 1.5 << false << false;
        QTest::newRow("2") << 2.0 << true << true;
        QTest::newRow("2.5") << 2.5 << true << false;
        QTest::newRow("10^6") << 1e6 << true << true;
        QTest::newRow("10^6 + 1") << 1e6 + 1 << false << false;
        QTest::newRow("1e9") << 1e9 << false << false;
        QTest::newRow("-0") << -0.0 << false << false;
        QTest::newRow("nan") << std::nan("") << false << false;
        QTest::newRow("inf") << std::numeric_limits<double>::infinity() << false << false;
    }
    void oneRuleForL()
    {
        QFETCH(double, l);
        QFETCH(bool, real);
        QFETCH(bool, whole);
        const std::string realError = errorOf<InputError>([&] { checkL(l, "--l"); });
        const std::string wholeError = errorOf<InputError>([&] { wholeL(l, "--l"); });
        QCOMPARE(realError.empty(), real);
        QCOMPARE(wholeError.empty(), whole);
        if (!whole)
            QVERIFY2(contains(wholeError, "--l") && contains(wholeError, "at least 2") &&
                         contains(wholeError, "at most 1000000"),
                     wholeError.c_str());
        // the models apply the same rule
        QCOMPARE(errorOf<InputError>([&] { makePrivacyModel(PrivacyModelKind::EntropyLDiversity, l); }).empty(), real);
        QCOMPARE(errorOf<InputError>([&] { makePrivacyModel(PrivacyModelKind::DistinctLDiversity, l); }).empty(),
                 whole);
    }

    // Counts that add up to infinity are an input error wherever they arrive.
    void overflowingTotalsAreInputErrors()
    {
        ContingencyTable joint({2, 2});
        joint.counts() << 1e308, 0, 0, 1e308;
        QVERIFY(std::isinf(joint.total()));
        QVERIFY(contains(errorOf<InputError>([&] { DisclosureRiskModel m(joint); }), "not a finite number"));

        Table t;
        for (const char* name : {"a", "b"}) {
            Attribute a;
            a.name = name;
            a.categories = {"x", "y"};
            a.codes = {0, 1};
            t.attributes.push_back(a);
        }
        t.weights = {1e308, 1e308};
        const std::string msg = errorOf<InputError>([&] {
            prepareTable(t, {"a", "b"}, MissingPolicy::DropIfUsedMissing);
        });
        QVERIFY2(contains(msg, "more than 1.8e308") && contains(msg, "2^53"), msg.c_str());
        // finite totals past 2^53 too: squared class sizes (discernibility) overflowed to infinity
        t.weights = {1e200, 1e200};
        const std::string huge = errorOf<InputError>([&] {
            prepareTable(t, {"a", "b"}, MissingPolicy::DropIfUsedMissing);
        });
        QVERIFY2(contains(huge, "2e+200"), huge.c_str());
        QVERIFY(errorOf<InputError>([] { checkTotalCount(kMaxTotalCount); }).empty());
        QVERIFY(contains(errorOf<InputError>([] { checkTotalCount(kMaxTotalCount * 2, "n"); }), "column 'n'"));
        QVERIFY(!errorOf<InputError>([] { checkTotalCount(-1); }).empty());
        QVERIFY(!errorOf<InputError>([] { checkTotalCount(std::nan("")); }).empty());
    }

    // Finite but enormous counts print as numbers, never through an undefined cast to an integer.
    void hugeCountsPrintInReasons()
    {
        ContingencyTable joint({2, 2});
        joint.counts() << 1e300, 0, 0, 1e300;
        DisclosureRiskModel model(joint);
        const ModeLimit limit = modeLimit(model, RandomizationMode::QI, 0.25);
        QCOMPARE(limit.blockingCells, std::size_t(2));
        const std::string reason = infeasibleReason(limit, RandomizationMode::QI, 0.25);
        QVERIFY2(contains(reason, "2e+300 records in 2 cells"), reason.c_str());
    }

    // Hierarchy files are read whole: one past the limit is refused by its size before reading (a
    // sparse file, so the test writes nothing), and a folder is named as one.
    void hierarchyFileSizeIsBounded()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath("huge.csv"));
        QVERIFY(f.open(QIODevice::WriteOnly) && f.resize(qint64(kMaxHierarchyFileBytes) + 1));
        f.close();
        const std::string msg = errorOf<InputError>([&] { readHierarchyFile(f.fileName().toStdString()); });
        QVERIFY2(contains(msg, "over the limit of 67108864 bytes"), msg.c_str());
        QVERIFY(contains(errorOf<InputError>([&] { readHierarchyFile(dir.path().toStdString()); }), "folder"));
    }

    // The trade-off curve refuses a range of l it could not count (lMax - lMin + 1 overflowed an int).
    void tradeOffRangeIsBounded()
    {
        ContingencyTable joint({2, 2});
        joint.counts() << 3, 1, 1, 3;
        DisclosureRiskModel model(joint);
        TradeOffOptions o;
        o.lMin = 2;
        o.lMax = INT_MAX;
        const std::string msg = errorOf<InputError>([&] {
            computeTradeOff(
                model, o, [](const std::vector<double>&) { return 0.0; }, nullptr);
        });
        QVERIFY2(contains(msg, "at most 1000 values of l"), msg.c_str());
    }

    // Issue 24 items 2, 3, 8: the shared input checks. A line is read up to its limit and no further; a
    // file is read up to its limit counted in bytes read (a device reports size 0); a FIFO, a device or a
    // folder is refused by name before anything opens it.
    void boundedLines()
    {
        std::istringstream in("ab\n" + std::string(5000, 'x') + "\nlast");
        std::string line;
        QCOMPARE(readLineBounded(in, line, 100), LineRead::Line);
        QCOMPARE(line, std::string("ab"));
        QCOMPARE(readLineBounded(in, line, 100), LineRead::TooLong);
        QCOMPARE(line.size(), std::size_t(100));
        QCOMPARE(static_cast<long>(in.tellg()), 3L + 101L); // stopped at the limit: the rest is unread
        std::istringstream exact(std::string(100, 'y') + "\n\n");
        QCOMPARE(readLineBounded(exact, line, 100), LineRead::Line); // exactly the limit is fine
        QCOMPARE(readLineBounded(exact, line, 100), LineRead::Line);
        QVERIFY(line.empty());
        QCOMPARE(readLineBounded(exact, line, 100), LineRead::End);
        std::istringstream noNewline("last");
        QCOMPARE(readLineBounded(noNewline, line, 100), LineRead::Line);
        QCOMPARE(line, std::string("last"));
        QCOMPARE(readLineBounded(noNewline, line, 100), LineRead::End);
    }

    void inputFilesAreRegular()
    {
        QTemporaryDir dir;
        const std::string fifo = dir.filePath("p").toStdString();
        QVERIFY(::mkfifo(fifo.c_str(), 0600) == 0);
        std::string msg = errorOf<InputError>([&] { checkInputFile(fifo, "--matrix"); });
        QVERIFY2(contains(msg, "--matrix '" + fifo + "' is not a regular file (a FIFO)"), msg.c_str());
        msg = errorOf<InputError>([&] { readFileBounded(fifo, 100, "the session"); });
        QVERIFY2(contains(msg, "is not a regular file (a FIFO)"), msg.c_str());
        msg = errorOf<InputError>([&] { readMatrixFile(fifo); });
        QVERIFY2(contains(msg, "(a FIFO)"), msg.c_str());
        msg = errorOf<InputError>([&] { readHierarchyFile(fifo); });
        QVERIFY2(contains(msg, "(a FIFO)"), msg.c_str());
        msg = errorOf<InputError>([] { readFileBounded("/dev/zero", 1 << 20, "the session"); });
        QVERIFY2(contains(msg, "'/dev/zero' is not a regular file (a device)"), msg.c_str());
        msg = errorOf<InputError>([&] { readMatrixFile(dir.path().toStdString()); });
        QVERIFY2(contains(msg, "is a folder") && !contains(msg, "9223372036854775807"), msg.c_str());
        checkInputFile("-", "--data");                                  // standard input passes
        checkInputFile(dir.filePath("absent").toStdString(), "--data"); // the reader says it is missing

        // A regular file is read up to the limit, counted as read.
        QFile f(dir.filePath("big"));
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(QByteArray(1000, 'z')) == 1000);
        f.close();
        QCOMPARE(readFileBounded(f.fileName().toStdString(), 1000, "x").size(), std::size_t(1000));
        msg = errorOf<InputError>([&] { readFileBounded(f.fileName().toStdString(), 999, "the session"); });
        QVERIFY2(contains(msg, "larger than the limit of 999 bytes"), msg.c_str());
    }
};

QTEST_GUILESS_MAIN(TestLimits)
#include "test_limits.moc"
