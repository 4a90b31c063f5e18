// `--session FILE`: a session saved by the app stands for --data, the import options, roles, policy, p, mode
// and l; the output is byte for byte that of the same options spelled out, the command line wins over the
// file, and a bad file is refused naming it (exit 2).
#include "CliRunner.h"

#include "core/session/SessionFile.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

using namespace rr;
using namespace rr::testcli;

namespace {

const QString kAdult = QStringLiteral(RR_SHARED_DATA_DIR "/adult/adult.data.csv");

SessionData adultSession()
{
    SessionData s;
    s.dataPaths = {kAdult.toStdString()};
    s.import = CsvOptions{};
    s.import->missingTokens = {"?", ""};
    s.spec.quasiIdentifiers = {"education", "sex", "race"};
    s.spec.sensitive = "workclass";
    s.spec.policy = MissingPolicy::DropIncomplete;
    s.mode = RandomizationMode::Both;
    s.p = {{"education", 0.8123456789012345}, {"sex", 0.9}, {"workclass", 0.75}, {"age", 0.5}};
    s.tau = 0.25;
    return s;
}

const QStringList kSpelledOut{"--data", kAdult, "--missing", "?,", "--qi", "education,sex,race", "--sensitive",
                              "workclass", "--drop-incomplete"};

} // namespace

class TestCliSession : public QObject {
    Q_OBJECT
    QTemporaryDir tmp;
    QString path;

private slots:
    void initTestCase()
    {
        path = tmp.filePath("adult.json");
        saveSessionFile(adultSession(), path.toStdString(), {});
    }

    void riskAsSpelledOut()
    {
        const CliRun a = runCli({"risk", "--session", path});
        QVERIFY2(a.ok(), a.diagnostics());
        // p of the roles only (age is not analysed), to 17 digits; tau = 1/l.
        const CliRun spelled = runCli(QStringList{"risk"} + kSpelledOut +
                                      QStringList{"--p", "education=0.8123456789012345,sex=0.9,workclass=0.75", "--tau",
                                                  "0.25"});
        QVERIFY2(spelled.ok(), spelled.diagnostics());
        QCOMPARE(a.out, spelled.out);
        QVERIFY(a.json()["records_over_tau"].toDouble() >= 0);
    }

    // reidentification takes the QIs and their p, not the sensitive attribute's (issue 22).
    void reidentificationTakesTheQis()
    {
        const CliRun a = runCli({"reidentification", "--session", path});
        QVERIFY2(a.ok(), a.diagnostics());
        const CliRun spelled = runCli({"reidentification", "--data", kAdult, "--missing", "?,", "--qi",
                                       "education,sex,race", "--drop-incomplete", "--p",
                                       "education=0.8123456789012345,sex=0.9"});
        QVERIFY2(spelled.ok(), spelled.diagnostics());
        QCOMPARE(a.out, spelled.out);
    }

    void optimizeTakesModeAndL()
    {
        const CliRun a = runCli({"optimize", "--session", path});
        QVERIFY2(a.ok(), a.diagnostics());
        const CliRun spelled = runCli(QStringList{"optimize"} + kSpelledOut + QStringList{"--mode", "both", "--l", "4"});
        QVERIFY2(spelled.ok(), spelled.diagnostics());
        QCOMPARE(a.out, spelled.out);
    }

    void commandLineWins()
    {
        const CliRun a = runCli({"risk", "--session", path, "--sensitive", "race", "--qi", "education,sex,workclass"});
        QVERIFY2(a.ok(), a.diagnostics());
        const CliRun spelled =
            runCli({"risk", "--data", kAdult, "--missing", "?,", "--qi", "education,sex,workclass", "--sensitive", "race",
                    "--drop-incomplete", "--p", "education=0.8123456789012345,sex=0.9,workclass=0.75", "--tau", "0.25"});
        QVERIFY2(spelled.ok(), spelled.diagnostics());
        QCOMPARE(a.out, spelled.out);
    }

    void badSessionsAreRefused()
    {
        const QString bad = tmp.filePath("bad.json");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"rr-explorer-session\", \"version\": 1, \"data\": [\"a.csv\"], \"roles\": 5}");
        f.close();
        const CliRun a = runCli({"risk", "--session", bad});
        QCOMPARE(a.exitCode, 2);
        QVERIFY2(a.err.contains("bad.json") && a.err.contains("'roles'"), a.err);
        const CliRun twice = runCli({"risk", "--session", path, "--session", path});
        QCOMPARE(twice.exitCode, 2);
        QVERIFY(twice.err.contains("more than once"));
        const CliRun missing = runCli({"risk", "--session", tmp.filePath("none.json")});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("none.json"));
        const CliRun help = runCli({"risk", "--help"});
        QVERIFY(help.out.contains("--session FILE"));
    }

    // The GUI's sessions of the bundled sample ("sample:" paths) open in the CLI.
    void appSessionOfTheSample()
    {
        const CliRun a = runCli({"describe", "--session", QStringLiteral(RR_SHARED_DATA_DIR "/sessions-v1/tradeoff.json")});
        QVERIFY2(a.ok(), a.diagnostics());
        // both files of the sample, '?' and '' missing, incomplete records dropped as the app did
        QCOMPARE(a.json()["rows"].toDouble(), 45222.0);
        QCOMPARE(a.json()["dropped_rows"].toDouble(), 3620.0);
    }

    // No output replaces the session file (it is an input like --data).
    void outputsDoNotReplaceTheSession()
    {
        const QString copy = tmp.filePath("kept.json");
        QVERIFY(QFile::copy(path, copy));
        const QByteArray before = readAll(copy);
        const CliRun a = runCli({"randomize", "--session", copy, "--out", copy, "--force"});
        QCOMPARE(a.exitCode, 2);
        QVERIFY2(a.err.contains("--session") && a.err.contains("replace an input"), a.err);
        QCOMPARE(readAll(copy), before);
    }

    // Baskets sessions saved by the app (version 1): the operator with every parameter, the baskets (as --data,
    // or --original where a release is read) and the breach level, as the same options spelled out.
    void basketSessionAsSpelledOut()
    {
        const QString dir = QStringLiteral(RR_SHARED_DATA_DIR "/baskets");
        const QString small = dir + "/small.dat";
        // session-cutpaste-v1.json: per-size (K, rho) for sizes 0..2, cutoff 4 and rho 0.25 beyond; level 0.6.
        const QString table = tmp.filePath("rho.txt");
        writeText(table, "0 3 0.5\n1 4 0.31\n2 5 0.123456789012345\n3 4 0.25\n4 4 0.25\n5 4 0.25\n6 4 0.25\n"
                         "7 4 0.25\n8 4 0.25\n9 4 0.25\n10 4 0.25\n11 4 0.25\n");
        const CliRun a = runCli({"basket", "breach", "--session", dir + "/session-cutpaste-v1.json"});
        QVERIFY2(a.ok(), a.diagnostics());
        const CliRun spelled = runCli({"basket", "breach", "--data", small, "--level", "0.6", "--operator",
                                       "cut-and-paste", "--rho-table", table});
        QVERIFY2(spelled.ok(), spelled.diagnostics());
        QCOMPARE(a.json()["breaches"], spelled.json()["breaches"]);
        QCOMPARE(a.json()["level"], spelled.json()["level"]);
        QCOMPARE(a.json()["operator"].toObject()["rho_table"].toString(), dir + "/session-cutpaste-v1.json");

        // The command line wins: another operator, another level.
        const CliRun own = runCli({"basket", "privacy", "--session", dir + "/session-select-v1.json", "--operator",
                                   "item-bits", "--p", "0.9"});
        QVERIFY2(own.ok(), own.diagnostics());
        QCOMPARE(own.json()["operator"].toObject()["name"].toString(), QString("item-bits"));
        // A parameter without --operator would half-replace the session's operator: refused.
        const CliRun half = runCli({"basket", "privacy", "--session", dir + "/session-select-v1.json", "--rho", "0.2"});
        QCOMPARE(half.exitCode, 2);
        QVERIFY2(half.err.contains("--rho") && half.err.contains("--operator"), half.err);
        // A table session is not a Baskets session.
        const CliRun wrong = runCli({"basket", "privacy", "--session", path});
        QCOMPARE(wrong.exitCode, 2);
        QVERIFY2(wrong.err.contains("adult.json") || wrong.err.contains("session"), wrong.err);
        // The release may not replace the session.
        const QString copy = tmp.filePath("baskets.json");
        QVERIFY(QFile::copy(dir + "/session-frequency-v1.json", copy));
        const QString data = tmp.filePath("small.dat");
        QVERIFY(QFile::copy(small, data));
        const CliRun over = runCli({"basket", "randomize", "--session", copy, "--out", copy});
        QCOMPARE(over.exitCode, 2);
        QVERIFY2(over.err.contains("--session"), over.err);
        const CliRun help = runCli({"basket", "breach", "--help"});
        QVERIFY(help.out.contains("--session FILE"));
    }

private:
    static QByteArray readAll(const QString& file)
    {
        QFile f(file);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    static void writeText(const QString& file, const QByteArray& text)
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    }
};

QTEST_GUILESS_MAIN(TestCliSession)
#include "test_cli_session.moc"
