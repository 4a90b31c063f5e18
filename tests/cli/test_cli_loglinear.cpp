// `rr-explorer-cli loglinear` and `independence`: hierarchical loglinear models on COIL A, D, G (003 Tables
// 4.2, 4.3; FIDELITY "Unknown p, loglinear models"), Korn's verdict (003 Theorem 2), backward elimination, and
// the chi-square test of independence with its validity on randomized data (003 Results 9, 10).
#include "cli/CoilCsv.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>

using namespace rr::testcli;

class TestCliLoglinear : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_adg; // COIL A, D, G (original)

    QStringList fit(const QString& model, const QStringList& extra = {}) const
    {
        return QStringList{"loglinear", "--data", m_adg, "--attributes", "A,D,G", "--model", model} << extra;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_adg = writeCoilCsv(m_dir, "adg.csv", "ADG");
    }

    // Pearson X2 to the printed two decimals; the randomized columns fit N (P_A x P_D x P_G) pi, what --p on
    // the original data asks for. Every attribute appears in one generator, so Korn's verdict is "preserved".
    void tables42and43_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("p"); // empty: the original table
        QTest::addColumn<double>("chiSquare");
        QTest::addColumn<int>("df");
        QTest::newRow("A,D,G original") << "A,D,G"
                                        << "" << 435.70 << 4;
        QTest::newRow("AD,G original") << "AD,G"
                                       << "" << 1.60 << 3;
        QTest::newRow("AG,D original") << "AG,D"
                                       << "" << 434.40 << 3;
        QTest::newRow("DG,A original") << "DG,A"
                                       << "" << 435.71 << 3;
        QTest::newRow("A,D,G 0.9") << "A,D,G"
                                   << "A=0.9,D=0.9,G=0.9" << 177.16 << 4;
        QTest::newRow("AD,G 0.9") << "AD,G"
                                  << "A=0.9,D=0.9,G=0.9" << 0.61 << 3;
        QTest::newRow("AG,D 0.9") << "AG,D"
                                  << "A=0.9,D=0.9,G=0.9" << 176.60 << 3;
        QTest::newRow("DG,A 0.9") << "DG,A"
                                  << "A=0.9,D=0.9,G=0.9" << 177.17 << 3;
        QTest::newRow("A,D,G 0.7") << "A,D,G"
                                   << "A=0.7,D=0.7,G=0.7" << 10.97 << 4;
        QTest::newRow("AD,G 0.7/0.8/0.9") << "AD,G"
                                          << "A=0.7,D=0.8,G=0.9" << 0.15 << 3;
        QTest::newRow("A,D,G 0.7/0.8/0.9") << "A,D,G"
                                           << "A=0.7,D=0.8,G=0.9" << 24.82 << 4;
    }
    void tables42and43()
    {
        QFETCH(QString, model);
        QFETCH(QString, p);
        QFETCH(double, chiSquare);
        QFETCH(int, df);
        RR_CLI_OK(r, fit(model, p.isEmpty() ? QStringList{} : QStringList{"--p", p}));
        const QJsonObject j = r.json();
        QCOMPARE(j["model"].toString(), model);
        RR_COMPARE_NEAR(j["chi_square"].toDouble(), chiSquare, 0.005);
        QCOMPARE(j["df"].toInt(), df);
        QVERIFY(j["g_square"].isDouble() && j["p_value"].isDouble());
        QVERIFY(j["converged"].toBool());
        if (p.isEmpty()) {
            QCOMPARE(j["source"].toString(), QString("original"));
            QVERIFY(j["preserved"].isNull());
            QVERIFY(!j["notes"].toArray().isEmpty()); // says why preserved is null
        } else {
            QCOMPARE(j["source"].toString(), QString("expected-randomized"));
            QCOMPARE(j["preserved"].toBool(), true);
        }
    }

    // The contract's shape: letters, the fitted cells (values, observed, fitted) summing to N, and for the
    // independence model A,D,G the fitted cells n_a n_d n_g / N^2.
    void shapeAndFittedCells()
    {
        RR_CLI_OK(r, fit("G,D,A"));
        const QJsonObject j = r.json();
        QCOMPARE(j["model"].toString(), QString("A,D,G")); // canonical
        QCOMPARE(j["letters"].toObject()["D"].toString(), QString("D"));
        QCOMPARE(j["n"].toDouble(), 5822.0);
        const QJsonArray cells = j["fitted"].toArray();
        QCOMPARE(cells.size(), 8);
        double observed = 0, fitted = 0, a0 = 0, d0 = 0, g0 = 0;
        for (const auto& v : cells) {
            const QJsonObject c = v.toObject();
            const QJsonObject values = c["values"].toObject();
            observed += c["observed"].toDouble();
            fitted += c["fitted"].toDouble();
            a0 += values["A"].toString() == "0" ? c["observed"].toDouble() : 0;
            d0 += values["D"].toString() == "0" ? c["observed"].toDouble() : 0;
            g0 += values["G"].toString() == "0" ? c["observed"].toDouble() : 0;
        }
        QCOMPARE(observed, 5822.0);
        RR_COMPARE_NEAR(fitted, 5822.0, 1e-6);
        // cells follow the categories' order of first appearance (COIL's first record has A = 1): find 000
        QJsonObject first;
        for (const auto& v : cells) {
            const QJsonObject values = v.toObject()["values"].toObject();
            if (values["A"].toString() == "0" && values["D"].toString() == "0" && values["G"].toString() == "0")
                first = v.toObject();
        }
        QVERIFY(!first.isEmpty());
        RR_COMPARE_NEAR(first["fitted"].toDouble(), a0 * d0 * g0 / (5822.0 * 5822.0), 1e-6);
        RR_COMPARE_NEAR(first["observed"].toDouble() / 5822.0, 0.0610, 5e-5);
    }

    // Attribute names longer than a letter get A, B, C in order; the model is written in those letters.
    void lettersForLongNames()
    {
        const QString named = writeCoilCsv(m_dir, "named.csv", "ADG", {"income", "degree", "fire"});
        RR_CLI_OK(r,
                  (QStringList{"loglinear", "--data", named, "--attributes", "income,degree,fire", "--model", "AB,C"}));
        const QJsonObject j = r.json();
        const QJsonObject letters = j["letters"].toObject();
        QCOMPARE(letters["A"].toString(), QString("income"));
        QCOMPARE(letters["B"].toString(), QString("degree"));
        QCOMPARE(letters["C"].toString(), QString("fire"));
        RR_COMPARE_NEAR(j["chi_square"].toDouble(), 1.60, 0.005); // = AD,G
    }

    // Korn (003 Theorem 2): a randomized attribute in two generators is not guaranteed to be preserved; an
    // unrandomized one may be. --randomized without p takes every attribute as randomized, and says so.
    void kornVerdict()
    {
        RR_CLI_OK(a, fit("AD,AG", {"--p", "A=0.9"}));
        QCOMPARE(a.json()["preserved"].toBool(), false);
        QVERIFY2(a.json()["preserved_reason"].toString().contains("randomized A appears in AD and AG"),
                 qPrintable(a.json()["preserved_reason"].toString()));
        RR_CLI_OK(b, fit("AD,AG", {"--p", "D=0.9,G=0.9"}));
        QCOMPARE(b.json()["preserved"].toBool(), true);

        RR_CLI_OK(c, fit("AD,AG", {"--randomized"}));
        QCOMPARE(c.json()["source"].toString(), QString("randomized"));
        QCOMPARE(c.json()["preserved"].toBool(), false);
        QVERIFY(QJsonDocument(c.json()["notes"].toArray()).toJson().contains("takes every attribute as randomized"));
        RR_CLI_OK(d, fit("AD,G", {"--randomized", "--p", "A=0.9,D=0.9,G=0.9"}));
        QCOMPARE(d.json()["source"].toString(), QString("randomized"));
        QCOMPARE(d.json()["preserved"].toBool(), true);
        RR_COMPARE_NEAR(d.json()["chi_square"].toDouble(), 1.60, 0.005); // the data as they are
    }

    // Backward elimination from ADG: (AD,AG,DG), (AD,AG), then (AD,G), where every further deletion has
    // p < 0.05 (Table 4.2: A,D,G 435.70). The same on the expected randomized table (Table 4.3).
    void search()
    {
        for (const QStringList& extra : {QStringList{}, QStringList{"--p", "A=0.9,D=0.9,G=0.9"}}) {
            RR_CLI_OK(r, (QStringList{"loglinear", "--data", m_adg, "--attributes", "A,D,G", "--search"} << extra));
            const QJsonObject j = r.json();
            QCOMPARE(j["model"].toString(), QString("AD,G"));
            RR_COMPARE_NEAR(j["chi_square"].toDouble(), extra.isEmpty() ? 1.60 : 0.61, 0.005);
            const QJsonObject s = j["search"].toObject();
            QCOMPARE(stringList(s["path"]), (QStringList{"ADG", "AD,AG,DG", "AD,AG", "AD,G"}));
            const QJsonArray steps = s["steps"].toArray();
            QCOMPARE(steps.size(), 4);
            QCOMPARE(steps[0].toObject()["removed"].toString(), QString("ADG"));
            QVERIFY(steps[3].toObject()["removed"].isNull()); // stopped
            for (const auto& c : steps[3].toObject()["candidates"].toArray())
                QVERIFY(c.toObject()["criterion"].toDouble() < 0.05);
        }
    }

    void badInput()
    {
        const CliRun letter = runCli(fit("AX"));
        QCOMPARE(letter.exitCode, 2);
        QVERIFY2(letter.err.contains("'X' names no attribute"), letter.err.constData());
        const CliRun both = runCli(fit("AD,G", {"--search"}));
        QCOMPARE(both.exitCode, 2);
        QVERIFY2(both.err.contains("exactly one of --model"), both.err.constData());
        const CliRun neither = runCli({"loglinear", "--data", m_adg, "--attributes", "A,D,G"});
        QCOMPARE(neither.exitCode, 2);
        const CliRun alpha = runCli(fit("AD,G", {"--alpha", "0.1"}));
        QCOMPARE(alpha.exitCode, 2);
        QVERIFY2(alpha.err.contains("--search"), alpha.err.constData());
    }

    // `independence`: G, H on the original data is the 2 x 2 Pearson X2 from the counts (1938.04; FIDELITY
    // 1937.9 on rounded proportions), the ordinary test (valid, nothing randomized).
    void independenceOriginal()
    {
        RR_CLI_OK(r,
                  (QStringList{"independence", "--data", writeCoilCsv(m_dir, "gh.csv", "GH"), "--attributes", "G,H"}));
        const QJsonObject j = r.json();
        RR_COMPARE_NEAR(j["chi_square"].toDouble(), 1937.9, 0.2);
        QCOMPARE(j["df"].toInt(), 1);
        QVERIFY(j["rejected"].toBool());
        QCOMPARE(j["source"].toString(), QString("original"));
        QCOMPARE(j["valid"].toBool(), true);
        QVERIFY(j["validity_reason"].toString().contains("the test is the original test"));
    }

    // A _||_ D | G is the loglinear model AG,DG: the same X2. Result 10: with G randomized the test on the
    // randomized table is not valid; with only A and D randomized it is (Result 9's attenuation: smaller X2).
    void independenceConditional()
    {
        RR_CLI_OK(m, fit("AG,DG"));
        const QStringList base{"independence", "--data", m_adg, "--attributes", "A,D", "--given", "G"};
        RR_CLI_OK(o, base);
        RR_COMPARE_NEAR(o.json()["chi_square"].toDouble(), m.json()["chi_square"].toDouble(), 1e-6);
        QCOMPARE(o.json()["df"].toInt(), 2);

        RR_CLI_OK(g, (QStringList(base) << "--p"
                                        << "A=0.9,D=0.9,G=0.9"));
        QCOMPARE(g.json()["source"].toString(), QString("expected-randomized"));
        QCOMPARE(g.json()["valid"].toBool(), false);
        QVERIFY2(g.json()["validity_reason"].toString().contains("Result 10") &&
                     g.json()["validity_reason"].toString().contains("'G'"),
                 qPrintable(g.json()["validity_reason"].toString()));
        QCOMPARE(g.json()["original"].toObject()["chi_square"].toDouble(), o.json()["chi_square"].toDouble());

        RR_CLI_OK(ad, (QStringList(base) << "--p"
                                         << "A=0.9,D=0.9"));
        QCOMPARE(ad.json()["valid"].toBool(), true);
        QVERIFY(ad.json()["chi_square"].toDouble() < o.json()["chi_square"].toDouble());

        RR_CLI_OK(u, (QStringList(base) << "--randomized"));
        QCOMPARE(u.json()["source"].toString(), QString("randomized"));
        QCOMPARE(u.json()["valid"].toBool(), false);
        QVERIFY(!u.json()["notes"].toArray().isEmpty());

        const CliRun one = runCli({"independence", "--data", m_adg, "--attributes", "A"});
        QCOMPARE(one.exitCode, 2);
        QVERIFY2(one.err.contains("exactly two attributes"), one.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliLoglinear)
#include "test_cli_loglinear.moc"
