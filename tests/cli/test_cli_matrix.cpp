// `--matrix NAME=FILE` beside `--p` (issue 9): any column-stochastic matrix from a file (core/distortion/
// MatrixFile.h) in risk (003 eq. 5.6-5.8), reconstruct (eq. 5.15, 5.16), randomize (eq. 2.1), loglinear and
// independence; a Warner matrix in a file gives exactly the numbers of --p; epsilon is epsilon(matrix).
#include "cli/CoilCsv.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>

using namespace rr::testcli;

class TestCliMatrix : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_gd; // 003 Table 2.5(b): Gender (Male, Female) x Disease (Cancer, Flu, Anemia), aggregated

    QStringList gdRisk(const QStringList& extra) const
    {
        return QStringList{"risk", "--data", m_gd, "--count-column", "n", "--qi", "Gender", "--sensitive", "Disease"}
               << extra;
    }

    static void expectInputError(const QStringList& args, const QStringList& fragments)
    {
        const CliRun r = runCli(args);
        QVERIFY2(r.finished && r.status == QProcess::NormalExit && r.exitCode == 2, r.diagnostics().constData());
        QVERIFY2(r.out.isEmpty(), r.diagnostics().constData());
        for (const auto& f : fragments)
            QVERIFY2(r.err.contains(f.toUtf8()), qPrintable("missing '" + f + "' in: " + QString::fromUtf8(r.err)));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_gd = writeFile(m_dir, "gd.csv",
                         "Gender,Disease,n\nMale,Cancer,8\nMale,Flu,16\nMale,Anemia,48\n"
                         "Female,Cancer,12\nFemale,Flu,14\nFemale,Anemia,2\n");
    }

    // Adult EMGRW at 003 Table 5.2's published RR-QI point (l = 2): the four QI matrices as Warner files give
    // every number of --p bit for bit (max risk 0.5024, FIDELITY), and so does a mix of the two.
    void riskWarnerFilesEqualP()
    {
        const QStringList common = QStringList{"risk"} << adultComplete() << emgrw() << "--tau"
                                                       << "0.5";
        RR_CLI_OK(a, (QStringList(common) << "--p"
                                          << "education=0.824,marital-status=0.872,sex=0.920,race=0.941"));
        RR_CLI_OK(b, (QStringList(common)
                      << "--matrix"
                      << "education=" + writeWarnerMatrix(m_dir, "edu.csv", 16, 0.824) << "--matrix"
                      << "marital-status=" + writeWarnerMatrix(m_dir, "mar.csv", 7, 0.872) << "--matrix"
                      << "sex=" + writeWarnerMatrix(m_dir, "sex.csv", 2, 0.920) << "--p"
                      << "race=0.941"));
        const QJsonObject ja = a.json(), jb = b.json();
        RR_COMPARE_NEAR(ja["max_risk"].toDouble(), 0.5024, 5e-5);
        for (const char* key : {"max_risk", "mean_risk", "quantiles", "records_over_tau", "worst", "epsilon", "cells"})
            QVERIFY2(ja[key] == jb[key], key);
        QVERIFY(jb["p"].toObject()["education"].isNull());
        QCOMPARE(jb["p"].toObject()["race"].toDouble(), 0.941);
        QCOMPARE(jb["distortion"].toObject()["sex"].toObject()["kind"].toString(), QString("matrix"));
        QCOMPARE(jb["distortion"].toObject()["race"].toObject()["p"].toDouble(), 0.941);
    }

    // reconstruct: the same estimates, variances, ranges and covariance from a Warner file as from --p.
    void reconstructWarnerFilesEqualP()
    {
        const QStringList common{"reconstruct", "--data", adultTrain(), "--attributes", "sex,race", "--covariance"};
        RR_CLI_OK(a, (QStringList(common) << "--p"
                                          << "sex=0.8,race=0.7"));
        RR_CLI_OK(b, (QStringList(common) << "--matrix"
                                          << "sex=" + writeWarnerMatrix(m_dir, "s08.csv", 2, 0.8) << "--matrix"
                                          << "race=" + writeWarnerMatrix(m_dir, "r07.csv", 5, 0.7)));
        QCOMPARE(b.json()["cells"], a.json()["cells"]);
        QCOMPARE(b.json()["covariance"], a.json()["covariance"]);
        QCOMPARE(b.json()["cells"].toArray().size(), 10);
    }

    // randomize: a Warner file draws exactly what --p draws with the same seed.
    void randomizeWarnerFileEqualsP()
    {
        const QString outA = m_dir.filePath("rz-a.csv"), outB = m_dir.filePath("rz-b.csv");
        const QStringList common{"randomize", "--data", adultTrain(), "--attributes", "education,sex", "--seed", "99"};
        RR_CLI_OK(a, (QStringList(common) << "--p"
                                          << "education=0.7,sex=0.8"
                                          << "--out" << outA));
        RR_CLI_OK(b, (QStringList(common) << "--matrix"
                                          << "education=" + writeWarnerMatrix(m_dir, "e07.csv", 16, 0.7) << "--p"
                                          << "sex=0.8"
                                          << "--out" << outB));
        QCOMPARE(b.json()["changed_values"], a.json()["changed_values"]);
        QVERIFY(readAll(outA) == readAll(outB));
    }

    // A non-Warner matrix: randomize draws from each column (x = 0 becomes 1 with probability 0.3, x = 1 stays
    // 1 with probability 0.9), and reconstruct inverts it: pi-hat = P^-1 lambda-hat by hand.
    void generalMatrixRoundTrip()
    {
        QByteArray csv = "x\n";
        for (int i = 0; i < 20000; ++i)
            csv += i % 10 < 7 ? "0\n" : "1\n"; // 70% "0", first record "0"
        const QString data = writeFile(m_dir, "x.csv", csv);
        const QString m = writeFile(m_dir, "p0709.csv", "\"0\",\"1\"\n0.7,0.1\n0.3,0.9\n");
        const QString out = m_dir.filePath("x-rnd.csv");
        // --keep-order: the header-less matrix below follows the order in which the data show the categories
        RR_CLI_OK(z, (QStringList{"randomize", "--data", data, "--attributes", "x", "--matrix", "x=" + m, "--seed", "5",
                                  "--keep-order", "--out", out}));
        RR_CLI_OK(r, (QStringList{"reconstruct", "--data", out, "--attributes", "x", "--matrix", "x=" + m}));
        const QJsonArray cells = r.json()["cells"].toArray();
        const QJsonObject c0 = cells[0].toObject(), c1 = cells[1].toObject();
        QCOMPARE(c0["values"].toObject()["x"].toString(), QString("0"));
        // lambda_1 = 0.3 * 0.7 + 0.9 * 0.3 = 0.48; 4 binomial SEs sqrt(0.48 * 0.52 / 20000) = 0.0141
        RR_COMPARE_NEAR(c1["observed"].toDouble(), 0.48, 0.0141);
        // P^-1 = [[0.9, -0.1], [-0.3, 0.7]] / 0.6
        const double l0 = c0["observed"].toDouble(), l1 = c1["observed"].toDouble();
        RR_COMPARE_NEAR(c0["estimate"].toDouble(), (0.9 * l0 - 0.1 * l1) / 0.6, 1e-12);
        RR_COMPARE_NEAR(c1["estimate"].toDouble(), (-0.3 * l0 + 0.7 * l1) / 0.6, 1e-12);
        // the original 30% within 4 of its own standard errors
        RR_COMPARE_NEAR(c1["estimate"].toDouble(), 0.3, 4 * std::sqrt(c1["variance"].toDouble()));
        QCOMPARE(r.json()["distortion"].toObject()["x"].toObject()["labels"].toArray().size(), 2);

        // the header may list the categories in another order: rows and columns move together
        const QString swapped = writeFile(m_dir, "p0709-swapped.csv", "\"1\",\"0\"\n0.9,0.3\n0.1,0.7\n");
        RR_CLI_OK(s, (QStringList{"reconstruct", "--data", out, "--attributes", "x", "--matrix", "x=" + swapped}));
        QCOMPARE(s.json()["cells"], r.json()["cells"]);
        // without a header the data's order is used, and a note says so
        const QString bare = writeFile(m_dir, "p0709-bare.csv", "0.7,0.1\n0.3,0.9\n");
        RR_CLI_OK(n, (QStringList{"reconstruct", "--data", out, "--attributes", "x", "--matrix", "x=" + bare}));
        QCOMPARE(n.json()["cells"], r.json()["cells"]);
        QVERIFY(QJsonDocument(n.json()["notes"].toArray()).toJson().contains("has no header"));
    }

    // epsilon(matrix) = ln max_u max_v P(u|v) / min_v P(u|v): ln 7 for [[0.7, 0.1], [0.3, 0.9]]; a zero beside
    // a positive entry gives no guarantee (null with the reason); a Warner file gives --p's epsilon exactly.
    void epsilonOfMatrix()
    {
        const QString m = writeFile(m_dir, "g.csv", "\"Male\",\"Female\"\n0.7,0.1\n0.3,0.9\n");
        RR_CLI_OK(r, gdRisk({"--matrix", "Gender=" + m}));
        RR_COMPARE_NEAR(r.json()["epsilon"].toObject()["Gender"].toDouble(), std::log(7.0), 1e-12);
        QVERIFY(r.json()["epsilon"].toObject()["Disease"].isNull());

        const QString z =
            writeFile(m_dir, "z.csv", "\"Cancer\",\"Flu\",\"Anemia\"\n0.8,0.1,0\n0.2,0.8,0.2\n0,0.1,0.8\n");
        RR_CLI_OK(n, gdRisk({"--matrix", "Disease=" + z}));
        QVERIFY(n.json()["epsilon"].toObject()["Disease"].isNull());
        QVERIFY(QJsonDocument(n.json()["notes"].toArray()).toJson().contains("no epsilon guarantee"));
        // the matrix changes the risk: the largest posterior falls below the unrandomized 48/72 (Male, Anemia)
        QVERIFY(n.json()["max_risk"].toDouble() < 48.0 / 72.0);

        RR_CLI_OK(w, gdRisk({"--matrix", "Disease=" + writeWarnerMatrix(m_dir, "d05.csv", 3, 0.5)}));
        RR_CLI_OK(p, gdRisk({"--p", "Disease=0.5"}));
        QCOMPARE(w.json()["epsilon"], p.json()["epsilon"]);
        QCOMPARE(w.json()["max_risk"], p.json()["max_risk"]);
        RR_COMPARE_NEAR(p.json()["epsilon"].toObject()["Disease"].toDouble(), std::log(0.5 * 2 / 0.5), 1e-12);
    }

    // loglinear and independence take --matrix too: Warner 0.9 files reproduce 003 Table 4.3's 177.16.
    void loglinearAndIndependence()
    {
        const QString adg = writeCoilCsv(m_dir, "adg.csv", "ADG");
        const QString w = writeWarnerMatrix(m_dir, "w09.csv", 2, 0.9);
        RR_CLI_OK(l, (QStringList{"loglinear", "--data", adg, "--attributes", "A,D,G", "--model", "A,D,G", "--matrix",
                                  "A=" + w, "--matrix", "D=" + w, "--matrix", "G=" + w}));
        RR_COMPARE_NEAR(l.json()["chi_square"].toDouble(), 177.16, 0.005);
        RR_CLI_OK(lp, (QStringList{"loglinear", "--data", adg, "--attributes", "A,D,G", "--model", "A,D,G", "--p",
                                   "A=0.9,D=0.9,G=0.9"}));
        QCOMPARE(l.json()["fitted"], lp.json()["fitted"]);
        RR_CLI_OK(i, (QStringList{"independence", "--data", adg, "--attributes", "A,D", "--given", "G", "--matrix",
                                  "G=" + w}));
        QCOMPARE(i.json()["valid"].toBool(), false);
    }

    void badMatrices()
    {
        const QString three = writeFile(m_dir, "three.csv", "0.8,0.1,0.1\n0.1,0.8,0.1\n0.1,0.1,0.8\n");
        expectInputError(gdRisk({"--matrix", "Gender=" + three}), {"three.csv", "'Gender'", "3 x 3", "2 categories"});
        // row-stochastic by mistake: the columns do not sum to 1
        const QString rows = writeFile(m_dir, "rows.csv", "\"Male\",\"Female\"\n0.7,0.3\n0.2,0.8\n");
        expectInputError(gdRisk({"--matrix", "Gender=" + rows}), {"rows.csv", "column 1 sums to 0.9"});
        const QString good = writeWarnerMatrix(m_dir, "g2.csv", 2, 0.8);
        expectInputError(gdRisk({"--p", "Gender=0.8", "--matrix", "Gender=" + good}),
                         {"'Gender'", "both --p and --matrix"});
        expectInputError(gdRisk({"--matrix", "Sex=" + good}), {"--matrix names 'Sex'"});
        expectInputError(gdRisk({"--matrix", "Gender"}), {"NAME=FILE"});
        expectInputError(gdRisk({"--matrix", "Gender=" + m_dir.filePath("absent.csv")}),
                         {"cannot open matrix file", "absent.csv"});
        const QString label = writeFile(m_dir, "label.csv", "\"Male\",\"Other\"\n0.8,0.2\n0.2,0.8\n");
        expectInputError(gdRisk({"--matrix", "Gender=" + label}), {"'Other'", "not a category of the attribute"});
        expectInputError({"optimize", "--data", m_gd, "--count-column", "n", "--qi", "Gender", "--sensitive", "Disease",
                          "--mode", "qi", "--l", "2", "--matrix", "Gender=" + good},
                         {"'optimize' does not accept --matrix", "Warner's family"});
    }

    void help()
    {
        const CliRun all = runCli({"--help"});
        QVERIFY(all.ok());
        for (const char* c : {"measures", "rules", "loglinear", "independence"})
            QVERIFY2(all.out.contains(QByteArray("  ") + c + " "), c);
        for (const char* c : {"risk", "reconstruct", "randomize", "measures", "rules", "loglinear", "independence"}) {
            const CliRun r = runCli({c, "--help"});
            QVERIFY2(r.ok() && r.out.contains("--matrix NAME=FILE"), c);
            QVERIFY2(r.out.contains("003 "), c); // each description cites the dissertation
        }
        const CliRun o = runCli({"optimize", "--help"});
        QVERIFY(o.out.contains("refused"));
    }
};

QTEST_GUILESS_MAIN(TestCliMatrix)
#include "test_cli_matrix.moc"
