// `rr-explorer-cli rules`: frequent itemsets and rules mined from randomized 0/1 items with estimated supports
// and confidences (003 Sec. 3.2, eq. 3.3-3.5, Results 1-3) and the Table 3.3 metrics against the original data,
// on COIL A..J (FIDELITY "Accuracy with known p").
#include "cli/CoilCsv.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>

using namespace rr::testcli;

namespace {

const QString kItems = "A,B,C,D,E,F,G,H,I,J";
const QString kP09 = "A=0.9,B=0.9,C=0.9,D=0.9,E=0.9,F=0.9,G=0.9,H=0.9,I=0.9,J=0.9";

QString joined(const QJsonValue& v)
{
    return stringList(v).join("");
}

// The rule antecedent => consequent (item letters run together, e.g. "EH", "G"), or an empty object.
QJsonObject findRule(const QJsonArray& rules, const QString& antecedent, const QString& consequent)
{
    for (const auto& r : rules) {
        const QJsonObject o = r.toObject();
        if (joined(o["antecedent"]) == antecedent && joined(o["consequent"]) == consequent)
            return o;
    }
    return {};
}

} // namespace

class TestCliRules : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_coil;       // COIL A..J, original
    QString m_randomized; // the same randomized with p = 0.9 each (seed 11)

    QStringList mine(const QString& data, const QStringList& extra = {}) const
    {
        return QStringList{"rules", "--data",           data, "--items", kItems, "--min-support",
                           "0.2",   "--min-confidence", "0.6"}
               << extra;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_coil = writeCoilCsv(m_dir, "coil.csv", "ABCDEFGHIJ");
        m_randomized = m_dir.filePath("coil-rnd.csv");
        RR_CLI_OK(r, (QStringList{"randomize", "--data", m_coil, "--attributes", kItems, "--p", kP09, "--seed", "11",
                                  "--out", m_randomized}));
    }

    // 003 Table 3.2's rules on the original data (p = 1), support / confidence in percent (FIDELITY):
    // G=>E 35.9/66.2, G=>H 35.9/66.2, EH=>G 35.9/89.3, EG=>I 22.1/61.7, HF=>I 23.9/100, EGH=>F 22.1/61.7,
    // FGI=>E 22.1/77.9; at p = 1 the estimate, E(c-hat) and the randomized value coincide.
    void table32Originals_data()
    {
        QTest::addColumn<QString>("antecedent");
        QTest::addColumn<QString>("consequent");
        QTest::addColumn<double>("support");
        QTest::addColumn<double>("confidence");
        QTest::newRow("G=>E") << "G"
                              << "E" << 35.9 << 66.2;
        QTest::newRow("G=>H") << "G"
                              << "H" << 35.9 << 66.2;
        QTest::newRow("EH=>G") << "EH"
                               << "G" << 35.9 << 89.3;
        QTest::newRow("EG=>I") << "EG"
                               << "I" << 22.1 << 61.7;
        QTest::newRow("FH=>I") << "FH"
                               << "I" << 23.9 << 100.0;
        QTest::newRow("EGH=>F") << "EGH"
                                << "F" << 22.1 << 61.7;
        QTest::newRow("FGI=>E") << "FGI"
                                << "E" << 22.1 << 77.9;
    }
    void table32Originals()
    {
        QFETCH(QString, antecedent);
        QFETCH(QString, consequent);
        QFETCH(double, support);
        QFETCH(double, confidence);
        RR_CLI_OK(r, mine(m_coil));
        const QJsonObject rule = findRule(r.json()["rules"].toArray(), antecedent, consequent);
        QVERIFY2(!rule.isEmpty(), qPrintable(antecedent + "=>" + consequent + " not mined"));
        const QJsonObject s = rule["support"].toObject(), c = rule["confidence"].toObject();
        RR_COMPARE_NEAR(100 * s["estimate"].toDouble(), support, 0.05);
        RR_COMPARE_NEAR(100 * c["estimate"].toDouble(), confidence, 0.05);
        QCOMPARE(s["randomized"].toDouble(), s["estimate"].toDouble());
        QCOMPARE(c["expectation"].toDouble(), c["estimate"].toDouble());
        QCOMPARE(c["randomized"].toDouble(), c["estimate"].toDouble());
        // sampling variance only: s (1 - s) / (N - 1)
        const double sv = s["estimate"].toDouble();
        RR_COMPARE_RELATIVE(s["variance"].toDouble(), sv * (1 - sv) / 5821.0, 1e-9);
    }

    // The JSON shape: itemsets by size with their supports, rules with support, confidence (estimate,
    // expectation, variance, ranges, randomized) and certainty; every listed itemset reaches the threshold.
    void shape()
    {
        RR_CLI_OK(r, mine(m_randomized, {"--p", kP09}));
        const QJsonObject j = r.json();
        QCOMPARE(stringList(j["items"]).size(), 10);
        QCOMPARE(j["rows"].toInt(), 5822);
        QCOMPARE(j["decision"].toString(), QString("estimate"));
        const QJsonArray itemsets = j["itemsets"].toArray();
        QVERIFY(itemsets.size() > 10);
        int lastSize = 0;
        for (const auto& v : itemsets) {
            const QJsonObject f = v.toObject();
            const int size = int(f["items"].toArray().size());
            QVERIFY(size >= lastSize);
            lastSize = size;
            const QJsonObject s = f["support"].toObject();
            QVERIFY(s["estimate"].toDouble() >= 0.2);
            const QList<double> normal = numberList(s["raw_normal"]);
            QVERIFY(normal[0] < s["estimate"].toDouble() && s["estimate"].toDouble() < normal[1]);
        }
        const QJsonArray rules = j["rules"].toArray();
        QVERIFY(!rules.isEmpty());
        for (const auto& v : rules) {
            const QJsonObject c = v.toObject()["confidence"].toObject();
            for (const char* k : {"estimate", "expectation", "variance", "randomized"})
                QVERIFY2(c[k].isDouble(), k);
            QVERIFY(c["estimate"].toDouble() >= 0.6);
            // Result 3: the Chebyshev range centres on E(c-hat)
            const QList<double> cheb = numberList(c["raw_chebyshev"]);
            RR_COMPARE_NEAR((cheb[0] + cheb[1]) / 2, c["expectation"].toDouble(), 1e-12);
            QVERIFY(QStringList({"sure", "uncertain", "excluded"}).contains(v.toObject()["certainty"].toString()));
        }
        // randomization attenuates: G=>H's confidence in the randomized data is below the estimate
        const QJsonObject gh = findRule(rules, "G", "H");
        QVERIFY(!gh.isEmpty());
        RR_COMPARE_NEAR(gh["confidence"].toObject()["estimate"].toDouble(), 0.662, 0.03);
        QVERIFY(gh["confidence"].toObject()["randomized"].toDouble() < 0.62);
    }

    // With --original: the Table 3.3 metrics, consistent with the rule lists. |F| is the number of rules the
    // original data give; |R| the rules mined by the estimate; sigma+ = |R - F| / |F|, sigma- = |F - R| / |F|
    // (percent); and |R_l| (--decision lower) = |F| (1 - sigma-_l) + |F| sigma+_l, the same for R_u.
    void table33Metrics()
    {
        RR_CLI_OK(f, mine(m_coil));
        const int actual = int(f.json()["rules"].toArray().size());
        RR_CLI_OK(r, mine(m_randomized, {"--p", kP09, "--original", m_coil}));
        const QJsonObject c = r.json()["comparison"].toObject();
        QCOMPARE(c["actual"].toInt(), actual);
        const int reconstructed = int(r.json()["rules"].toArray().size());
        QCOMPARE(c["reconstructed"].toInt(), reconstructed);
        const int common = c["common"].toInt();
        QVERIFY(common <= actual && common <= reconstructed && common > 0);
        RR_COMPARE_NEAR(c["sigma_plus"].toDouble(), 100.0 * (reconstructed - common) / actual, 1e-9);
        RR_COMPARE_NEAR(c["sigma_minus"].toDouble(), 100.0 * (actual - common) / actual, 1e-9);
        for (const char* k : {"rho", "gamma", "sigma_plus_lower", "sigma_minus_lower", "sigma_plus_upper",
                              "sigma_minus_upper", "support_conflicts", "confidence_conflicts"})
            QVERIFY2(c[k].isDouble() && c[k].toDouble() >= 0, k);
        // p = 0.9 on 5,822 records: supports and confidences within a few percent of the truth
        QVERIFY(c["rho"].toDouble() < 5 && c["gamma"].toDouble() < 5);
        // per rule: flags agree with the counts
        int inActual = 0, inReconstructed = 0;
        for (const auto& v : c["rules"].toArray()) {
            const QJsonObject s = v.toObject();
            inActual += s["in_actual"].toBool();
            inReconstructed += s["in_reconstructed"].toBool();
            if (joined(s["antecedent"]) == "G" && joined(s["consequent"]) == "H") {
                RR_COMPARE_NEAR(s["original_support"].toDouble(), 0.359, 5e-4);
                RR_COMPARE_NEAR(s["original_confidence"].toDouble(), 0.662, 5e-4);
            }
        }
        QCOMPARE(inActual, actual);
        QCOMPARE(inReconstructed, reconstructed);

        for (const QString& d : {QString("lower"), QString("upper")}) {
            RR_CLI_OK(b, mine(m_randomized, {"--p", kP09, "--decision", d}));
            const double plus = c["sigma_plus_" + d].toDouble(), minus = c["sigma_minus_" + d].toDouble();
            RR_COMPARE_NEAR(double(b.json()["rules"].toArray().size()),
                            actual * (1 - minus / 100) + actual * plus / 100, 1e-6);
        }
    }

    // --matrix with the binary Warner matrix in a file mines exactly what --p does.
    void matrixFileEqualsP()
    {
        const QString w = writeWarnerMatrix(m_dir, "w09.csv", 2, 0.9);
        QStringList args = mine(m_randomized, {"--p", "A=0.9,B=0.9,C=0.9,D=0.9,E=0.9,F=0.9,G=0.9,H=0.9,I=0.9"});
        args << "--matrix"
             << "J=" + w;
        RR_CLI_OK(b, args);
        RR_CLI_OK(a, mine(m_randomized, {"--p", kP09}));
        QCOMPARE(b.json()["itemsets"], a.json()["itemsets"]);
        QCOMPARE(b.json()["rules"], a.json()["rules"]);
    }

    // Two-valued columns that are not 0/1 need --positive; anything else is an InputError naming the column
    // and the value.
    void itemValues()
    {
        const QString yesNo = writeFile(m_dir, "yn.csv", "x,y\nyes,no\nyes,yes\nno,yes\nyes,yes\nno,no\nyes,yes\n");
        const QStringList base{"rules", "--data",           yesNo, "--items", "x,y", "--min-support",
                               "0.3",   "--min-confidence", "0.5"};
        const CliRun refused = runCli(base);
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("column 'x'") && refused.err.contains("'yes'"), refused.err.constData());
        RR_CLI_OK(r, (QStringList(base) << "--positive"
                                        << "x=yes,y=yes"));
        // x and y both "yes" in 3 of 6 records
        bool found = false;
        for (const auto& v : r.json()["itemsets"].toArray())
            if (joined(v.toObject()["items"]) == "xy") {
                RR_COMPARE_NEAR(v.toObject()["support"].toObject()["estimate"].toDouble(), 0.5, 1e-15);
                found = true;
            }
        QVERIFY(found);
        const QJsonObject xy = findRule(r.json()["rules"].toArray(), "x", "y");
        RR_COMPARE_NEAR(xy["confidence"].toObject()["estimate"].toDouble(), 0.75, 1e-15);

        const QString three = writeFile(m_dir, "three.csv", "x,y\n0,1\n1,1\n2,0\n");
        const CliRun bad =
            runCli({"rules", "--data", three, "--items", "x,y", "--min-support", "0.3", "--min-confidence", "0.5"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("column 'x'") && bad.err.contains("'2'"), bad.err.constData());
    }

    void badInput()
    {
        const CliRun decision = runCli(mine(m_coil, {"--decision", "middle"}));
        QCOMPARE(decision.exitCode, 2);
        QVERIFY2(decision.err.contains("--decision"), decision.err.constData());
        const CliRun support =
            runCli({"rules", "--data", m_coil, "--items", kItems, "--min-support", "0", "--min-confidence", "0.6"});
        QCOMPARE(support.exitCode, 2);
        QVERIFY2(support.err.contains("minimum support"), support.err.constData());
        const QString shorter = writeCoilCsv(m_dir, "short.csv", "ABCDEFGHIJ");
        QByteArray text = readAll(shorter);
        text.chop(1);
        text = text.left(text.lastIndexOf('\n') + 1); // one record fewer
        const QString cut = writeFile(m_dir, "cut.csv", text);
        const CliRun differ = runCli(mine(m_randomized, {"--p", kP09, "--original", cut}));
        QCOMPARE(differ.exitCode, 2);
        QVERIFY2(differ.err.contains("--original holds 5821 records"), differ.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliRules)
#include "test_cli_rules.moc"
