// `rr-explorer-cli measures`: the 21 association measures of 003 Table 3.6 / 000 Table 2 estimated from a
// randomized table with delta-method variances and ranges, on COIL G, H (FIDELITY "Association measures").
#include "cli/CoilCsv.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>

using namespace rr::testcli;

namespace {

// The contract's keys, in its order (= core's measureCatalog()).
const QStringList kKeys{"support",
                        "confidence",
                        "phi",
                        "odds_ratio",
                        "kappa",
                        "mutual_information",
                        "j_measure",
                        "chi_square",
                        "likelihood_ratio",
                        "risk_difference",
                        "collective_strength",
                        "cosine",
                        "interest",
                        "jaccard",
                        "piatetsky_shapiro",
                        "conviction",
                        "certainty",
                        "added_value",
                        "laplace",
                        "concentration",
                        "uncertainty"};

constexpr double kN = 5822;
// FIDELITY: COIL G,H original proportions, cells 00, 01, 10, 11.
const double kGH[4] = {0.4148, 0.0431, 0.1833, 0.3588};

} // namespace

class TestCliMeasures : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_gh; // COIL G, H as 0/1 records

    static QJsonObject measure(const QJsonObject& j, const char* key)
    {
        return j["measures"].toObject()[key].toObject();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_gh = writeCoilCsv(m_dir, "gh.csv", "GH");
    }

    // The JSON shape of the contract: 21 measures in order, each with estimate, variance, two ranges and the
    // randomized value; four pooled cells and four residuals; no "table" for two binary attributes.
    void contractShape()
    {
        const QString expected = writeExpectedCoilCsv(m_dir, "gh-shape.csv", "GH", {0.9, 0.9});
        RR_CLI_OK(r, (QStringList{"measures", "--data", expected, "--count-column", "n", "--attributes", "G,H", "--p",
                                  "G=0.9,H=0.9"}));
        const QJsonObject j = r.json();
        QCOMPARE(stringList(j["attributes"]), (QStringList{"G", "H"}));
        QCOMPARE(j["rows"].toInt(), 4); // aggregated: one row per cell
        QCOMPARE(j["n"].toDouble(), kN);
        const QJsonObject m = j["measures"].toObject();
        QCOMPARE(m.size(), 21);
        qsizetype last = r.out.indexOf("\"measures\"");
        for (const QString& key : kKeys) {
            QVERIFY2(m.contains(key), qPrintable(key));
            const QJsonObject e = m[key].toObject();
            for (const char* field : {"estimate", "variance", "randomized"})
                QVERIFY2(e[field].isDouble(), qPrintable(key + "." + field));
            for (const char* range : {"normal", "chebyshev", "raw_normal", "raw_chebyshev"}) {
                const QList<double> b = numberList(e[range]);
                QVERIFY2(b.size() == 2 && b[0] <= e["estimate"].toDouble() && e["estimate"].toDouble() <= b[1],
                         qPrintable(key + "." + range));
            }
            // keys in the contract's order
            const qsizetype at = r.out.indexOf("\"" + key.toUtf8() + "\": {", last);
            QVERIFY2(at > last, qPrintable(key + " out of order"));
            last = at;
        }
        QCOMPARE(j["cells"].toArray().size(), 4);
        QCOMPARE(j["residuals"].toArray().size(), 4);
        const QJsonObject c11 = j["cells"].toArray()[3].toObject();
        QCOMPARE(c11["cell"].toString(), QString("11"));
        QVERIFY(c11["present"].toObject()["G"].toBool() && c11["present"].toObject()["H"].toBool());
        QCOMPARE(j["covariance"].toArray().size(), 4);
        QVERIFY(!j.contains("table"));
        QCOMPARE(j["positive"].toObject()["H"].toString(), QString("1"));
    }

    // On the ORIGINAL data with p = 1 the estimates are the original values (FIDELITY), the randomized values
    // equal them, and the variances are sampling only: var(support) = s (1 - s) / (N - 1).
    void originalDataGiveFidelityValues_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<double>("expected");
        QTest::addColumn<double>("tolerance");
        QTest::newRow("phi") << "phi" << 0.5769 << 1e-4;
        QTest::newRow("odds ratio") << "odds_ratio" << 18.84 << 0.005;
        QTest::newRow("kappa") << "kappa" << 0.5546 << 1e-4;
        QTest::newRow("interest") << "interest" << 1.6469 << 1e-4;
        QTest::newRow("Piatetsky-Shapiro") << "piatetsky_shapiro" << 0.1409 << 1e-4;
        QTest::newRow("cosine") << "cosine" << 0.7687 << 1e-4;
        QTest::newRow("Jaccard") << "jaccard" << 0.6131 << 1e-4;
        // FIDELITY's 1937.9 is the formula on 4-decimal proportions; the counts give 1938.04
        QTest::newRow("chi-square") << "chi_square" << 1937.9 << 0.2;
        QTest::newRow("support") << "support" << 0.3588 << 1e-4;
        QTest::newRow("confidence") << "confidence" << 0.662 << 5e-4; // Table 3.2: G=>H 66.2%
    }
    void originalDataGiveFidelityValues()
    {
        QFETCH(QString, key);
        QFETCH(double, expected);
        QFETCH(double, tolerance);
        RR_CLI_OK(r, (QStringList{"measures", "--data", m_gh, "--attributes", "G,H"}));
        const QJsonObject e = measure(r.json(), key.toUtf8().constData());
        RR_COMPARE_NEAR(e["estimate"].toDouble(), expected, tolerance);
        QCOMPARE(e["randomized"].toDouble(), e["estimate"].toDouble());
        QVERIFY(!e.contains("reason"));
    }

    void originalDataSamplingVariance()
    {
        RR_CLI_OK(r, (QStringList{"measures", "--data", m_gh, "--attributes", "G,H"}));
        const QJsonObject j = r.json();
        const QJsonArray cells = j["cells"].toArray();
        for (int k = 0; k < 4; ++k) {
            const QJsonObject c = cells[k].toObject();
            RR_COMPARE_NEAR(c["estimate"].toDouble(), kGH[k], 5e-5);
            const double s = c["estimate"].toDouble();
            RR_COMPARE_RELATIVE(c["variance"].toDouble(), s * (1 - s) / (kN - 1), 1e-9);
        }
        const double s = measure(j, "support")["estimate"].toDouble();
        RR_COMPARE_RELATIVE(measure(j, "support")["variance"].toDouble(), s * (1 - s) / (kN - 1), 1e-9);
    }

    // The expected randomized table N (P x P) pi at p = 0.9 (aggregated input): pi-hat = P^-1 lambda is the
    // original table, so every estimate equals the p = 1 value, and the delta SDs are FIDELITY's (checked
    // there against 4,000 randomizations): phi 0.01884, support 0.00811, chi-square 126.6, odds ratio 2.997.
    void expectedRandomizedTable()
    {
        const QString expected = writeExpectedCoilCsv(m_dir, "gh-expected.csv", "GH", {0.9, 0.9});
        RR_CLI_OK(r, (QStringList{"measures", "--data", expected, "--count-column", "n", "--attributes", "G,H", "--p",
                                  "G=0.9,H=0.9"}));
        RR_CLI_OK(o, (QStringList{"measures", "--data", m_gh, "--attributes", "G,H"}));
        const QJsonObject j = r.json(), orig = o.json();
        QCOMPARE(j["n"].toDouble(), kN);
        for (const QString& key : kKeys) {
            const QJsonObject e = measure(j, key.toUtf8().constData());
            const double at1 = measure(orig, key.toUtf8().constData())["estimate"].toDouble();
            RR_COMPARE_NEAR(e["estimate"].toDouble(), at1, 1e-9 * std::max(1.0, std::abs(at1)));
            // randomization costs precision: every variance is at least the sampling one
            QVERIFY2(e["variance"].toDouble() > measure(orig, key.toUtf8().constData())["variance"].toDouble(),
                     qPrintable(key));
        }
        RR_COMPARE_NEAR(std::sqrt(measure(j, "phi")["variance"].toDouble()), 0.01884, 5e-5);
        RR_COMPARE_NEAR(std::sqrt(measure(j, "support")["variance"].toDouble()), 0.00811, 5e-5);
        RR_COMPARE_NEAR(std::sqrt(measure(j, "chi_square")["variance"].toDouble()), 126.6, 0.1);
        RR_COMPARE_NEAR(std::sqrt(measure(j, "odds_ratio")["variance"].toDouble()), 2.997, 0.002);
        // what an analyst gets without p: the attenuated association of the randomized table
        QVERIFY(measure(j, "phi")["randomized"].toDouble() < 0.40);
        // the normal range is estimate -/+ z sd, unclipped inside phi's [-1, 1]
        const QJsonObject phi = measure(j, "phi");
        const double sd = std::sqrt(phi["variance"].toDouble());
        RR_COMPARE_NEAR(numberList(phi["normal"])[1], phi["estimate"].toDouble() + 1.959963984540054 * sd, 1e-12);
        RR_COMPARE_NEAR(numberList(phi["chebyshev"])[0], phi["estimate"].toDouble() - sd / std::sqrt(0.05), 1e-12);
    }

    // FIDELITY's worked example G=>H, p = 0.9: lambda-hat = (0.368, 0.097, 0.218, 0.316) as printed (3
    // decimals, summing to 0.999; the CLI normalizes, FIDELITY did not): pi-hat (0.426, 0.030, 0.181, 0.361)
    // within 1.5e-3, the covariance x 1e5 within 0.02, and the 95% normal interval of pi_11 [0.346, 0.378].
    void workedExample()
    {
        const double lambda[4] = {0.368, 0.097, 0.218, 0.316};
        QByteArray csv = "G,H,n\n";
        for (int k = 0; k < 4; ++k)
            csv += QByteArray::number(k / 2) + "," + QByteArray::number(k % 2) + "," +
                   QByteArray::number(kN * lambda[k], 'g', 17) + "\n";
        const QString path = writeFile(m_dir, "worked.csv", csv);
        RR_CLI_OK(r, (QStringList{"measures", "--data", path, "--count-column", "n", "--attributes", "G,H", "--p",
                                  "G=0.9,H=0.9"}));
        const QJsonObject j = r.json();
        const double pi[4] = {0.426, 0.030, 0.181, 0.361};
        const double cov[4][4] = {{7.112, -1.662, -3.135, -2.308},
                                  {-1.662, 2.887, 0.246, -1.471},
                                  {-3.135, 0.246, 5.667, -2.775},
                                  {-2.308, -1.471, -2.775, 6.561}};
        for (int a = 0; a < 4; ++a) {
            RR_COMPARE_NEAR(j["cells"].toArray()[a].toObject()["estimate"].toDouble(), pi[a], 1.5e-3);
            for (int b = 0; b < 4; ++b)
                RR_COMPARE_NEAR(j["covariance"].toArray()[a].toArray()[b].toDouble() * 1e5, cov[a][b], 0.02);
        }
        const QList<double> ci = numberList(j["cells"].toArray()[3].toObject()["normal"]);
        RR_COMPARE_NEAR(ci[0], 0.346, 5e-4);
        RR_COMPARE_NEAR(ci[1], 0.378, 5e-4);
    }

    // Randomized records (randomize --seed) give estimates within their ranges of the original values, far
    // from the attenuated randomized ones.
    void randomizedRecords()
    {
        const QString out = m_dir.filePath("gh-rnd.csv");
        RR_CLI_OK(z, (QStringList{"randomize", "--data", m_gh, "--attributes", "G,H", "--p", "G=0.9,H=0.9", "--seed",
                                  "2024", "--out", out}));
        RR_CLI_OK(r, (QStringList{"measures", "--data", out, "--attributes", "G,H", "--p", "G=0.9,H=0.9"}));
        const QJsonObject phi = measure(r.json(), "phi");
        // |phi-hat - 0.5770| within 3 delta SDs (0.0188 each; a fixed seed, 0.3% two-sided chance to miss)
        RR_COMPARE_NEAR(phi["estimate"].toDouble(), 0.5770, 3 * 0.0188);
        const QList<double> cheb = numberList(phi["chebyshev"]);
        QVERIFY(cheb[0] < 0.5770 && 0.5770 < cheb[1]);
        QVERIFY(phi["randomized"].toDouble() < cheb[0]);
    }

    // --matrix with the Warner matrix in a file gives exactly the numbers of --p.
    void matrixFileEqualsP()
    {
        const QString w = writeWarnerMatrix(m_dir, "w09.csv", 2, 0.9);
        RR_CLI_OK(a, (QStringList{"measures", "--data", m_gh, "--attributes", "G,H", "--p", "G=0.9,H=0.9"}));
        RR_CLI_OK(
            b, (QStringList{"measures", "--data", m_gh, "--attributes", "G,H", "--p", "G=0.9", "--matrix", "H=" + w}));
        QCOMPARE(b.json()["measures"], a.json()["measures"]);
        QCOMPARE(b.json()["cells"], a.json()["cells"]);
        QVERIFY(b.json()["p"].toObject()["H"].isNull());
        QCOMPARE(b.json()["distortion"].toObject()["H"].toObject()["kind"].toString(), QString("matrix"));
    }

    // Two categories not 0/1: the second in file order is present by default; --positive chooses the other.
    // Three categories need --positive, and then the whole-table measures of 003 Table 4.1 appear.
    void categoriesAndPositive()
    {
        // 003 Table 2.5(b): Gender (Male first) x Disease (Cancer, Flu, Anemia)
        const QString gd = writeFile(m_dir, "gd.csv",
                                     "Gender,Disease,n\nMale,Cancer,8\nMale,Flu,16\nMale,Anemia,48\n"
                                     "Female,Cancer,12\nFemale,Flu,14\nFemale,Anemia,2\n");
        const QStringList base{"measures", "--data", gd, "--count-column", "n", "--attributes", "Gender,Disease"};
        const CliRun refused = runCli(base);
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("'Disease' has 3 categories") && refused.err.contains("--positive Disease="),
                 refused.err.constData());

        RR_CLI_OK(r, (QStringList(base) << "--positive"
                                        << "Disease=Cancer"));
        const QJsonObject j = r.json();
        QCOMPARE(j["positive"].toObject()["Gender"].toString(), QString("Female"));
        QCOMPARE(j["positive"].toObject()["Disease"].toString(), QString("Cancer"));
        // pooled: Female & Cancer 12, Female & not Cancer 16, Male & Cancer 8, Male & not 64
        RR_COMPARE_NEAR(j["cells"].toArray()[3].toObject()["estimate"].toDouble(), 0.12, 1e-15);
        RR_COMPARE_NEAR(measure(j, "confidence")["estimate"].toDouble(), 12.0 / 28.0, 1e-15);
        // the whole 2 x 3 table: Pearson X2 = sum (n - e)^2 / e by hand
        const QJsonObject table = j["table"].toObject();
        QCOMPARE(table.keys().size(), 5);
        for (const char* key : {"chi_square", "likelihood_ratio", "mutual_information", "concentration", "uncertainty"})
            QVERIFY2(table[key].toObject()["estimate"].isDouble(), key);
        const double n[2][3] = {{8, 16, 48}, {12, 14, 2}};
        const double row[2] = {72, 28}, col[3] = {20, 30, 50};
        double x2 = 0;
        for (int a = 0; a < 2; ++a)
            for (int b = 0; b < 3; ++b) {
                const double e = row[a] * col[b] / 100.0;
                x2 += (n[a][b] - e) * (n[a][b] - e) / e;
            }
        RR_COMPARE_NEAR(table["chi_square"].toObject()["estimate"].toDouble(), x2, 1e-9);

        RR_CLI_OK(m, (QStringList(base) << "--positive"
                                        << "Disease=Cancer,Gender=Male"));
        QCOMPARE(m.json()["positive"].toObject()["Gender"].toString(), QString("Male"));
        RR_COMPARE_NEAR(m.json()["cells"].toArray()[3].toObject()["estimate"].toDouble(), 0.08, 1e-15);

        const CliRun bad = runCli(QStringList(base) << "--positive"
                                                    << "Disease=Measles");
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("'Measles' is not a category of 'Disease'"), bad.err.constData());
    }

    // An empty cell: the odds ratio divides by zero, so it is null with a reason; the run still succeeds.
    void undefinedIsNullWithReason()
    {
        const QString path = writeFile(m_dir, "zero.csv", "a,b,n\n0,0,30\n0,1,0\n1,0,20\n1,1,50\n");
        RR_CLI_OK(r, (QStringList{"measures", "--data", path, "--count-column", "n", "--attributes", "a,b"}));
        const QJsonObject odds = measure(r.json(), "odds_ratio");
        QVERIFY(odds["estimate"].isNull());
        QVERIFY(odds["variance"].isNull());
        QVERIFY(odds["normal"].isNull());
        QVERIFY(odds["randomized"].isNull());
        QVERIFY2(odds["reason"].toString().startsWith("estimate: "), qPrintable(odds["reason"].toString()));
        QVERIFY(odds["reason"].toString().contains("randomized: "));
        // defined measures are unaffected
        RR_COMPARE_NEAR(measure(r.json(), "support")["estimate"].toDouble(), 0.5, 1e-15);

        // the original records read as if randomized with p = 0.9: pi-hat_01 = (0.9 * 0.0431 - 0.1 * 0.4148 ...)
        // / 0.64 is negative, so every measure needing positive cells is null, naming the cell
        RR_CLI_OK(n, (QStringList{"measures", "--data", m_gh, "--attributes", "G,H", "--p", "G=0.9,H=0.9"}));
        QVERIFY(n.json()["cells"].toArray()[1].toObject()["estimate"].toDouble() < 0);
        const QJsonObject phi = measure(n.json(), "phi");
        QVERIFY(phi["estimate"].isNull());
        QVERIFY2(phi["reason"].toString().contains("pi_01 is negative"), qPrintable(phi["reason"].toString()));
        QVERIFY(phi["randomized"].isDouble());
        QVERIFY(measure(n.json(), "support")["estimate"].isDouble());
        QVERIFY(!n.json()["notes"].toArray().isEmpty());
    }

    void badInput()
    {
        const CliRun one = runCli({"measures", "--data", m_gh, "--attributes", "G"});
        QCOMPARE(one.exitCode, 2);
        QVERIFY2(one.err.contains("exactly two attributes"), one.err.constData());
        const CliRun alpha = runCli({"measures", "--data", m_gh, "--attributes", "G,H", "--alpha", "1"});
        QCOMPARE(alpha.exitCode, 2);
        QVERIFY2(alpha.err.contains("--alpha"), alpha.err.constData());
        const CliRun p = runCli({"measures", "--data", m_gh, "--attributes", "G,H", "--p", "G=0.5"});
        QCOMPARE(p.exitCode, 2);
        QVERIFY2(p.err.contains("'G'") && p.err.contains("(1/2, 1]"), p.err.constData());
    }

    void help()
    {
        const CliRun r = runCli({"measures", "--help"});
        QVERIFY(r.ok());
        QVERIFY(r.out.contains("003 Table 3.6"));
        QVERIFY(r.out.contains("--positive"));
        QVERIFY(r.out.contains("--matrix"));
    }
};

QTEST_GUILESS_MAIN(TestCliMeasures)
#include "test_cli_measures.moc"
