// COIL 2000 (003 Ch. 3, seed 001): original proportions and association rules from FIDELITY.md,
// and the worked example's estimator applied to a seeded randomization of the real records.
#include "CoilData.h"

#include "core/estimation/Intervals.h"
#include "core/estimation/Reconstruction.h"
#include "core/randomization/Randomize.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>

using namespace rr;
using namespace rr::testdata;

namespace {

struct Rule {
    const char* antecedent;
    const char* consequent;
    double support, confidence; // percent
};

// Share of records with every listed attribute equal to 1 (the last cell of their table).
double allOnes(const Table& coil, const std::string& letters)
{
    const ContingencyTable t = coilTable(coil, letters);
    return t.counts()[t.counts().size() - 1] / t.total();
}

} // namespace

class TestCoil : public QObject {
    Q_OBJECT
    Table m_coil;
private slots:
    void initTestCase()
    {
        m_coil = coilBinarized();
        QCOMPARE(m_coil.rowCount(), std::size_t(5822));
        QCOMPARE(m_coil.attributes.size(), std::size_t(10));
    }

    void originalProportions_data()
    {
        QTest::addColumn<QString>("letters");
        QTest::addColumn<QList<double>>("expected");
        QTest::newRow("A,D") << "AD" << QList<double>{0.1374, 0.3332, 0.2982, 0.2312};
        QTest::newRow("A,B") << "AB" << QList<double>{0.4222, 0.0484, 0.3861, 0.1432};
        QTest::newRow("I,J") << "IJ" << QList<double>{0.4763, 0.0124, 0.4639, 0.0474};
        QTest::newRow("G,H") << "GH" << QList<double>{0.4148, 0.0431, 0.1833, 0.3588};
        QTest::newRow("A,D,G") << "ADG"
                               << QList<double>{0.0610, 0.0764, 0.1506, 0.1826, 0.1384, 0.1597, 0.1079, 0.1233};
    }
    void originalProportions()
    {
        QFETCH(QString, letters);
        QFETCH(QList<double>, expected);
        const Eigen::VectorXd pi = coilTable(m_coil, letters.toStdString()).proportions();
        QCOMPARE(pi.size(), Eigen::Index(expected.size()));
        for (int i = 0; i < expected.size(); ++i)
            QVERIFY2(std::abs(pi[i] - expected[i]) < 1e-4,
                     qPrintable(QString("cell %1: %2 vs %3").arg(i).arg(pi[i], 0, 'f', 5).arg(expected[i])));
    }

    void associationRules()
    {
        const Rule rules[] = {{"G", "E", 35.9, 66.2},  {"G", "H", 35.9, 66.2},   {"EH", "G", 35.9, 89.3},
                              {"EG", "I", 22.1, 61.7}, {"HF", "I", 23.9, 100.0}, {"EGH", "F", 22.1, 61.7},
                              {"FGI", "E", 22.1, 77.9}};
        for (const Rule& r : rules) {
            const std::string both = std::string(r.antecedent) + r.consequent;
            const double support = 100 * allOnes(m_coil, both);
            const double confidence = 100 * allOnes(m_coil, both) / allOnes(m_coil, r.antecedent);
            qInfo("%s => %s: support %.2f%%, confidence %.2f%%", r.antecedent, r.consequent, support, confidence);
            QVERIFY2(std::abs(support - r.support) < 0.05,
                     qPrintable(QString("%1=>%2 support %3").arg(r.antecedent, r.consequent).arg(support)));
            QVERIFY2(std::abs(confidence - r.confidence) < 0.05,
                     qPrintable(QString("%1=>%2 confidence %3").arg(r.antecedent, r.consequent).arg(confidence)));
        }
    }

    // Randomize G and H of the 5,822 real records (p = 0.9, seeded), then estimate: every cell of
    // pi-hat lies within 4 estimated sd of the original proportions, as in the worked example.
    void randomizedGHIsRecovered()
    {
        const int g = m_coil.attributeIndex("G"), h = m_coil.attributeIndex("H");
        const std::vector<DistortionMatrix> m = {DistortionMatrix::warner(2, 0.9), DistortionMatrix::warner(2, 0.9)};
        RandomSource rng = RandomSource::seeded(5822);
        RandomizationReport report;
        const Table randomized = randomizeTable(m_coil, {{g, m[0]}, {h, m[1]}}, rng, &report);
        QCOMPARE(report.rows, std::size_t(5822));
        // about 10% of the 2 x 5,822 values change (binomial sd about 31)
        QVERIFY2(std::abs(double(report.changedValues) - 0.1 * 2 * 5822) < 4 * std::sqrt(2 * 5822 * 0.09),
                 qPrintable(QString::number(report.changedValues)));
        const Eigen::VectorXd pi = coilTable(m_coil, "GH").proportions();
        const Eigen::VectorXd lambdaHat = coilTable(randomized, "GH").proportions();
        const Eigen::VectorXd piHat = reconstruct(m, lambdaHat);
        const Eigen::VectorXd var = varianceDiagonal(m, lambdaHat, 5822);
        for (int c = 0; c < 4; ++c) {
            qInfo("cell %d: pi %.4f lambda-hat %.4f pi-hat %.4f sd %.4f", c, pi[c], lambdaHat[c], piHat[c],
                  std::sqrt(var[c]));
            RR_COMPARE_NEAR(piHat[c], pi[c], 4 * std::sqrt(var[c]));
            const Interval ci = interquantileRange(piHat[c], var[c], 0.001, IntervalKind::Normal);
            QVERIFY(ci.lo <= pi[c] && pi[c] <= ci.hi);
        }
        // the randomized proportions themselves are biased (towards uniform); the estimate corrects that
        QVERIFY((lambdaHat - pi).cwiseAbs().maxCoeff() > 3 * (piHat - pi).cwiseAbs().maxCoeff());
        // the unrandomized attributes are untouched
        for (std::size_t a = 0; a < m_coil.attributes.size(); ++a)
            if (int(a) != g && int(a) != h)
                QVERIFY(randomized.attributes[a].codes == m_coil.attributes[a].codes);
    }
};

QTEST_GUILESS_MAIN(TestCoil)
#include "test_coil.moc"
