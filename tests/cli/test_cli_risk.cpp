// `rr-explorer-cli risk`: attribute-disclosure risk summaries (003 eq. 5.6-5.8) on hand-made data and on
// Adult EMGRW (003 Table 5.2, FIDELITY.md).
#include "cli/CliRunner.h"

#include "TestSupport.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace rr::testcli;

class TestCliRisk : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_genderDisease;

    static QStringList emgrwRisk(const QString& p = {})
    {
        QStringList args{"risk"};
        args << adultComplete() << emgrw();
        if (!p.isEmpty())
            args << "--p" << p;
        return args;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // 003 Table 2.5(b) as aggregated input: Gender x Disease with a count column.
        m_genderDisease = writeFile(m_dir, "gd.csv",
                                    "Gender,Disease,n\n"
                                    "Male,Cancer,8\nMale,Flu,16\nMale,Anemia,48\n"
                                    "Female,Cancer,12\nFemale,Flu,14\nFemale,Anemia,2\n");
    }

    // Without randomization the risk of a record is its group's proportion of its sensitive value.
    void handMadeWithoutRandomization()
    {
        RR_CLI_OK(r, (QStringList{"risk", "--data", m_genderDisease, "--count-column", "n", "--qi", "Gender",
                                  "--sensitive", "Disease"}));
        const QJsonObject j = r.json();
        QCOMPARE(j["rows"].toInt(), 6);
        QCOMPARE(j["records"].toDouble(), 100.0);
        QCOMPARE(j["dropped_rows"].toInt(), 0);
        QCOMPARE(j["cells"].toInt(), 6);
        RR_COMPARE_NEAR(j["max_risk"].toDouble(), 48.0 / 72.0, 1e-12);
        const double mean =
            (8.0 * 8 / 72 + 16.0 * 16 / 72 + 48.0 * 48 / 72 + 12.0 * 12 / 28 + 14.0 * 14 / 28 + 2.0 * 2 / 28) / 100.0;
        RR_COMPARE_NEAR(j["mean_risk"].toDouble(), mean, 1e-12);
        // risks by weight: 2/28 (2), 8/72 (8), 16/72 (16), 12/28 (12), 14/28 (14), 48/72 (48)
        const QJsonObject q = j["quantiles"].toObject();
        RR_COMPARE_NEAR(q["p50"].toDouble(), 0.5, 1e-12);
        RR_COMPARE_NEAR(q["p90"].toDouble(), 48.0 / 72.0, 1e-12);
        RR_COMPARE_NEAR(q["p99"].toDouble(), 48.0 / 72.0, 1e-12);
        QCOMPARE(j["worst"].toObject()["Gender"].toString(), QString("Male"));
        QCOMPARE(j["worst"].toObject()["Disease"].toString(), QString("Anemia"));
        QVERIFY(j["tau"].isNull());
        QCOMPARE(j["records_over_tau"].toDouble(), 0.0);
        QVERIFY(j["epsilon"].toObject()["Gender"].isNull());
        QVERIFY(j["epsilon"].toObject()["Disease"].isNull());
        QVERIFY(!j["notes"].toArray().isEmpty()); // says why epsilon is null
    }

    void handMadeTauCountsRecords()
    {
        RR_CLI_OK(r, (QStringList{"risk", "--data", m_genderDisease, "--count-column", "n", "--qi", "Gender",
                                  "--sensitive", "Disease", "--tau", "0.4"}));
        // over 0.4: Female/Cancer 12/28 (12), Female/Flu 14/28 (14), Male/Anemia 48/72 (48)
        QCOMPARE(r.json()["records_over_tau"].toDouble(), 74.0);
        QCOMPARE(r.json()["tau"].toDouble(), 0.4);
    }

    // Randomizing the sensitive attribute lowers every risk but never below Property 1's minimum.
    void handMadeRandomizedEpsilon()
    {
        RR_CLI_OK(r, (QStringList{"risk", "--data", m_genderDisease, "--count-column", "n", "--qi", "Gender",
                                  "--sensitive", "Disease", "--p", "Disease=0.5"}));
        const QJsonObject j = r.json();
        QVERIFY(j["max_risk"].toDouble() < 48.0 / 72.0);
        QVERIFY(j["max_risk"].toDouble() >= (48.0 / 72.0) * (48.0 / 72.0));
        RR_COMPARE_NEAR(j["epsilon"].toObject()["Disease"].toDouble(), std::log(0.5 * 2 / 0.5), 1e-12);
        QVERIFY(j["epsilon"].toObject()["Gender"].isNull());
        QCOMPARE(j["p"].toObject()["Disease"].toDouble(), 0.5);
        QCOMPARE(j["p"].toObject()["Gender"].toDouble(), 1.0);
    }

    // EMGRW without randomization: homogeneous QI groups make the maximum 1 (FIDELITY: 268 groups, 648 records).
    // Several sensitive attributes (issue 22): each one's summary is the one-attribute `risk` of its table (the
    // QIs and what the attacker targeting it knows); "overall" is the largest per record; bad roles exit 2.
    void severalSensitiveAttributes()
    {
        const QStringList qi{"--qi", "education,marital-status,sex,race"};
        RR_CLI_OK(both, (QStringList{"risk"} << adultComplete() << qi << "--sensitive" << "workclass,class"
                                             << "--knows" << "class=relationship" << "--p"
                                             << "education=0.7,workclass=0.8,relationship=0.75" << "--tau" << "0.5"));
        const QJsonObject j = both.json();
        const QJsonArray targets = j["sensitive"].toArray();
        QCOMPARE(targets.size(), 2);
        RR_CLI_OK(w, (QStringList{"risk"} << adultComplete() << qi << "--sensitive" << "workclass" << "--p"
                                          << "education=0.7,workclass=0.8" << "--tau" << "0.5"));
        RR_CLI_OK(c, (QStringList{"risk"} << adultComplete() << "--qi" << "education,marital-status,sex,race,relationship"
                                          << "--sensitive" << "class" << "--p" << "education=0.7,relationship=0.75"
                                          << "--tau" << "0.5"));
        for (const auto& [target, one] : {std::pair{targets[0].toObject(), w.json()}, std::pair{targets[1].toObject(), c.json()}})
            for (const char* key : {"max_risk", "mean_risk", "records_over_tau", "cells"})
                QCOMPARE(target[key].toDouble(), one[key].toDouble());
        QCOMPARE(targets[1].toObject()["knows"].toArray().at(0).toString(), QString("relationship"));
        const QJsonObject overall = j["overall"].toObject();
        QCOMPARE(overall["max_risk"].toDouble(), std::max(w.json()["max_risk"].toDouble(), c.json()["max_risk"].toDouble()));
        QVERIFY(overall["mean_risk"].toDouble() >= std::max(w.json()["mean_risk"].toDouble(), c.json()["mean_risk"].toDouble()));
        QCOMPARE(targets[0].toObject()["records_set"].toDouble() + targets[1].toObject()["records_set"].toDouble(),
                 45222.0);
        for (const QStringList& bad : {QStringList{"--sensitive", "workclass,sex"},
                                       QStringList{"--sensitive", "workclass", "--knows", "class=relationship"},
                                       QStringList{"--sensitive", "workclass,class", "--knows", "class"}}) {
            const CliRun r = runCli(QStringList{"risk"} << adultComplete() << qi << bad);
            QCOMPARE(r.exitCode, 2);
        }
    }

    void adultUnrandomized()
    {
        RR_CLI_OK(r, emgrwRisk());
        const QJsonObject j = r.json();
        QCOMPARE(j["rows"].toInt(), 45222);
        QCOMPARE(j["dropped_rows"].toInt(), 3620);
        RR_COMPARE_NEAR(j["max_risk"].toDouble(), 1.0, 1e-12);
        QVERIFY(j["mean_risk"].toDouble() > 0 && j["mean_risk"].toDouble() < 1);
        const QJsonObject q = j["quantiles"].toObject();
        QVERIFY(q["p50"].toDouble() <= q["p90"].toDouble());
        QVERIFY(q["p90"].toDouble() <= q["p99"].toDouble());
        QVERIFY(q["p99"].toDouble() <= 1.0);
        const QJsonObject worst = j["worst"].toObject();
        QCOMPARE(worst.keys().size(), 5);
        for (const char* a : {"education", "marital-status", "sex", "race", "workclass"})
            QVERIFY2(worst[a].isString() && !worst[a].toString().isEmpty(), a);

        QStringList args = emgrwRisk();
        args << "--tau"
             << "0.999";
        RR_CLI_OK(t, args);
        QCOMPARE(t.json()["records_over_tau"].toDouble(), 648.0);
    }

    // Published RR-QI point at l = 2 (003 Table 5.2): max risk 0.5024 (FIDELITY).
    void adultPublishedPointL2()
    {
        RR_CLI_OK(r, emgrwRisk("education=0.824,marital-status=0.872,sex=0.920,race=0.941"));
        const QJsonObject j = r.json();
        QCOMPARE(j["rows"].toInt(), 45222);
        QVERIFY2(std::abs(j["max_risk"].toDouble() - 0.5024) < 5e-5,
                 qPrintable(QString::number(j["max_risk"].toDouble())));
        const QJsonObject eps = j["epsilon"].toObject();
        RR_COMPARE_NEAR(eps["education"].toDouble(), std::log(0.824 * 15 / 0.176), 1e-12);
        RR_COMPARE_NEAR(eps["sex"].toDouble(), std::log(0.920 * 1 / 0.080), 1e-12);
        QVERIFY(eps["workclass"].isNull());

        QStringList over = emgrwRisk("education=0.824,marital-status=0.872,sex=0.920,race=0.941");
        over << "--tau"
             << "0.5";
        RR_CLI_OK(t, over);
        QVERIFY(t.json()["records_over_tau"].toDouble() > 0);
        QStringList none = emgrwRisk("education=0.824,marital-status=0.872,sex=0.920,race=0.941");
        none << "--tau"
             << "0.51";
        RR_CLI_OK(u, none);
        QCOMPARE(u.json()["records_over_tau"].toDouble(), 0.0);
    }

    // Two more published points (FIDELITY): RR-QI l = 3 and RR-Both l = 4.
    void adultPublishedPoints()
    {
        RR_CLI_OK(qi3, emgrwRisk("education=0.548,marital-status=0.812,sex=0.898,race=0.985"));
        RR_COMPARE_NEAR(qi3.json()["max_risk"].toDouble(), 0.3459, 5e-5);
        RR_CLI_OK(both4, emgrwRisk("education=0.428,marital-status=0.780,sex=0.926,race=0.953,workclass=0.871"));
        RR_COMPARE_NEAR(both4.json()["max_risk"].toDouble(), 0.2631, 5e-5);
    }
};

QTEST_GUILESS_MAIN(TestCliRisk)
#include "test_cli_risk.moc"
