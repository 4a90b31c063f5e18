// Attribute disclosure risk (003 Sec. 5.2.3: eq. 5.6-5.8, 5.14, Property 1, Fig. 5.2, Table 5.2).
#include "TestData.h"

#include "core/data/Errors.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/risk/DisclosureRisk.h"

#include "TestSupport.h"

#include <QtTest>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <random>

// Every malloc of this test program is counted (Eigen allocates with malloc, operator new
// ends there too), so a test can show that a risk pass allocates nothing. glibc only, and not under
// a sanitizer: ASan and TSan replace malloc themselves, and memory from __libc_malloc handed to their
// free() crashes the program at start-up.
static std::atomic<long> g_allocations{0};
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define RR_MALLOC_IS_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define RR_MALLOC_IS_SANITIZED 1
#endif
#if defined(__GLIBC__) && !defined(RR_MALLOC_IS_SANITIZED)
#define RR_COUNTS_ALLOCATIONS 1
extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* malloc(std::size_t size)
{
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    return __libc_malloc(size);
}
void* calloc(std::size_t n, std::size_t size)
{
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    return __libc_calloc(n, size);
}
void* realloc(void* p, std::size_t size)
{
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    return __libc_realloc(p, size);
}
}
#endif

using namespace rr;
using rr::testsupport::randomStochastic;

namespace {

std::vector<DistortionMatrix> warnerQi(const std::vector<int>& dims, const std::vector<double>& p)
{
    std::vector<DistortionMatrix> out;
    for (std::size_t k = 0; k + 1 < dims.size(); ++k)
        out.push_back(DistortionMatrix::warner(dims[k], p[k]));
    return out;
}

DistortionMatrix warnerS(const std::vector<int>& dims, const std::vector<double>& p)
{
    return DistortionMatrix::warner(dims.back(), p.back());
}

// A random table over dims with some empty cells; every QI group risk is well defined.
ContingencyTable randomTable(const std::vector<int>& dims, std::mt19937_64& g, double emptyShare = 0.3)
{
    ContingencyTable t(dims);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::uniform_int_distribution<int> count(1, 30);
    for (Eigen::Index i = 0; i < t.counts().size(); ++i)
        t.counts()[i] = u(g) < emptyShare ? 0.0 : count(g);
    if (t.total() <= 0)
        t.counts()[0] = 1;
    return t;
}

// The retention probabilities of the mode at p = 1/d, the rest at 1.
std::vector<double> propertyOnePoint(const std::vector<int>& dims, RandomizationMode mode, double above = 0.0)
{
    std::vector<double> p(dims.size(), 1.0);
    for (std::size_t k = 0; k < dims.size(); ++k) {
        const bool isS = k + 1 == dims.size();
        if ((isS && mode != RandomizationMode::QI) || (!isS && mode != RandomizationMode::S))
            p[k] = 1.0 / dims[k] + above;
    }
    return p;
}

const RandomizationMode kModes[] = {RandomizationMode::QI, RandomizationMode::S, RandomizationMode::Both};

} // namespace

class TestRisk : public QObject {
    Q_OBJECT

    Table m_adult;
    ContingencyTable m_emgrw;

private slots:
    void initTestCase()
    {
        m_adult = testdata::adultComplete();
        m_emgrw = testdata::emgrw(m_adult);
        QCOMPARE(m_emgrw.total(), 45222.0);
        QCOMPARE(m_emgrw.dims(), (std::vector<int>{16, 7, 2, 5, 7}));
    }

    // FIDELITY, 003 Fig. 5.2: individual Female / Cancer of Table 2.5(b) is cell 3.
    void figure52GenderDisease()
    {
        DisclosureRiskModel model(testdata::genderDisease());
        const double rows[][3] = {
            {1.0, 1.0, 0.4286}, {1.0, 1.0 / 3, 0.1837}, {0.5, 1.0, 0.1200}, {0.5, 1.0 / 3, 0.0514}};
        for (const auto& r : rows) {
            const std::vector<double> p{r[0], r[1]};
            const double viaMatrices =
                model.evaluate({DistortionMatrix::warner(2, r[0])}, DistortionMatrix::warner(3, r[1]))[3];
            const double viaWarner = model.evaluateWarner(p)[3];
            QVERIFY2(
                std::abs(viaMatrices - r[2]) < 1e-4,
                qPrintable(QString("p_G=%1 p_D=%2: %3, expected %4").arg(r[0]).arg(r[1]).arg(viaMatrices).arg(r[2])));
            QCOMPARE(viaWarner, viaMatrices);
        }
        // The closed forms of Property 1 for this individual: (12/28)^2, pi_10 = 12/100, pi_10^2 / pi_1+.
        RR_COMPARE_NEAR(model.evaluateWarner({1.0, 1.0 / 3})[3], std::pow(12.0 / 28, 2), 1e-12);
        RR_COMPARE_NEAR(model.evaluateWarner({0.5, 1.0})[3], 0.12, 1e-12);
        RR_COMPARE_NEAR(model.evaluateWarner({0.5, 1.0 / 3})[3], 0.12 * 0.12 / 0.28, 1e-12);
    }

    // Without randomization the risk is the within-group share pi_{QI,S} / pi_QI.
    void noRandomizationIsWithinGroupShare()
    {
        std::mt19937_64 g(11);
        std::vector<ContingencyTable> tables{m_emgrw, randomTable({3, 4, 3}, g), randomTable({2, 2, 3, 4}, g)};
        for (const auto& t : tables) {
            DisclosureRiskModel model(t);
            const Eigen::VectorXd risk = model.evaluateWarner(std::vector<double>(t.dims().size(), 1.0));
            const int ds = t.dims().back();
            for (Eigen::Index i = 0; i < t.counts().size(); ++i) {
                const double group = t.counts().segment((i / ds) * ds, ds).sum();
                const double expected = t.counts()[i] > 0 ? t.counts()[i] / group : 0.0;
                RR_COMPARE_NEAR(risk[i], expected, 1e-12);
            }
        }
    }

    // 003 Property 1: at p = 1/d for the mode's attributes every cell sits at its minimum,
    // and slightly above 1/d it is no lower.
    void propertyOneMinimumIsReachedAtOneOverD()
    {
        std::mt19937_64 g(12);
        std::vector<ContingencyTable> tables{m_emgrw};
        for (int i = 0; i < 6; ++i)
            tables.push_back(randomTable(i % 2 ? std::vector<int>{3, 2, 4} : std::vector<int>{2, 3, 2, 3}, g));
        for (const auto& t : tables) {
            DisclosureRiskModel model(t);
            for (RandomizationMode mode : kModes) {
                const Eigen::VectorXd minimum = model.propertyOneMinimum(mode);
                const Eigen::VectorXd atMin = model.evaluateWarner(propertyOnePoint(t.dims(), mode));
                const Eigen::VectorXd above = model.evaluateWarner(propertyOnePoint(t.dims(), mode, 1e-3));
                for (Eigen::Index i : model.presentCells()) {
                    QVERIFY2(std::abs(atMin[i] - minimum[i]) < 1e-12,
                             qPrintable(QString("%1, cell %2: %3 vs %4")
                                            .arg(QString::fromStdString(toString(mode)))
                                            .arg(i)
                                            .arg(atMin[i])
                                            .arg(minimum[i])));
                    QVERIFY(above[i] >= minimum[i] - 1e-12);
                }
            }
        }
    }

    // The optimizer relies on the risk never falling when a p rises (003 Result 16, proof).
    void riskIsNonDecreasingInEachRetention()
    {
        std::mt19937_64 g(13);
        std::uniform_real_distribution<double> u(0.0, 1.0);
        for (int trial = 0; trial < 12; ++trial) {
            const ContingencyTable t =
                randomTable(trial % 2 ? std::vector<int>{3, 2, 4} : std::vector<int>{2, 3, 3}, g);
            DisclosureRiskModel model(t);
            const auto& dims = t.dims();
            std::vector<double> p(dims.size());
            for (std::size_t k = 0; k < dims.size(); ++k)
                p[k] = 1.0 / dims[k] + (1.0 - 1.0 / dims[k]) * u(g);
            for (std::size_t k = 0; k < dims.size(); ++k) {
                Eigen::VectorXd previous = Eigen::VectorXd::Zero(t.counts().size());
                for (int step = 0; step <= 40; ++step) {
                    p[k] = 1.0 / dims[k] + (1.0 - 1.0 / dims[k]) * step / 40.0;
                    const Eigen::VectorXd risk = model.evaluateWarner(p);
                    for (Eigen::Index i : model.presentCells())
                        QVERIFY2(risk[i] >= previous[i] - 1e-12,
                                 qPrintable(QString("trial %1, axis %2, step %3, cell %4: %5 < %6")
                                                .arg(trial)
                                                .arg(k)
                                                .arg(step)
                                                .arg(i)
                                                .arg(risk[i])
                                                .arg(previous[i])));
                    previous = risk;
                }
            }
        }
    }

    // eta by mode products (003 eq. 5.14) against the explicit sums of 003 eq. 5.7, and the
    // whole risk against eq. 5.6 and 5.8 written out, with general (non-Warner) matrices.
    void modeProductsMatchExplicitSums()
    {
        std::mt19937_64 g(14);
        const std::vector<int> dims{3, 2, 4, 3}; // three QIs and S
        for (int trial = 0; trial < 5; ++trial) {
            const ContingencyTable t = randomTable(dims, g, 0.35);
            DisclosureRiskModel model(t);
            std::vector<Eigen::MatrixXd> m;
            std::vector<DistortionMatrix> qi;
            for (int k = 0; k < 4; ++k) {
                m.push_back(randomStochastic(dims[k], g));
                if (k < 3)
                    qi.push_back(DistortionMatrix::fromMatrix(m[k]));
            }
            const DistortionMatrix s = DistortionMatrix::fromMatrix(m[3]);
            QVERIFY(!qi[0].isWarner() && !s.isWarner());

            const Eigen::VectorXd pi = t.proportions();
            const int ds = dims[3];
            const Eigen::Index nQi = pi.size() / ds;
            Eigen::VectorXd piQi(nQi);
            for (Eigen::Index a = 0; a < nQi; ++a)
                piQi[a] = pi.segment(a * ds, ds).sum();
            auto coords = [&](Eigen::Index a) { // QI cell -> (i1, i2, i3)
                return std::array<int, 3>{int(a / (dims[1] * dims[2])), int(a / dims[2] % dims[1]), int(a % dims[2])};
            };
            auto pr = [&](Eigen::Index beta, Eigen::Index alpha) { // Pr(QI~ = beta | QI = alpha)
                const auto b = coords(beta), c = coords(alpha);
                return m[0](b[0], c[0]) * m[1](b[1], c[1]) * m[2](b[2], c[2]);
            };
            // 003 eq. 5.7
            Eigen::VectorXd eta(nQi);
            for (Eigen::Index alpha = 0; alpha < nQi; ++alpha) {
                double sum = 0;
                for (Eigen::Index beta = 0; beta < nQi; ++beta) {
                    double denominator = 0;
                    for (Eigen::Index gamma = 0; gamma < nQi; ++gamma)
                        denominator += piQi[gamma] * pr(beta, gamma);
                    if (denominator > 0)
                        sum += piQi[alpha] * pr(beta, alpha) * pr(beta, alpha) / denominator;
                }
                eta[alpha] = sum;
            }
            const Eigen::VectorXd viaModes = model.qiReconstruction(qi);
            QVERIFY2((viaModes - eta).cwiseAbs().maxCoeff() < 1e-12,
                     qPrintable(QString("eta differs by %1").arg((viaModes - eta).cwiseAbs().maxCoeff())));

            // 003 eq. 5.8 and 5.6
            const Eigen::VectorXd risk = model.evaluate(qi, s);
            for (Eigen::Index i : model.presentCells()) {
                const Eigen::Index a = i / ds;
                const int u = static_cast<int>(i % ds);
                double rho = 0;
                for (int v = 0; v < ds; ++v) {
                    double denominator = 0;
                    for (int w = 0; w < ds; ++w)
                        denominator += m[3](v, w) * pi[a * ds + w];
                    rho += m[3](v, u) * m[3](v, u) * pi[i] / denominator;
                }
                const double expected = pi[i] / piQi[a] * eta[a] * rho;
                RR_COMPARE_NEAR(risk[i], expected, 1e-12);
            }
            QCOMPARE(model.maxRisk(qi, s), risk.maxCoeff());
        }
    }

    // The Warner entry points give exactly what the matrix entry points give.
    void warnerEntryPointsMatchMatrices()
    {
        DisclosureRiskModel model(m_emgrw);
        const auto& dims = m_emgrw.dims();
        std::mt19937_64 g(15);
        std::uniform_real_distribution<double> u(0.0, 1.0);
        for (int trial = 0; trial < 10; ++trial) {
            std::vector<double> p(dims.size());
            for (std::size_t k = 0; k < dims.size(); ++k)
                p[k] = trial % 3 == 0 && k == 4 ? 1.0 : 1.0 / dims[k] + (1 - 1.0 / dims[k]) * u(g);
            const Eigen::VectorXd a = model.evaluate(warnerQi(dims, p), warnerS(dims, p));
            const Eigen::VectorXd b = model.evaluateWarner(p);
            QVERIFY(a == b);
            QCOMPARE(model.maxRiskWarner(p), a.maxCoeff());
        }
    }

    // Published points of Table 5.2 sit slightly above tau (FIDELITY).
    void table52PublishedPoints()
    {
        DisclosureRiskModel model(m_emgrw);
        const struct {
            std::vector<double> p;
            double maxRisk;
        } rows[] = {{{0.824, 0.872, 0.920, 0.941, 1.0}, 0.5024},    // RR-QI l = 2
                    {{0.548, 0.812, 0.898, 0.985, 1.0}, 0.3459},    // RR-QI l = 3
                    {{0.428, 0.780, 0.926, 0.953, 0.871}, 0.2631}}; // RR-Both l = 4
        for (const auto& r : rows) {
            const double risk = model.maxRiskWarner(r.p);
            QVERIFY2(std::abs(risk - r.maxRisk) < 5e-5, qPrintable(QString("%1 vs %2").arg(risk).arg(r.maxRisk)));
        }
    }

    // FIDELITY: 268 QI groups of EMGRW hold records of one sensitive value only, 648 records in all;
    // their RR-S minimum (Property 1) is 1.
    void emgrwHomogeneousGroups()
    {
        DisclosureRiskModel model(m_emgrw);
        const Eigen::VectorXd minimum = model.propertyOneMinimum(RandomizationMode::S);
        int groups = 0;
        double records = 0;
        for (Eigen::Index i : model.presentCells())
            if (minimum[i] == 1.0) {
                ++groups; // a homogeneous group has exactly one cell with records
                records += m_emgrw.counts()[i];
            }
        QCOMPARE(groups, 268);
        QCOMPARE(records, 648.0);
        // and RR-S leaves them at risk 1 for any p_s
        for (double ps : {1.0, 0.6, 1.0 / 7 + 1e-6}) {
            const Eigen::VectorXd risk = model.evaluateWarner({1, 1, 1, 1, ps});
            for (Eigen::Index i : model.presentCells())
                if (minimum[i] == 1.0)
                    RR_COMPARE_NEAR(risk[i], 1.0, 1e-12);
        }
    }

    // A risk is a probability: never above 1, even where rounding nudges a certain guess.
    void riskNeverExceedsOne()
    {
        DisclosureRiskModel model(m_emgrw);
        for (double ps : {0.3, 0.6, 0.9})
            for (double pe : {1.0, 0.5}) {
                const Eigen::VectorXd risk = model.evaluateWarner({pe, 1, 1, 1, ps});
                QVERIFY(risk.maxCoeff() <= 1.0);
                QVERIFY(model.maxRiskWarner({pe, 1, 1, 1, ps}) <= 1.0);
            }
    }

    void summaryOnHandMadeCase()
    {
        // Two groups, S has two values: counts (3, 1 | 0, 4) -> risks (3/4, 1/4 | -, 1).
        ContingencyTable t({2, 2});
        t.counts() << 3, 1, 0, 4;
        DisclosureRiskModel model(t);
        const Eigen::VectorXd risk = model.evaluateWarner({1.0, 1.0});
        const RiskSummary s = summarizeRisk(risk, t, 0.5);
        QCOMPARE(s.records, 8.0);
        QCOMPARE(s.cells, std::size_t(3));
        QCOMPARE(s.maxRisk, 1.0);
        QCOMPARE(s.worstCell, Eigen::Index(3));
        RR_COMPARE_NEAR(s.meanRisk, (3 * 0.75 + 1 * 0.25 + 4 * 1.0) / 8, 1e-15);
        // sorted by risk: 0.25 (1 record), 0.75 (3), 1 (4): cumulative 1, 4, 8 of 8
        QCOMPARE(s.p50, 0.75);
        QCOMPARE(s.p90, 1.0);
        QCOMPARE(s.p99, 1.0);
        QCOMPARE(s.recordsOverTau, 7.0);
        QCOMPARE(summarizeRisk(risk, t).recordsOverTau, 0.0);
        QCOMPARE(weightedQuantile({{0.25, 1}, {0.75, 3}, {1.0, 4}}, 0.125), 0.25);
        QCOMPARE(weightedQuantile({{0.25, 1}, {0.75, 3}, {1.0, 4}}, 0.126), 0.75);
        QCOMPARE(weightedQuantile({}, 0.5), 0.0);
        QVERIFY_THROWS_EXCEPTION(InputError, summarizeRisk(Eigen::VectorXd::Zero(3), t));
    }

    // The optimizer's read of the present cells equals the full per-cell pass, cell for cell (whether it
    // reads many cells from a pass or computes a few alone), and the max pass equals the largest of them.
    void presentRiskEqualsFullPass()
    {
        DisclosureRiskModel model(m_emgrw);
        for (const std::vector<double>& p :
             {std::vector<double>{0.573, 0.821, 0.913, 0.973, 0.955},
              std::vector<double>{0.548, 0.812, 0.898, 0.985, 1.0}, std::vector<double>{1.0, 1.0, 1.0, 1.0, 0.6}}) {
            const Eigen::VectorXd full = model.evaluateWarner(p);
            const auto& present = model.presentCells();
            for (std::size_t step : {3, 40}) { // many cells: a whole pass; a few: each cell alone
                std::vector<std::size_t> which;
                for (std::size_t c = 0; c < present.size(); c += step)
                    which.push_back(c);
                std::vector<double> out(which.size(), -1.0);
                model.presentRiskWarner(p, which, out.data());
                for (std::size_t i = 0; i < which.size(); ++i) // the same bits
                    QVERIFY2(out[i] == full[present[which[i]]], qPrintable(QString::number(which[i])));
            }
            QCOMPARE(model.maxRiskWarner(p), full.maxCoeff());
        }
        const std::vector<std::size_t> outside{model.presentCells().size()};
        double sink = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, model.presentRiskWarner({0.6, 0.8, 0.9, 0.9, 0.9}, outside, &sink));
    }

    // A largest-risk pass with the P_s of the one before reuses each row's bound (only Pr(QI -> QI) is new):
    // the same number, to the bit, as a fresh model's full pass, whether P_s is Warner's or the identity,
    // and a new P_s is never served from the old bounds.
    void boundPassEqualsFullPass()
    {
        DisclosureRiskModel model(m_emgrw);
        for (double ps : {0.955, 1.0}) {
            for (int k = 0; k < 6; ++k) {
                const std::vector<double> p{0.55 + 0.07 * k, 0.821, 0.913 - 0.02 * k, 0.973, ps};
                DisclosureRiskModel fresh(m_emgrw);
                const double full = fresh.evaluateWarner(p).maxCoeff();
                const double reused = model.maxRiskWarner(p); // k >= 1: from the bounds
                QVERIFY2(reused == full, qPrintable(QString("p_s %1, step %2: %3 vs %4")
                                                        .arg(ps)
                                                        .arg(k)
                                                        .arg(reused, 0, 'g', 17)
                                                        .arg(full, 0, 'g', 17)));
            }
        }
        // After a P_s change the bounds are not used: the number still equals the full pass.
        const std::vector<double> p{0.6, 0.8, 0.9, 0.95, 0.7};
        DisclosureRiskModel fresh(m_emgrw);
        QVERIFY(model.maxRiskWarner(p) == fresh.evaluateWarner(p).maxCoeff());
    }

    void riskPassesAllocateNothing()
    {
#ifndef RR_COUNTS_ALLOCATIONS
        QSKIP("allocations are counted with glibc's malloc only (not under a sanitizer)");
#endif
        DisclosureRiskModel model(m_emgrw);
        const auto& dims = m_emgrw.dims();
        const std::vector<double> both{0.573, 0.821, 0.913, 0.973, 0.955}, qi{0.548, 0.812, 0.898, 0.985, 1.0};
        const auto qiMatrices = warnerQi(dims, both);
        const auto sMatrix = warnerS(dims, both);
        std::mt19937_64 g(16);
        const std::vector<int> small{3, 2, 3};
        std::vector<DistortionMatrix> general{DistortionMatrix::fromMatrix(randomStochastic(3, g)),
                                              DistortionMatrix::fromMatrix(randomStochastic(2, g))};
        const DistortionMatrix generalS = DistortionMatrix::fromMatrix(randomStochastic(3, g));
        DisclosureRiskModel smallModel(randomTable(small, g));
        double sink = 0;
        auto run = [&] {
            sink += model.evaluateWarner(both)[10] + model.maxRiskWarner(both) + model.maxRiskWarner(qi);
            sink += model.evaluate(qiMatrices, sMatrix)[10] + model.maxRisk(qiMatrices, sMatrix);
            sink += smallModel.evaluate(general, generalS)[1] + smallModel.maxRisk(general, generalS);
        };
        run();                                   // the first pass may size buffers
        const long probe = g_allocations.load(); // the counter sees Eigen's allocations
        sink += Eigen::VectorXd::Ones(100).eval().sum();
        QVERIFY(g_allocations.load() > probe);
        const long before = g_allocations.load();
        for (int i = 0; i < 5; ++i)
            run();
        QCOMPARE(g_allocations.load() - before, 0L);
        QVERIFY(sink > 0);
    }

    void badInput()
    {
        DisclosureRiskModel model(m_emgrw);
        const auto& dims = m_emgrw.dims();
        const std::vector<double> ones(5, 1.0);
        QVERIFY_THROWS_EXCEPTION(InputError, model.evaluateWarner({1.0, 1.0}));
        QVERIFY_THROWS_EXCEPTION(InputError, model.evaluateWarner({1.0, 1.0, 1.0, 1.0, 1.5}));
        QVERIFY_THROWS_EXCEPTION(InputError, model.maxRiskWarner({1.0, 1.0, std::nan(""), 1.0, 1.0}));
        QVERIFY_THROWS_EXCEPTION(InputError, model.evaluate(warnerQi({16, 7, 2, 7}, ones), warnerS(dims, ones)));
        QVERIFY_THROWS_EXCEPTION(InputError, model.evaluate(warnerQi({16, 7, 3, 5, 7}, ones), warnerS(dims, ones)));
        QVERIFY_THROWS_EXCEPTION(InputError, model.maxRisk(warnerQi(dims, ones), DistortionMatrix::identity(6)));
        QVERIFY_THROWS_EXCEPTION(InputError, DisclosureRiskModel(ContingencyTable({4})));
        QVERIFY_THROWS_EXCEPTION(InputError, DisclosureRiskModel(ContingencyTable({2, 2})));
    }
};

QTEST_GUILESS_MAIN(TestRisk)
#include "test_risk.moc"
