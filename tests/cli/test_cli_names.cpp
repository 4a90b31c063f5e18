// `--names FILE` (issue 20, bug 13): COIL's columns named from its data dictionary in every command that reads
// CSV, the description as the attribute's label; a bad names file exits 2 with the reason; a session keeps the
// names and --session honours them.
#include "CliRunner.h"

#include "core/data/ColumnNames.h"
#include "core/session/SessionFile.h"

#include <QtTest>

using namespace rr;
using namespace rr::testcli;

namespace {

const QString kCoil = QStringLiteral(RR_SHARED_DATA_DIR "/coil2000/ticdata2000.txt");
const QString kNames = QStringLiteral(RR_TESTS_DIR "/data/coil2000-names.txt");

} // namespace

class TestCliNames : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // Column 47 is PPERSAUT, 86 CARAVAN (5,474 zeros, 348 ones), each with the dictionary's description.
    void describeNamesCoil()
    {
        RR_CLI_OK(r, (QStringList{"describe", "--data", kCoil, "--no-header", "--names", kNames}));
        const QJsonArray attributes = r.json()["attributes"].toArray();
        QCOMPARE(attributes.size(), 86);
        QCOMPARE(attributes[0].toObject()["name"].toString(), QString("MOSTYPE"));
        QCOMPARE(attributes[46].toObject()["name"].toString(), QString("PPERSAUT"));
        QCOMPARE(attributes[46].toObject()["label"].toString(), QString("Contribution car policies"));
        const QJsonObject caravan = attributes[85].toObject();
        QCOMPARE(caravan["name"].toString(), QString("CARAVAN"));
        const Counts counts = countsByCategory(caravan);
        QCOMPARE(counts.at("0"), 5474.0);
        QCOMPARE(counts.at("1"), 348.0);
    }

    // The papers' binarized COIL attributes by name in an analysis (risk reads through the streaming source).
    void riskByName()
    {
        RR_CLI_OK(r, (QStringList{"risk", "--data", kCoil, "--no-header", "--names", kNames, "--qi",
                                  "MOPLLAAG,PPERSAUT", "--sensitive", "CARAVAN"}));
        QVERIFY2(r.out.contains("CARAVAN"), r.out.left(400));
        // The same counts as by number.
        RR_CLI_OK(n, (QStringList{"risk", "--data", kCoil, "--no-header", "--qi", "18,47", "--sensitive", "86"}));
        QCOMPARE(r.json()["mean_risk"].toDouble(), n.json()["mean_risk"].toDouble());
        QCOMPARE(r.json()["cells"].toInt(), 67);
        QCOMPARE(r.json()["worst"].toObject()["PPERSAUT"].toString(), n.json()["worst"].toObject()["47"].toString());
    }

    void badNamesFileExits2()
    {
        const QString twice = writeFile(m_dir, "twice.txt", "a\nb\na\n");
        const CliRun a = runCli({"describe", "--data", kCoil, "--no-header", "--names", twice});
        QCOMPARE(a.exitCode, 2);
        QVERIFY2(a.err.contains("twice.txt' line 3") && a.err.contains("'a' is given twice"), a.err);

        const QString shortList = writeFile(m_dir, "short.txt", "a\nb\n");
        const CliRun b = runCli({"describe", "--data", kCoil, "--no-header", "--names", shortList});
        QCOMPARE(b.exitCode, 2);
        QVERIFY2(b.err.contains("gives 2 names but") && b.err.contains("has 86 columns"), b.err);

        const CliRun c = runCli({"describe", "--data", kCoil, "--no-header", "--names", m_dir.filePath("none.txt")});
        QCOMPARE(c.exitCode, 2);
        QVERIFY2(c.err.contains("none.txt"), c.err);

        const CliRun help = runCli({"describe", "--help"});
        QVERIFY(help.out.contains("--names FILE"));
    }

    // A session with names: --session reads COIL under them; the names are absent from sessions without.
    void sessionKeepsNames()
    {
        SessionData s;
        s.dataPaths = {kCoil.toStdString()};
        s.import = CsvOptions{};
        s.import->hasHeader = false;
        s.import->delimiter = '\t';
        const ColumnNames names = readColumnNames(kNames.toStdString());
        s.import->columnNames = names.names;
        s.import->columnLabels = names.labels;
        s.spec.quasiIdentifiers = {"MOPLLAAG", "PPERSAUT"};
        s.spec.sensitive = "CARAVAN";
        const QString path = m_dir.filePath("coil.json");
        saveSessionFile(s, path.toStdString(), {});
        const SessionData back = loadSessionFile(path.toStdString(), {});
        QVERIFY(back.import && back.import->columnNames == names.names);

        RR_CLI_OK(r, (QStringList{"describe", "--session", path, "--attributes", "CARAVAN,PPERSAUT"}));
        QCOMPARE(countsByCategory(attribute(r.json(), "CARAVAN")).at("1"), 348.0);
        RR_CLI_OK(k, (QStringList{"risk", "--session", path}));
        RR_CLI_OK(n, (QStringList{"risk", "--data", kCoil, "--no-header", "--qi", "18,47", "--sensitive", "86"}));
        QCOMPARE(k.json()["mean_risk"].toDouble(), n.json()["mean_risk"].toDouble());
        QVERIFY(k.json()["worst"].toObject().contains("CARAVAN"));
        // Other data on the command line is read with its own names.
        const QString other = writeFile(m_dir, "other.csv", "x,y\n1,2\n");
        RR_CLI_OK(o, (QStringList{"describe", "--session", path, "--data", other}));
        QCOMPARE(o.json()["attributes"].toArray()[0].toObject()["name"].toString(), QString("x"));
    }
};

QTEST_GUILESS_MAIN(TestCliNames)
#include "test_cli_names.moc"
