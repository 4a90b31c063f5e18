// The risk pass on several threads (DisclosureRiskModel::setThreads): from kParallelCells cells the QI
// products, the group risks and the scatter run over ranges; every number is bitwise the one thread's,
// for Warner matrices, general matrices, max risk and the optimizer, on every path of the mode products
// (first axis by columns, later axes by blocks, short and contiguous fibres).
#include "TestSupport.h"

#include "core/optimization/OptimalParameters.h"
#include "core/randomization/RandomSource.h"
#include "core/risk/DisclosureRisk.h"
#include "core/risk/RiskKernels.h"

#include <QtTest>

#include <cstring>

using namespace rr;

namespace {

// About `filled` of the cells hold 1..5 records (seeded).
ContingencyTable sparseTable(const std::vector<int>& dims, double filled, std::uint64_t seed)
{
    ContingencyTable t(dims);
    RandomSource random = RandomSource::seeded(seed);
    for (Eigen::Index i = 0; i < t.counts().size(); ++i)
        t.counts()[i] = random.uniform01() < filled ? double(1 + random.below(5)) : 0.0;
    return t;
}

bool sameBits(const Eigen::VectorXd& a, const Eigen::VectorXd& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), sizeof(double) * std::size_t(a.size())) == 0;
}

// A column-stochastic matrix that is not Warner's (so the general mode products run).
DistortionMatrix skewed(int d, double p)
{
    Eigen::MatrixXd m = Eigen::MatrixXd::Constant(d, d, 0.0);
    for (int v = 0; v < d; ++v) {
        m(v, v) = p;
        m((v + 1) % d, v) = 1 - p;
    }
    return DistortionMatrix::fromMatrix(m);
}

using RowRisksFn = double (*)(const riskkernels::RowRiskInputs&, Eigen::Index, Eigen::Index, double*, double*);

// The row kernel's builds this processor runs (the baseline is what they are compared with), and the
// dispatching entry point.
std::vector<std::pair<std::string, RowRisksFn>> rowRiskBuilds()
{
    std::vector<std::pair<std::string, RowRisksFn>> builds{{"dispatched", &riskkernels::rowRisks}};
    if (riskkernels::kernelBuildRuns(riskkernels::KernelBuild::Avx2))
        builds.emplace_back("avx2", &riskkernels::rowRisksAvx2);
    if (riskkernels::kernelBuildRuns(riskkernels::KernelBuild::Avx512))
        builds.emplace_back("avx512", &riskkernels::rowRisksAvx512);
    return builds;
}

// The QI kernels of one build, to compare with the baseline's.
struct QiKernels {
    std::string name;
    decltype(&riskkernels::uniformModeProductBaseline) uniformModeProduct;
    decltype(&riskkernels::uniformModeProductColumnsBaseline) uniformModeProductColumns;
    decltype(&riskkernels::columnSumsBaseline) columnSums;
    decltype(&riskkernels::addColumnSumsBaseline) addColumnSums;
    decltype(&riskkernels::updateAndInvertBaseline) updateAndInvert;
    decltype(&riskkernels::invertPositiveBaseline) invertPositive;
};

std::vector<QiKernels> qiKernelBuilds()
{
    using namespace riskkernels;
    std::vector<QiKernels> builds;
    if (kernelBuildRuns(KernelBuild::Avx2))
        builds.push_back({"avx2", &uniformModeProductAvx2, &uniformModeProductColumnsAvx2, &columnSumsAvx2,
                          &addColumnSumsAvx2, &updateAndInvertAvx2, &invertPositiveAvx2});
    if (kernelBuildRuns(KernelBuild::Avx512))
        builds.push_back({"avx512", &uniformModeProductAvx512, &uniformModeProductColumnsAvx512, &columnSumsAvx512,
                          &addColumnSumsAvx512, &updateAndInvertAvx512, &invertPositiveAvx512});
    return builds;
}

} // namespace

class TestRiskThreads : public QObject {
    Q_OBJECT
    std::vector<int> m_dims{64, 32, 32, 4, 4}; // 2^20 cells: axis 0 by columns, 1-2 by blocks, 3 contiguous
    ContingencyTable m_joint = sparseTable(m_dims, 0.3, 7);

private slots:
    void warnerBitwiseIdentical_data()
    {
        QTest::addColumn<QList<double>>("p");
        QTest::newRow("qi only") << QList<double>{0.7, 0.8, 0.6, 0.9, 1.0};
        QTest::newRow("s only") << QList<double>{1.0, 1.0, 1.0, 1.0, 0.55};
        QTest::newRow("both") << QList<double>{0.5, 0.9, 0.75, 0.6, 0.8};
        QTest::newRow("none") << QList<double>{1.0, 1.0, 1.0, 1.0, 1.0};
    }
    void warnerBitwiseIdentical()
    {
        QFETCH(QList<double>, p);
        const std::vector<double> pv(p.begin(), p.end());
        QVERIFY(m_joint.counts().size() >= DisclosureRiskModel::kParallelCells);
        DisclosureRiskModel one(m_joint);
        const Eigen::VectorXd expected = one.evaluateWarner(pv);
        const double expectedMax = one.maxRiskWarner(pv);
        QVERIFY(expectedMax > 0 && expectedMax <= 1);
        for (int threads : {2, 3, 4}) {
            DisclosureRiskModel many(m_joint);
            many.setThreads(threads);
            QCOMPARE(many.threads(), threads);
            QVERIFY2(sameBits(many.evaluateWarner(pv), expected), qPrintable(QString::number(threads)));
            QCOMPARE(many.maxRiskWarner(pv), expectedMax);
        }
    }

    void generalMatricesBitwiseIdentical()
    {
        std::vector<DistortionMatrix> qi;
        for (std::size_t k = 0; k + 1 < m_dims.size(); ++k)
            qi.push_back(k % 2 ? skewed(m_dims[k], 0.7) : DistortionMatrix::warner(m_dims[k], 0.8));
        const DistortionMatrix s = skewed(m_dims.back(), 0.6);
        DisclosureRiskModel one(m_joint);
        const Eigen::VectorXd expected = one.evaluate(qi, s);
        DisclosureRiskModel two(m_joint);
        two.setThreads(2);
        QVERIFY(sameBits(two.evaluate(qi, s), expected));
        QCOMPARE(two.maxRisk(qi, s), one.maxRisk(qi, s));
    }

    // A copy keeps the setting; below kParallelCells one thread runs whatever is set (same numbers).
    void smallTablesAndCopies()
    {
        const ContingencyTable small = sparseTable({20, 10, 3}, 0.5, 3);
        DisclosureRiskModel one(small), two(small);
        two.setThreads(2);
        const std::vector<double> p{0.6, 0.7, 0.8};
        QVERIFY(sameBits(two.evaluateWarner(p), one.evaluateWarner(p)));
        const DisclosureRiskModel copy = two;
        QCOMPARE(copy.threads(), 2);
        two.setThreads(0);
        QCOMPARE(two.threads(), 1);
    }

    // The row kernel's builds (baseline, AVX2, AVX-512, picked at run time) give the same bits, for every
    // sensitive mode, with and without eta, for d_s interleaved in vector lanes (1-4) and column by column.
    // (The QI kernels' builds are compared through the whole pass in qiKernelBuildsAgree.)
    void rowKernelBuildsAgree()
    {
        using Sensitive = riskkernels::RowRiskInputs::Sensitive;
        RandomSource random = RandomSource::seeded(5);
        for (int ds : {1, 2, 3, 4, 5, 7, 8, 13}) {
            const Eigen::Index rows = 700, inner = 70;
            Eigen::VectorXd pi(rows * ds), lambda(rows), colSum(inner), rho(rows * ds);
            for (Eigen::Index i = 0; i < pi.size(); ++i) {
                pi[i] = random.uniform01() < 0.4 ? 0.0 : random.uniform01() * 1e-3;
                rho[i] = random.uniform01();
            }
            for (Eigen::Index i = 0; i < rows; ++i)
                lambda[i] = 0.5 + random.uniform01();
            Eigen::VectorXd piQi = Eigen::VectorXd::Zero(rows); // each row summed in order, as the model does
            for (Eigen::Index i = 0; i < rows; ++i)
                for (int u = 0; u < ds; ++u)
                    piQi[i] += pi[i * ds + u];
            for (Eigen::Index i = 0; i < inner; ++i)
                colSum[i] = random.uniform01();
            for (Sensitive mode : {Sensitive::Identity, Sensitive::Uniform, Sensitive::Matrix})
                for (bool etaOnes : {false, true}) {
                    riskkernels::RowRiskInputs in;
                    in.pi = pi.data();
                    in.ds = ds;
                    in.pieceRows = std::max<Eigen::Index>(1, riskkernels::kPieceCells / ds);
                    in.etaOnes = etaOnes;
                    in.etaScale = 0.83;
                    in.lambda = lambda.data();
                    in.colSum = colSum.data();
                    in.inner = inner;
                    in.sensitive = mode;
                    in.a = 0.7 - 0.3 / ds, in.b = 0.3 / ds, in.a2 = 0.49 - 0.09 / ds / ds, in.b2 = 0.09 / ds / ds;
                    in.rho = rho.data();
                    in.piQi = piQi.data();
                    Eigen::VectorXd base(pi.size()), avx(pi.size());
                    Eigen::VectorXd scratch(riskkernels::rowScratchSize(ds));
                    const double maxBase = riskkernels::rowRisksBaseline(in, 3, rows, base.data(), scratch.data());
                    QVERIFY(maxBase > 0 && maxBase <= 1);
                    // Every build this processor runs, and the one the model calls, by name.
                    for (const auto& [name, rowRisks] : rowRiskBuilds()) {
                        const std::string what = name + " ds " + std::to_string(ds) + " mode " +
                                                 std::to_string(int(mode)) + (etaOnes ? " eta 1" : "");
                        avx.setConstant(-1.0);
                        QCOMPARE(rowRisks(in, 3, rows, avx.data(), scratch.data()), maxBase);
                        QVERIFY2(std::memcmp(base.data(), avx.data(), sizeof(double) * std::size_t((rows - 3) * ds)) ==
                                     0,
                                 what.c_str());
                        // The maximum without writing the risks is the same number.
                        QCOMPARE(rowRisks(in, 3, rows, nullptr, scratch.data()), maxBase);
                    }
                }
        }
    }

    // The mode-product kernels' two builds give the same bits: fibres of fixed and of any length, short and
    // long rows after the axis, column ranges, column sums and the inverse.
    void qiKernelBuildsAgree()
    {
        RandomSource random = RandomSource::seeded(9);
        auto filled = [&](Eigen::Index n) {
            Eigen::VectorXd v(n);
            for (Eigen::Index i = 0; i < n; ++i)
                v[i] = random.uniform01() < 0.2 ? 0.0 : random.uniform01();
            return v;
        };
        const std::vector<std::vector<int>> shapes{{7, 5}, {3, 40}, {40, 3}, {6, 30, 20}, {50, 17, 2}};
        for (const auto& dims : shapes)
            for (int axis = 0; axis < int(dims.size()); ++axis) {
                Eigen::Index cells = 1;
                for (int d : dims)
                    cells *= d;
                const Eigen::VectorXd x = filled(cells);
                Eigen::VectorXd a = x, b = x, workA = Eigen::VectorXd::Zero(cells), workB = workA;
                riskkernels::uniformModeProductBaseline(0.7, 0.05, dims.data(), int(dims.size()), axis, a.data(),
                                                        workA.data());
                riskkernels::uniformModeProduct(0.7, 0.05, dims, axis, b.data(), workB.data());
                QVERIFY2(sameBits(a, b), qPrintable(QString("axis %1 of %2 axes").arg(axis).arg(dims.size())));
                QVERIFY(!sameBits(a, x)); // the product did something
            }
        const Eigen::Index rows = 37, inner = 45;
        const Eigen::VectorXd x = filled(rows * inner);
        Eigen::VectorXd a = x, b = x, sumA = Eigen::VectorXd::Zero(inner), sumB = sumA;
        riskkernels::uniformModeProductColumnsBaseline(0.6, 0.01, rows, inner, 3, 40, a.data(), sumA.data());
        riskkernels::uniformModeProductColumns(0.6, 0.01, rows, inner, 3, 40, b.data(), sumB.data());
        QVERIFY(sameBits(a, b) && sameBits(sumA, sumB));
        riskkernels::columnSumsBaseline(x.data(), rows, inner, 0, inner, 0.3, sumA.data());
        riskkernels::columnSums(x.data(), rows, inner, 0, inner, 0.3, sumB.data());
        QVERIFY(sameBits(sumA, sumB));
        // A column summed in pieces (the fused QI path's segments) has the bits of one call over the rows.
        Eigen::VectorXd pieces = Eigen::VectorXd::Zero(inner), piecesBase = pieces, whole = pieces;
        riskkernels::columnSums(x.data(), rows, inner, 0, inner, 1.0, whole.data());
        riskkernels::columnSums(x.data(), 5, inner, 0, inner, 1.0, pieces.data());
        piecesBase = pieces;
        riskkernels::addColumnSums(x.data() + 5 * inner, 20, inner, pieces.data());
        riskkernels::addColumnSums(x.data() + 25 * inner, rows - 25, inner, pieces.data());
        riskkernels::addColumnSumsBaseline(x.data() + 5 * inner, rows - 5, inner, piecesBase.data());
        QVERIFY(sameBits(pieces, whole) && sameBits(piecesBase, whole));
        QVERIFY(!sameBits(whole, Eigen::VectorXd(x.head(inner))));
        a = x, b = x;
        riskkernels::updateAndInvertBaseline(0.9, sumA.data(), rows, inner, a.data());
        riskkernels::updateAndInvert(0.9, sumA.data(), rows, inner, b.data());
        QVERIFY(sameBits(a, b));
        QCOMPARE(b[3 * inner + 7], 1.0 / (0.9 * x[3 * inner + 7] + sumA[7])); // every row, not the first alone
        a = x, b = x;
        riskkernels::invertPositiveBaseline(a.data(), a.size());
        riskkernels::invertPositive(b.data(), b.size());
        QVERIFY(sameBits(a, b));

        // Each build by name (the dispatched calls above reach only the widest): the same bits as the baseline.
        for (const QiKernels& k : qiKernelBuilds()) {
            const char* what = k.name.c_str();
            for (const auto& dims : shapes)
                for (int axis = 0; axis < int(dims.size()); ++axis) {
                    Eigen::Index cells = 1;
                    for (int d : dims)
                        cells *= d;
                    const Eigen::VectorXd y = filled(cells);
                    Eigen::VectorXd p = y, q = y, workP = Eigen::VectorXd::Zero(cells), workQ = workP;
                    riskkernels::uniformModeProductBaseline(0.7, 0.05, dims.data(), int(dims.size()), axis, p.data(),
                                                            workP.data());
                    k.uniformModeProduct(0.7, 0.05, dims.data(), int(dims.size()), axis, q.data(), workQ.data());
                    QVERIFY2(sameBits(p, q), what);
                }
            a = x, b = x;
            riskkernels::uniformModeProductColumnsBaseline(0.6, 0.01, rows, inner, 3, 40, a.data(), sumA.data());
            k.uniformModeProductColumns(0.6, 0.01, rows, inner, 3, 40, b.data(), sumB.data());
            QVERIFY2(sameBits(a, b) && sameBits(sumA, sumB), what);
            riskkernels::columnSumsBaseline(x.data(), rows, inner, 0, inner, 0.3, sumA.data());
            k.columnSums(x.data(), rows, inner, 0, inner, 0.3, sumB.data());
            QVERIFY2(sameBits(sumA, sumB), what);
            sumB = sumA;
            riskkernels::addColumnSumsBaseline(x.data(), rows, inner, sumA.data());
            k.addColumnSums(x.data(), rows, inner, sumB.data());
            QVERIFY2(sameBits(sumA, sumB), what);
            a = x, b = x;
            riskkernels::updateAndInvertBaseline(0.9, sumA.data(), rows, inner, a.data());
            k.updateAndInvert(0.9, sumA.data(), rows, inner, b.data());
            QVERIFY2(sameBits(a, b), what);
            a = x, b = x;
            riskkernels::invertPositiveBaseline(a.data(), a.size());
            k.invertPositive(b.data(), b.size());
            QVERIFY2(sameBits(a, b), what);
        }
    }

    // The optimizer calls the risk pass hundreds of times: the same optimum to the bit.
    void optimizerIdentical()
    {
        OptimizationOptions opt;
        opt.mode = RandomizationMode::Both;
        opt.tau = 0.4;
        DisclosureRiskModel one(m_joint);
        const OptimizationResult a = optimizeParameters(one, opt);
        DisclosureRiskModel two(m_joint);
        two.setThreads(2);
        const OptimizationResult b = optimizeParameters(two, opt);
        QVERIFY(a.feasible);
        QVERIFY(a.p == b.p);
        QCOMPARE(a.objective, b.objective);
        QCOMPARE(a.maxRisk, b.maxRisk);
        QVERIFY(a.maxRisk <= opt.tau + opt.tolerance);
    }
};

QTEST_APPLESS_MAIN(TestRiskThreads)
#include "test_risk_threads.moc"
