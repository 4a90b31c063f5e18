// `rr-explorer-cli regress` (issue 44): the output's contract on a hand-made table with a closed form, the reference
// categories, --original, every data source through the command's common options, and the refusals (exit 2 naming
// the problem). SciPy, statsmodels and RRreg are the oracles in tests/python/test_models.py.
#include "cli/CliRunner.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>

using namespace rr::testcli;

class TestCliRegress : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // A (a1, a2) x Y (no, yes) with counts 300, 100 / 150, 250, as records.
    QString twoByTwo()
    {
        QByteArray csv = "A,Y\n";
        const int counts[4] = {300, 100, 150, 250};
        const char* rows[4] = {"a1,no\n", "a1,yes\n", "a2,no\n", "a2,yes\n"};
        for (int c = 0; c < 4; ++c)
            for (int i = 0; i < counts[c]; ++i)
                csv += rows[c];
        return writeFile(m_dir, "ay.csv", csv);
    }

    static QJsonObject coefficient(const QJsonObject& j, const QString& term)
    {
        for (const auto& c : j["coefficients"].toArray())
            if (c.toObject()["term"].toString() == term)
                return c.toObject();
        return {};
    }

    static QString failure(const QStringList& args)
    {
        const CliRun r = runCli(args);
        return r.exitCode == 2 ? QString::fromUtf8(r.err) : QString("exit %1: %2").arg(r.exitCode).arg(r.out);
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // In clear: the log odds ratio and Woolf's standard error; z, p-value and the 95% range as Wald's.
    void contractOnAClosedForm()
    {
        RR_CLI_OK(r, (QStringList{"regress", "--data", twoByTwo(), "--outcome", "Y", "--positive", "yes",
                                  "--predictors", "A"}));
        const QJsonObject j = r.json();
        QCOMPARE(j["n"].toDouble(), 800.0);
        QVERIFY(j["converged"].toBool());
        QVERIFY(j["iterations"].toInt() >= 1);
        QCOMPARE(j["reference"].toObject()["A"].toString(), QString("a1"));
        QCOMPARE(j["coefficients"].toArray().size(), 2);
        QCOMPARE(j["coefficients"].toArray()[0].toObject()["term"].toString(), QString("(intercept)"));
        const QJsonObject a2 = coefficient(j, "A=a2");
        const double b = std::log(250.0 * 300 / (150 * 100)), se = std::sqrt(1 / 300.0 + 1 / 100.0 + 1 / 150.0 + 1 / 250.0);
        RR_COMPARE_NEAR(a2["estimate"].toDouble(), b, 1e-12);
        RR_COMPARE_NEAR(a2["se"].toDouble(), se, 1e-12);
        RR_COMPARE_NEAR(a2["z"].toDouble(), b / se, 1e-9);
        RR_COMPARE_NEAR(a2["ci"].toArray()[1].toDouble(), b + 1.959963984540054 * se, 1e-9);
        QVERIFY(a2["p_value"].toDouble() < 1e-20);
        QVERIFY(j.contains("log_likelihood"));
    }

    // --reference moves the reference: the coefficient changes sign, the intercept is the other category's log odds.
    void referenceCategory()
    {
        RR_CLI_OK(r, (QStringList{"regress", "--data", twoByTwo(), "--outcome", "Y", "--positive", "yes",
                                  "--predictors", "A", "--reference", "A=a2"}));
        const QJsonObject j = r.json();
        RR_COMPARE_NEAR(coefficient(j, "A=a1")["estimate"].toDouble(), -std::log(250.0 * 300 / (150 * 100)), 1e-12);
        RR_COMPARE_NEAR(coefficient(j, "(intercept)")["estimate"].toDouble(), std::log(250.0 / 150), 1e-12);
    }

    // A randomized outcome with --original: the same model on the original beside it, and each interval's widening.
    void originalBesideTheRelease()
    {
        const QString out = m_dir.filePath("ay-rr.csv");
        RR_CLI_OK(rz, (QStringList{"randomize", "--data", twoByTwo(), "--attributes", "Y", "--keep", "A", "--p",
                                   "Y=0.85", "--seed", "44", "--out", out}));
        RR_CLI_OK(r, (QStringList{"regress", "--data", out, "--outcome", "Y", "--positive", "yes", "--predictors", "A",
                                  "--p", "Y=0.85", "--original", twoByTwo()}));
        const QJsonObject j = r.json();
        QCOMPARE(j["p"].toObject()["Y"].toDouble(), 0.85);
        const QJsonObject original = coefficient(j["original"].toObject(), "A=a2");
        RR_COMPARE_NEAR(original["estimate"].toDouble(), std::log(250.0 * 300 / (150 * 100)), 1e-12);
        const QJsonArray rows = j["comparison"].toArray();
        QCOMPARE(rows.size(), 2);
        for (const auto& v : rows) {
            const QJsonObject row = v.toObject();
            const QJsonObject rel = coefficient(j, row["term"].toString());
            const QJsonObject orig = coefficient(j["original"].toObject(), row["term"].toString());
            RR_COMPARE_NEAR(row["width_ratio"].toDouble(), rel["se"].toDouble() / orig["se"].toDouble(), 1e-12);
            QVERIFY(row["width_ratio"].toDouble() > 1.2);
        }
    }

    // A count column (the counts instead of the records) gives the same fit.
    void countsEqualRecords()
    {
        const QString counts =
            writeFile(m_dir, "ay-counts.csv", "A,Y,n\na1,no,300\na1,yes,100\na2,no,150\na2,yes,250\n");
        const QStringList model{"--outcome", "Y", "--positive", "yes", "--predictors", "A", "--p", "Y=0.9"};
        RR_CLI_OK(a, (QStringList{"regress", "--data", twoByTwo()} + model));
        RR_CLI_OK(b, (QStringList{"regress", "--data", counts, "--count-column", "n"} + model));
        QCOMPARE(a.json()["coefficients"], b.json()["coefficients"]);
    }

    void refusals()
    {
        const QString data = twoByTwo();
        const QStringList base{"regress", "--data", data, "--outcome", "Y", "--predictors", "A"};
        QVERIFY(failure(base + QStringList{"--positive", "maybe"}).contains("'maybe' is not a category"));
        QVERIFY(failure(base + QStringList{"--positive", "yes", "--reference", "A=a9"}).contains("'a9'"));
        QVERIFY(failure(base + QStringList{"--positive", "yes", "--reference", "B=b"}).contains("not a predictor"));
        QVERIFY(failure({"regress", "--data", data, "--outcome", "Y", "--positive", "yes", "--predictors", "A,Y"})
                    .contains("is the outcome"));
        QVERIFY(failure(base + QStringList{"--positive", "yes", "--p", "Z=0.8"}).contains("'Z'"));
        QVERIFY(failure(base + QStringList{"--positive", "yes", "--p", "Y=0.4"}).contains("Y"));
        // every record with A = a3 has Y = yes: complete separation, named
        QByteArray csv = "A,Y\n";
        for (int i = 0; i < 40; ++i)
            csv += i < 20 ? "a1,no\n" : i < 30 ? "a1,yes\n" : "a3,yes\n";
        const QString separated = writeFile(m_dir, "separated.csv", csv);
        const QString msg = failure({"regress", "--data", separated, "--outcome", "Y", "--positive", "yes",
                                     "--predictors", "A"});
        QVERIFY2(msg.contains("not identified") && msg.contains("'A=a3'"), qPrintable(msg));
        // 2,100 categories make 2,100 coefficients: over the limit, said before any work
        QByteArray many = "A,Y\n";
        for (int i = 0; i < 2100; ++i)
            many += "c" + QByteArray::number(i) + (i % 2 ? ",yes\n" : ",no\n");
        const QString wide = writeFile(m_dir, "wide.csv", many);
        const QString limit =
            failure({"regress", "--data", wide, "--outcome", "Y", "--positive", "yes", "--predictors", "A"});
        QVERIFY2(limit.contains("2100 coefficients") && limit.contains("2048"), qPrintable(limit));
    }
};

QTEST_GUILESS_MAIN(TestCliRegress)
#include "test_cli_regress.moc"
