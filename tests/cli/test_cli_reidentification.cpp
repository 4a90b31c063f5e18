// `rr-explorer-cli reidentification` and the "reidentification" key of `risk` (issue 22): at p = 1 the randomized
// risk is the original (1 / class size); Adult EMGRW's quasi-identifiers at p < 1; a --matrix against M's
// distribution written out by hand; bad input exits 2.
#include "cli/CliRunner.h"

#include "TestSupport.h"

#include <QJsonDocument>
#include <QtTest>

#include <cmath>

using namespace rr::testcli;

namespace {

QStringList adultReid(const QStringList& more = {})
{
    QStringList args{"reidentification"};
    args << adultComplete() << "--qi" << "education,marital-status,sex,race" << more;
    return args;
}

const char* kSummaryKeys[] = {"max", "mean", "above_threshold", "sample_uniques"};

} // namespace

class TestCliReidentification : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // Without randomization the randomized risk is the original one, cell by cell: 1 / class size.
    void pOneGivesTheOriginal()
    {
        RR_CLI_OK(r, adultReid({"--cells"}));
        const QJsonObject j = r.json();
        const QJsonObject o = j["original"].toObject(), z = j["randomized"].toObject();
        for (const char* key : kSummaryKeys)
            RR_COMPARE_NEAR(z[key].toDouble(), o[key].toDouble(), 1e-12);
        const QList<double> ho = numberList(o["histogram"]), hz = numberList(z["histogram"]);
        QCOMPARE(ho.size(), 10);
        QCOMPARE(hz.size(), 10);
        for (int b = 0; b < 10; ++b)
            RR_COMPARE_NEAR(hz[b], ho[b], 1e-12);
        QCOMPARE(o["max"].toDouble(), 1.0); // Adult has sample uniques
        QVERIFY(o["sample_uniques"].toDouble() > 0);
        QCOMPARE(j["threshold"].toDouble(), 0.2);
        double records = 0, uniques = 0;
        for (const auto& v : j["cells"].toArray()) {
            const QJsonObject c = v.toObject();
            const double n = c["count"].toDouble();
            records += n;
            uniques += n == 1 ? 1 : 0;
            QCOMPARE(c["original"].toDouble(), 1 / n);
            RR_COMPARE_NEAR(c["randomized"].toDouble(), 1 / n, 1e-12);
            QCOMPARE(c["qi"].toObject().size(), 4);
        }
        QCOMPARE(records, 45222.0);
        QCOMPARE(uniques, o["sample_uniques"].toDouble());
    }

    // Randomizing lowers both the maximum and the mean; cells only with --cells; `risk` prints the same summaries.
    void adultRandomized()
    {
        const QString p = "education=0.8,marital-status=0.8,sex=0.9,race=0.9";
        RR_CLI_OK(r, adultReid({"--p", p, "--threshold", "0.1"}));
        const QJsonObject j = r.json();
        QVERIFY(!j.contains("cells"));
        const QJsonObject o = j["original"].toObject(), z = j["randomized"].toObject();
        QVERIFY(z["max"].toDouble() < o["max"].toDouble());
        QVERIFY(z["mean"].toDouble() < o["mean"].toDouble());
        QVERIFY(z["above_threshold"].toDouble() < o["above_threshold"].toDouble());
        QVERIFY(z["max"].toDouble() >= z["mean"].toDouble() && z["mean"].toDouble() > 0);
        QCOMPARE(j["threshold"].toDouble(), 0.1);

        RR_CLI_OK(k, (QStringList{"risk"} << adultComplete() << emgrw() << "--p" << p + ",workclass=0.9"
                                          << "--threshold" << "0.1"));
        const QJsonObject rid = k.json()["reidentification"].toObject();
        QCOMPARE(rid["original"].toObject(), o);
        QCOMPARE(rid["randomized"].toObject(), z);
        QCOMPARE(rid["threshold"].toDouble(), 0.1);
    }

    // One QI x with 2 records of 0 and 3 of 1, randomized by [[0.7, 0.1], [0.3, 0.9]]: a record of 0 is picked with
    // probability 0.7 E[1 / (1 + M)], M = Bernoulli(0.7) + Binomial(3, 0.1); a record of 1 with
    // 0.9 E[1 / (1 + M)], M = Binomial(2, 0.9) + Binomial(2, 0.3).
    void matrixByHand()
    {
        const QString data = writeFile(m_dir, "x.csv", "x\n0\n0\n1\n1\n1\n");
        const QString m = writeFile(m_dir, "m.csv", "\"0\",\"1\"\n0.7,0.1\n0.3,0.9\n");
        RR_CLI_OK(r, (QStringList{"reidentification", "--data", data, "--qi", "x", "--matrix", "x=" + m, "--cells"}));
        auto expected = [](double own, const std::vector<std::pair<double, int>>& others) {
            std::vector<double> dist{1.0};
            for (auto [a, n] : others)
                for (int i = 0; i < n; ++i) {
                    dist.push_back(0.0);
                    for (std::size_t k = dist.size() - 1; k > 0; --k)
                        dist[k] = dist[k] * (1 - a) + dist[k - 1] * a;
                    dist[0] *= 1 - a;
                }
            double e = 0;
            for (std::size_t k = 0; k < dist.size(); ++k)
                e += dist[k] / (1.0 + double(k));
            return own * e;
        };
        const QJsonArray cells = r.json()["cells"].toArray();
        QCOMPARE(cells.size(), 2);
        QCOMPARE(cells[0].toObject()["qi"].toObject()["x"].toString(), QString("0"));
        RR_COMPARE_NEAR(cells[0].toObject()["randomized"].toDouble(), expected(0.7, {{0.7, 1}, {0.1, 3}}), 1e-12);
        RR_COMPARE_NEAR(cells[1].toObject()["randomized"].toDouble(), expected(0.9, {{0.9, 2}, {0.3, 2}}), 1e-12);
        QCOMPARE(r.json()["distortion"].toObject()["x"].toObject()["kind"].toString(), QString("matrix"));
    }

    // A --matrix that is not Warner's sums over every pair of cells: past 20,000 cells `reidentification` refuses
    // (exit 2), and `risk` still answers with "reidentification": null and a note saying why.
    void matrixCellLimit()
    {
        QByteArray csv = "x,y,s\n";
        for (int x = 0; x < 150; ++x)
            for (int y = 0; y < 150; ++y)
                csv += "x" + QByteArray::number(x) + ",y" + QByteArray::number(y) + "," + QByteArray::number((x + y) % 2) + "\n";
        const QString data = writeFile(m_dir, "grid.csv", csv);
        QByteArray matrix;
        for (int u = 0; u < 150; ++u) {
            for (int v = 0; v < 150; ++v)
                matrix += QByteArray(v ? "," : "") + (u == v ? "0.6" : u == (v + 1) % 150 ? "0.4" : "0");
            matrix += "\n";
        }
        const QString m = writeFile(m_dir, "shift.csv", matrix);
        const CliRun r = runCli({"reidentification", "--data", data, "--qi", "x,y", "--matrix", "x=" + m});
        QVERIFY2(r.finished && r.exitCode == 2, r.diagnostics().constData());
        QVERIFY(r.err.contains("20000"));
        RR_CLI_OK(k, (QStringList{"risk", "--data", data, "--qi", "x,y", "--sensitive", "s", "--matrix", "x=" + m}));
        QVERIFY(k.json()["reidentification"].isNull());
        QVERIFY(QJsonDocument(k.json()["notes"].toArray()).toJson().contains("reidentification is null"));
    }

    void badInputExitsTwo()
    {
        const QStringList data = adultComplete();
        for (const QStringList& args :
             {QStringList{"reidentification"} << data,
              adultReid({"--threshold", "0"}), adultReid({"--threshold", "1.5"}), adultReid({"--threshold", "abc"}),
              adultReid({"--p", "workclass=0.9"}), adultReid({"--p", "sex=0.2"}),
              QStringList{"reidentification"} << data << "--qi" << "nosuch"}) {
            const CliRun r = runCli(args);
            QVERIFY2(r.finished && r.exitCode == 2, r.diagnostics().constData());
            QVERIFY(r.out.isEmpty());
            QVERIFY(r.err.startsWith("rr-explorer-cli: error: "));
        }
        const CliRun r = runCli(QStringList{"risk"} << data << emgrw() << "--threshold" << "2");
        QCOMPARE(r.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliReidentification)
#include "test_cli_reidentification.moc"
