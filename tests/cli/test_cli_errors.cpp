// Bad input: exit code 2, one line on stderr naming the problem, nothing on stdout, never a crash.
#include "cli/CliRunner.h"

#include <QtTest>

using namespace rr::testcli;

class TestCliErrors : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_good; // a (2 categories), b (3 categories), c (1 category)

    // Runs the CLI and checks the bad-input contract; every fragment must appear in the message.
    static void expectInputError(const QStringList& args, const QStringList& fragments)
    {
        const CliRun r = runCli(args);
        QVERIFY2(r.finished, "did not finish");
        QVERIFY2(r.status == QProcess::NormalExit, r.diagnostics().constData()); // no signal
        QVERIFY2(r.exitCode == 2, r.diagnostics().constData());
        QVERIFY2(r.out.isEmpty(), r.diagnostics().constData());
        QVERIFY2(r.err.startsWith("rr-explorer-cli: error: "), r.diagnostics().constData());
        QVERIFY2(r.err.endsWith('\n') && r.err.count('\n') == 1, r.diagnostics().constData()); // one line
        for (const auto& f : fragments)
            QVERIFY2(r.err.contains(f.toUtf8()), qPrintable("missing '" + f + "' in: " + QString::fromUtf8(r.err)));
    }

    QStringList risk(const QString& data, const QString& p) const
    {
        return {"risk", "--data", data, "--qi", "a", "--sensitive", "b", "--p", p};
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_good = writeFile(m_dir, "good.csv", "a,b,c\nx,u,k\ny,v,k\nx,w,k\ny,u,k\n");
    }

    void missingFile()
    {
        const QString path = m_dir.filePath("nope/absent.csv");
        expectInputError({"describe", "--data", path}, {path, "cannot open"});
    }

    void raggedRows()
    {
        const QString path = writeFile(m_dir, "ragged.csv", "a,b\n1,2\n3\n");
        expectInputError({"describe", "--data", path}, {"ragged.csv", "record 2", "ragged"});
    }

    void headerOnly()
    {
        const QString path = writeFile(m_dir, "header.csv", "a,b\n");
        expectInputError({"describe", "--data", path}, {"header.csv", "no records"});
    }

    void emptyFile()
    {
        const QString path = writeFile(m_dir, "empty.csv", "");
        expectInputError({"describe", "--data", path}, {"empty.csv", "empty"});
    }

    void unknownAttribute()
    {
        expectInputError({"describe", "--data", m_good, "--attributes", "a,zzz"}, {"unknown attribute 'zzz'"});
        expectInputError({"risk", "--data", m_good, "--qi", "qq", "--sensitive", "b"}, {"unknown attribute 'qq'"});
        expectInputError({"reconstruct", "--data", m_good, "--attributes", "yy"}, {"unknown attribute 'yy'"});
    }

    // p must lie in (1/d, 1]: 1/d itself and values above 1 are refused, naming the attribute.
    void retentionOutOfRange()
    {
        expectInputError(risk(m_good, "a=0.5"), {"'a'", "(1/2, 1]"});
        expectInputError(risk(m_good, "b=0.3333"), {"'b'", "(1/3, 1]"});
        expectInputError(risk(m_good, "a=1.2"), {"'a'", "1.2"});
        expectInputError(risk(m_good, "a=-0.1"), {"'a'"});
        expectInputError({"randomize", "--data", m_good, "--attributes", "a", "--p", "a=0", "--seed", "1", "--out",
                          m_dir.filePath("x.csv")},
                         {"'a'"});
    }

    void oneCategoryAttributeWithP()
    {
        expectInputError({"risk", "--data", m_good, "--qi", "a,c", "--sensitive", "b", "--p", "c=0.9"},
                         {"'c'", "only 1 category"});
    }

    void pForAnAttributeNotUsed()
    {
        expectInputError({"risk", "--data", m_good, "--qi", "a", "--sensitive", "b", "--p", "c=1"},
                         {"'c'", "not among"});
    }

    void malformedNumbers()
    {
        expectInputError(risk(m_good, "a=0.x"), {"'a'", "0.x", "not a finite number"});
        expectInputError(risk(m_good, "a=nan"), {"'a'", "not a finite number"});
        expectInputError(risk(m_good, "a"), {"NAME=VALUE"});
        expectInputError(risk(m_good, "a=0.9,a=0.8"), {"'a'", "more than once"});
        expectInputError({"risk", "--data", m_good, "--qi", "a", "--sensitive", "b", "--tau", "1.5"}, {"--tau"});
        expectInputError({"risk", "--data", m_good, "--qi", "a", "--sensitive", "b", "--tau", "0"}, {"--tau"});
        expectInputError(
            {"randomize", "--data", m_good, "--attributes", "a", "--seed", "-3", "--out", m_dir.filePath("x.csv")},
            {"--seed", "-3"});
        expectInputError({"reconstruct", "--data", m_good, "--attributes", "a", "--alpha", "1"}, {"--alpha"});
    }

    void invalidUtf8()
    {
        const QString path = writeFile(m_dir, "latin1.csv", "a,b\nx,caf\xe9\n");
        expectInputError({"describe", "--data", path}, {"latin1.csv", "UTF-8"});
    }

    void unknownCommandAndOptions()
    {
        expectInputError({"frobnicate"}, {"unknown command 'frobnicate'"});
        expectInputError({}, {"no command"});
        expectInputError({"describe", "--data", m_good, "--bogus"}, {"unknown option '--bogus'"});
        expectInputError({"describe", "--data"}, {"--data", "needs a value"});
        expectInputError({"describe", m_good}, {"unexpected argument"});
        expectInputError({"describe", "--data", m_good, "--drop-incomplete=yes"}, {"--drop-incomplete"});
    }

    void missingRequiredOptions()
    {
        expectInputError({"describe"}, {"--data"});
        expectInputError({"risk", "--data", m_good, "--sensitive", "b"}, {"--qi"});
        expectInputError({"randomize", "--data", m_good, "--attributes", "a", "--seed", "1"}, {"--out"});
        expectInputError({"reconstruct", "--data", m_good}, {"--attributes"});
        expectInputError({"optimize", "--data", m_good, "--qi", "a", "--sensitive", "b", "--l", "2"}, {"--mode"});
    }

    void seedAndSecureExclusive()
    {
        const QString out = m_dir.filePath("never.csv");
        expectInputError({"randomize", "--data", m_good, "--attributes", "a", "--seed", "1", "--secure", "--out", out},
                         {"exactly one of --seed"});
        expectInputError({"randomize", "--data", m_good, "--attributes", "a", "--out", out}, {"exactly one of --seed"});
        QVERIFY(!QFile::exists(out));
    }

    void optimizeBounds()
    {
        const QStringList base{"optimize", "--data", m_good, "--qi", "a", "--sensitive", "b", "--mode", "qi"};
        expectInputError(base + QStringList{"--l", "1"}, {"--l"});
        expectInputError(base + QStringList{"--tau", "0"}, {"--tau"});
        expectInputError(base + QStringList{"--l", "2", "--tau", "0.5"}, {"exactly one of --l"});
        expectInputError(base, {"exactly one of --l"});
        expectInputError({"optimize", "--data", m_good, "--qi", "a", "--sensitive", "b", "--mode", "all", "--l", "2"},
                         {"unknown mode 'all'"});
        expectInputError({"risk", "--data", m_good, "--qi", "a,b", "--sensitive", "b"}, {"'b'"});
    }

    void headersDiffer()
    {
        const QString other = writeFile(m_dir, "other.csv", "a,b,d\nx,u,k\n");
        expectInputError({"describe", "--data", m_good, "--data", other}, {"other.csv", "header differs"});
    }

    void badCountColumn()
    {
        const QString path = writeFile(m_dir, "counts.csv", "a,n\nx,3\ny,-2\n");
        expectInputError({"describe", "--data", path, "--count-column", "n"}, {"record 2", "-2"});
        expectInputError({"describe", "--data", m_good, "--count-column", "n"}, {"count column 'n'"});
        // randomization acts on individual records, not on aggregated counts
        const QString ok = writeFile(m_dir, "agg.csv", "a,n\nx,3\ny,2\n");
        expectInputError({"randomize", "--data", ok, "--count-column", "n", "--attributes", "a", "--seed", "1", "--out",
                          m_dir.filePath("agg-out.csv")},
                         {"aggregated counts"});
    }

    void unwritableOutput()
    {
        expectInputError({"randomize", "--data", m_good, "--attributes", "a", "--seed", "1", "--out",
                          m_dir.filePath("missing-dir/out.csv")},
                         {"missing-dir/out.csv"});
    }

    // The memory guard: 21,648 x 119 x 94 cells (Adult train) are refused with the size, not allocated.
    void domainTooLarge()
    {
        expectInputError({"reconstruct", "--data", adultTrain(), "--attributes", "fnlwgt,capital-gain,hours-per-week"},
                         {"242154528", "cells", "1847 MiB"});
    }

    void helpIsNotAnError()
    {
        for (const QStringList& args :
             {QStringList{"--help"}, QStringList{"risk", "--help"}, QStringList{"optimize", "--data", "x", "--help"}}) {
            const CliRun r = runCli(args);
            QVERIFY2(r.ok(), r.diagnostics().constData());
            QVERIFY(r.out.startsWith("Usage: rr-explorer-cli"));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliErrors)
#include "test_cli_errors.moc"
