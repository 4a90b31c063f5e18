// `rr-explorer-cli reconstruct`: pi-hat = P^-1 lambda-hat (003 eq. 5.15), variances and covariance (eq. 5.16),
// interquantile ranges (003 Sec. 3.2), on hand-computed cases and on a randomized Adult table.
#include "cli/CliRunner.h"

#include "core/contingency/ContingencyTable.h"
#include "core/data/CsvReader.h"
#include "core/data/Table.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>
#include <numeric>

using namespace rr::testcli;

namespace {
constexpr double kZ975 = 1.959963984540054; // z_{0.025}
}

class TestCliReconstruct : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // A binary attribute observed 60 times as "a" and 40 times as "b" (N = 100).
    QString binary60()
    {
        QByteArray csv = "x\n";
        for (int i = 0; i < 100; ++i)
            csv += i < 60 ? "a\n" : "b\n";
        return writeFile(m_dir, "binary.csv", csv);
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // By hand: p = 0.8, q = 0.2, P^-1 = (I - q 11^T) / (p - q) (003 Lemma 5).
    void binaryByHand()
    {
        RR_CLI_OK(r, (QStringList{"reconstruct", "--data", binary60(), "--attributes", "x", "--p", "x=0.8"}));
        const QJsonObject j = r.json();
        QCOMPARE(j["n"].toDouble(), 100.0);
        const QJsonArray cells = j["cells"].toArray();
        QCOMPARE(cells.size(), 2);
        const double inv[2][2] = {{0.8 / 0.6, -0.2 / 0.6}, {-0.2 / 0.6, 0.8 / 0.6}};
        const double lambda[2] = {0.6, 0.4};
        for (int u = 0; u < 2; ++u) {
            const QJsonObject c = cells[u].toObject();
            QCOMPARE(c["values"].toObject()["x"].toString(), QString(u == 0 ? "a" : "b"));
            RR_COMPARE_NEAR(c["observed"].toDouble(), lambda[u], 1e-15);
            const double est = inv[u][0] * lambda[0] + inv[u][1] * lambda[1];
            const double var =
                (inv[u][0] * inv[u][0] * lambda[0] + inv[u][1] * inv[u][1] * lambda[1] - est * est) / 99.0;
            RR_COMPARE_NEAR(c["estimate"].toDouble(), est, 1e-12);
            RR_COMPARE_NEAR(c["variance"].toDouble(), var, 1e-14);
            const QList<double> normal = numberList(c["raw_normal"]);
            RR_COMPARE_NEAR(normal[0], (est - kZ975 * std::sqrt(var)), 1e-9);
            RR_COMPARE_NEAR(normal[1], (est + kZ975 * std::sqrt(var)), 1e-9);
            const QList<double> cheb = numberList(c["raw_chebyshev"]);
            RR_COMPARE_NEAR(cheb[1], (est + std::sqrt(var) / std::sqrt(0.05)), 1e-9);
            // inside [0, 1] already: clipping changes nothing
            QCOMPARE(numberList(c["normal"]), normal);
        }
        RR_COMPARE_NEAR(cells[0].toObject()["estimate"].toDouble(), 2.0 / 3.0, 1e-12);
    }

    // Unrandomized data (p = 1): the estimate is the observed proportion, variance lambda (1 - lambda) / (N - 1).
    void identityReturnsObserved()
    {
        RR_CLI_OK(r, (QStringList{"reconstruct", "--data", binary60(), "--attributes", "x", "--alpha", "0.1",
                                  "--covariance"}));
        const QJsonObject j = r.json();
        const QJsonObject c = j["cells"].toArray()[0].toObject();
        QCOMPARE(c["estimate"].toDouble(), 0.6);
        RR_COMPARE_NEAR(c["variance"].toDouble(), 0.6 * 0.4 / 99, 1e-15);
        const QJsonArray cov = j["covariance"].toArray();
        QCOMPARE(cov.size(), 2);
        RR_COMPARE_NEAR(cov[0].toArray()[1].toDouble(), -0.6 * 0.4 / 99, 1e-15);
        // alpha = 0.1: Chebyshev half-width sd / sqrt(0.1)
        const QList<double> cheb = numberList(c["raw_chebyshev"]);
        RR_COMPARE_NEAR((cheb[1] - cheb[0]) / 2, std::sqrt(0.6 * 0.4 / 99) / std::sqrt(0.1), 1e-12);
    }

    // Clipping: an estimate near 0 gets lo clipped to 0 and keeps the negative raw bound.
    void clipsToUnitInterval()
    {
        QByteArray csv = "x\n";
        for (int i = 0; i < 20; ++i)
            csv += i < 19 ? "a\n" : "b\n";
        const QString path = writeFile(m_dir, "skewed.csv", csv);
        RR_CLI_OK(r, (QStringList{"reconstruct", "--data", path, "--attributes", "x", "--p", "x=0.7"}));
        const QJsonObject b = r.json()["cells"].toArray()[1].toObject();
        QVERIFY(b["raw_normal"].toArray()[0].toDouble() < 0);
        QCOMPARE(b["normal"].toArray()[0].toDouble(), 0.0);
        QVERIFY(b["estimate"].toDouble() < 0); // the unbiased estimate is not a projection
        QVERIFY(!r.json()["notes"].toArray().isEmpty());
    }

    // Randomize Adult's sex and race, then reconstruct: estimates within a few standard errors of the
    // original proportions; covariance diagonal == variance; cells row-major (last attribute fastest).
    void adultRoundTrip()
    {
        const QString out = m_dir.filePath("adult-rnd.csv");
        RR_CLI_OK(rz, (QStringList{"randomize", "--data", adultTrain(), "--data", adultTest(), "--attributes",
                                   "sex,race", "--p", "sex=0.8,race=0.7", "--seed", "2024", "--out", out}));
        RR_CLI_OK(r, (QStringList{"reconstruct", "--data", out, "--attributes", "sex,race", "--p", "sex=0.8,race=0.7",
                                  "--covariance"}));
        const QJsonObject j = r.json();
        QCOMPARE(j["n"].toDouble(), 48842.0);
        QCOMPARE(j["dropped_rows"].toInt(), 0);

        const rr::Table orig = rr::readCsv({adultTrain().toStdString(), adultTest().toStdString()});
        const std::vector<int> idx = orig.attributeIndices({"sex", "race"});
        std::vector<uint32_t> rows(orig.rowCount());
        std::iota(rows.begin(), rows.end(), 0u);
        const rr::ContingencyTable t = rr::buildContingency(orig, idx, rows);
        const Eigen::VectorXd pi = t.proportions();

        const QJsonArray cells = j["cells"].toArray();
        const QJsonArray cov = j["covariance"].toArray();
        QCOMPARE(cells.size(), 10);
        QCOMPARE(cov.size(), 10);
        double sum = 0;
        for (int i = 0; i < cells.size(); ++i) {
            const QJsonObject c = cells[i].toObject();
            // the randomized file lists categories in its own first-appearance order: match by name
            const int s = orig.attributes[idx[0]].categoryIndex(c["values"].toObject()["sex"].toString().toStdString());
            const int ra =
                orig.attributes[idx[1]].categoryIndex(c["values"].toObject()["race"].toString().toStdString());
            QVERIFY(s >= 0 && ra >= 0);
            const double truth = pi[static_cast<Eigen::Index>(t.index({s, ra}))];
            const double est = c["estimate"].toDouble(), var = c["variance"].toDouble();
            QVERIFY(var > 0);
            QVERIFY2(std::abs(est - truth) < 4 * std::sqrt(var),
                     qPrintable(QString("cell %1: %2 vs %3 (sd %4)").arg(i).arg(est).arg(truth).arg(std::sqrt(var))));
            RR_COMPARE_NEAR(cov[i].toArray()[i].toDouble(), var, 1e-12 * var);
            sum += est;
        }
        RR_COMPARE_NEAR(sum, 1.0, 1e-12); // P^-1 preserves the total
        // row-major: cell 1 has the first sex category and the second race category
        const QJsonObject c0 = cells[0].toObject()["values"].toObject(), c1 = cells[1].toObject()["values"].toObject(),
                          c5 = cells[5].toObject()["values"].toObject();
        QCOMPARE(c1["sex"].toString(), c0["sex"].toString());
        QVERIFY(c1["race"].toString() != c0["race"].toString());
        QVERIFY(c5["sex"].toString() != c0["sex"].toString());
        QCOMPARE(c5["race"].toString(), c0["race"].toString());
    }

    // --estimator mle where the moment estimate is negative (19 a, 1 b at p = 0.7: pi-hat_b = (0.05 - 0.3) / 0.4):
    // the maximum lies on the face, b = 0 exactly with no standard error, a = 1; `fit` reports the EM.
    // --estimator projected: the same cells from the moment estimate; moment stays the default.
    void estimators()
    {
        QByteArray csv = "x\n";
        for (int i = 0; i < 20; ++i)
            csv += i < 19 ? "a\n" : "b\n";
        const QString path = writeFile(m_dir, "skewed-mle.csv", csv);
        const QStringList args{"reconstruct", "--data", path, "--attributes", "x", "--p", "x=0.7"};
        RR_CLI_OK(m, (args + QStringList{"--estimator", "mle", "--covariance"}));
        const QJsonObject j = m.json();
        QCOMPARE(j["estimator"].toString(), QString("mle"));
        const QJsonObject fit = j["fit"].toObject();
        QVERIFY(fit["converged"].toBool());
        QCOMPARE(fit["cells_at_zero"].toInt(), 1);
        QVERIFY(fit["gap"].toDouble() <= 1e-10 * 20);
        const QJsonArray cells = j["cells"].toArray();
        QCOMPARE(cells[0].toObject()["estimate"].toDouble(), 1.0);
        QCOMPARE(cells[1].toObject()["estimate"].toDouble(), 0.0);
        QVERIFY(cells[1].toObject()["at_zero"].toBool() && !cells[0].toObject()["at_zero"].toBool());
        QVERIFY(cells[1].toObject()["variance"].isNull() && cells[1].toObject()["normal"].isNull());
        // one free cell under sum pi = 1: no freedom left, variance 0
        QCOMPARE(cells[0].toObject()["variance"].toDouble(), 0.0);
        QVERIFY(j["covariance"].toArray()[1].toArray()[1].isNull());
        RR_CLI_OK(pr, (args + QStringList{"--estimator", "projected"}));
        RR_CLI_OK(mo, (args + QStringList{"--estimator", "moment"}));
        RR_CLI_OK(def, args);
        QCOMPARE(mo.out, def.out);
        QCOMPARE(pr.json()["cells"].toArray()[1].toObject()["estimate"].toDouble(), 0.0);
        QCOMPARE(pr.json()["cells"].toArray()[0].toObject()["variance"],
                 def.json()["cells"].toArray()[0].toObject()["variance"]);
        QVERIFY(!def.json().contains("estimator"));
        const CliRun bad = runCli(args + QStringList{"--estimator", "bayes"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("moment, mle or projected"));
    }

    // Full covariance only for at most 4,096 cells: education x occupation x native-country has 16*14*41 = 9,184.
    void covarianceSizeLimit()
    {
        const CliRun r = runCli({"reconstruct", "--data", adultTrain(), "--data", adultTest(), "--drop-incomplete",
                                 "--attributes", "education,occupation,native-country", "--covariance"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("9184"));
        QVERIFY(r.err.contains("4,096"));
        // without --covariance the same table is fine
        RR_CLI_OK(ok, (QStringList{"reconstruct", "--data", adultTrain(), "--data", adultTest(), "--drop-incomplete",
                                   "--attributes", "education,occupation,native-country"}));
        QCOMPARE(ok.json()["cells"].toArray().size(), 9184);
        QVERIFY(!ok.json().contains("covariance"));
    }
};

QTEST_GUILESS_MAIN(TestCliReconstruct)
#include "test_cli_reconstruct.moc"
