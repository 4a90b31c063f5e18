// `rr-explorer-cli describe`: rows, dropped rows, categories in order of first appearance, counts.
#include "cli/CliRunner.h"

#include <QtTest>

using namespace rr::testcli;

class TestCliDescribe : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_small;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // '?' and an empty field are missing by default; categories keep first-appearance order.
        m_small = writeFile(m_dir, "small.csv",
                            "color,size\n"
                            "red,S\n"
                            "blue,M\n"
                            "red,?\n"
                            ",L\n"
                            "green,M\n");
    }

    void keepsAllRowsAndCountsMissing()
    {
        RR_CLI_OK(r, (QStringList{"describe", "--data", m_small}));
        const QJsonObject j = r.json();
        QCOMPARE(j["rows"].toInt(), 5);
        QCOMPARE(j["dropped_rows"].toInt(), 0);
        QCOMPARE(j["attributes"].toArray().size(), 2);
        const QJsonObject color = attribute(j, "color");
        QCOMPARE(stringList(color["categories"]), (QStringList{"red", "blue", "green"}));
        QCOMPARE(numberList(color["counts"]), (QList<double>{2, 1, 1}));
        QCOMPARE(color["missing"].toInt(), 1);
        const QJsonObject size = attribute(j, "size");
        QCOMPARE(stringList(size["categories"]), (QStringList{"S", "M", "L"}));
        QCOMPARE(numberList(size["counts"]), (QList<double>{1, 2, 1}));
        QCOMPARE(size["missing"].toInt(), 1);
        // attributes come in header order
        QCOMPARE(j["attributes"].toArray()[0].toObject()["name"].toString(), QString("color"));
    }

    void dropIncompleteDropsAndCompacts()
    {
        RR_CLI_OK(r, (QStringList{"describe", "--data", m_small, "--drop-incomplete"}));
        const QJsonObject j = r.json();
        QCOMPARE(j["rows"].toInt(), 3);
        QCOMPARE(j["dropped_rows"].toInt(), 2);
        const QJsonObject color = attribute(j, "color");
        QCOMPARE(stringList(color["categories"]), (QStringList{"red", "blue", "green"}));
        QCOMPARE(numberList(color["counts"]), (QList<double>{1, 1, 1}));
        QVERIFY(!color.contains("missing"));
        // "L" only occurs in a dropped record: it is not a category of the analysed records
        QCOMPARE(stringList(attribute(j, "size")["categories"]), (QStringList{"S", "M"}));
        QCOMPARE(numberList(attribute(j, "size")["counts"]), (QList<double>{1, 2}));
    }

    void customMissingTokens()
    {
        const QString path = writeFile(m_dir, "na.csv", "a;b\nx;NA\n?;y\nx;y\n");
        RR_CLI_OK(r, (QStringList{"describe", "--data", path, "--missing", "NA"}));
        const QJsonObject j = r.json();
        // ';' is detected; '?' is an ordinary value once --missing replaces the defaults
        const QJsonObject a = attribute(j, "a");
        QCOMPARE(stringList(a["categories"]), (QStringList{"x", "?"}));
        QCOMPARE(a["missing"].toInt(), 0);
        QCOMPARE(attribute(j, "b")["missing"].toInt(), 1);
        QCOMPARE(numberList(attribute(j, "b")["counts"]), (QList<double>{2}));
    }

    void countColumnWeights()
    {
        const QString path = writeFile(m_dir, "agg.csv", "a,n,b\nx,3,u\ny,2.5,u\nx,1,v\n?,4,v\n");
        RR_CLI_OK(r, (QStringList{"describe", "--data", path, "--count-column", "n"}));
        const QJsonObject j = r.json();
        QCOMPARE(j["rows"].toInt(), 4);
        QCOMPARE(j["records"].toDouble(), 10.5);
        QCOMPARE(j["attributes"].toArray().size(), 2); // the count column is not an attribute
        const QJsonObject a = attribute(j, "a");
        QCOMPARE(stringList(a["categories"]), (QStringList{"x", "y"}));
        QCOMPARE(numberList(a["counts"]), (QList<double>{4, 2.5}));
        QCOMPARE(a["missing"].toDouble(), 4.0); // weighted too
        QCOMPARE(numberList(attribute(j, "b")["counts"]), (QList<double>{5.5, 5}));

        RR_CLI_OK(d, (QStringList{"describe", "--data", path, "--count-column", "n", "--drop-incomplete"}));
        QCOMPARE(d.json()["rows"].toInt(), 3);
        QCOMPARE(d.json()["dropped_rows"].toInt(), 1);
        QCOMPARE(d.json()["records"].toDouble(), 6.5);
    }

    void attributeSubsetInGivenOrder()
    {
        RR_CLI_OK(r, (QStringList{"describe", "--data", m_small, "--attributes", "size,color"}));
        const QJsonArray attrs = r.json()["attributes"].toArray();
        QCOMPARE(attrs.size(), 2);
        QCOMPARE(attrs[0].toObject()["name"].toString(), QString("size"));
        QCOMPARE(attrs[1].toObject()["name"].toString(), QString("color"));
    }

    void adultBothFiles()
    {
        RR_CLI_OK(all, (QStringList{"describe", "--data", adultTrain(), "--data", adultTest()}));
        QCOMPARE(all.json()["rows"].toInt(), 48842);
        QCOMPARE(all.json()["dropped_rows"].toInt(), 0);
        const QJsonObject wAll = attribute(all.json(), "workclass");
        QCOMPARE(wAll["missing"].toInt(), 2799);
        QCOMPARE(wAll["categories"].toArray().size(), 8); // Never-worked occurs only in incomplete records

        QStringList args{"describe"};
        args << adultComplete();
        RR_CLI_OK(r, args);
        const QJsonObject j = r.json();
        QCOMPARE(j["rows"].toInt(), 45222);
        QCOMPARE(j["dropped_rows"].toInt(), 3620);
        QCOMPARE(j["attributes"].toArray().size(), 15);
        const QJsonObject w = attribute(j, "workclass");
        QCOMPARE(stringList(w["categories"]), (QStringList{"State-gov", "Self-emp-not-inc", "Private", "Federal-gov",
                                                           "Local-gov", "Self-emp-inc", "Without-pay"}));
        QCOMPARE(numberList(w["counts"]), (QList<double>{1946, 3796, 33307, 1406, 3100, 1646, 21}));
        QCOMPARE(attribute(j, "education")["categories"].toArray().size(), 16);
        QCOMPARE(attribute(j, "marital-status")["categories"].toArray().size(), 7);
        QCOMPARE(attribute(j, "race")["categories"].toArray().size(), 5);
        QCOMPARE(attribute(j, "native-country")["categories"].toArray().size(), 41);
    }

    void helpExitsZero()
    {
        const CliRun r = runCli({"describe", "--help"});
        QVERIFY2(r.ok(), r.diagnostics().constData());
        QVERIFY(r.out.contains("Usage: rr-explorer-cli describe"));
        QVERIFY(r.out.contains("--drop-incomplete"));
    }
};

QTEST_GUILESS_MAIN(TestCliDescribe)
#include "test_cli_describe.moc"
