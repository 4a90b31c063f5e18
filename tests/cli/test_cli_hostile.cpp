// Hostile input to the public CLI (issue 12): numbers at and past the edges, one-category attributes,
// folders and devices where files belong, outputs that must not be destroyed, half releases, signals
// during a write. Each run ends with exit 2 and one line naming the problem (or 0 with what the
// target should hold), never by a signal, never with NaN or infinity in its output, and leaves no
// temporary file behind.
#include "cli/CliRunner.h"

#include <QDir>
#include <QElapsedTimer>
#include <QRegularExpression>
#include <QThread>
#include <QtTest>

#include <csignal>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace rr::testcli;

namespace {

// Names in `dir` matching a temporary or backup file of an atomic write.
QStringList tempFiles(const QString& dir)
{
    return QDir(dir).entryList({"*.tmp-*", "*.bak-*"}, QDir::AllEntries | QDir::System | QDir::Hidden);
}

QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System | QDir::Hidden, QDir::Name);
}

struct stat statOf(const QString& path)
{
    struct stat st {};
    ::lstat(path.toLocal8Bit().constData(), &st);
    return st;
}

} // namespace

class TestCliHostile : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_good;     // a (2 categories), b (3 categories), c (1 category)
    QString m_overflow; // counts that add up to infinity
    QString m_huge;     // finite counts past 2^53

    // The bad-input contract, and nothing written next to the data.
    void expectRefused(const QStringList& args, const QStringList& fragments = {})
    {
        const QStringList before = entries(m_dir.path());
        const CliRun r = runCli(args);
        QVERIFY2(r.finished, "did not finish");
        QVERIFY2(r.status == QProcess::NormalExit, r.diagnostics().constData()); // no signal
        QVERIFY2(r.exitCode == 2, r.diagnostics().constData());
        QVERIFY2(r.out.isEmpty(), r.diagnostics().constData());
        QVERIFY2(r.err.startsWith("rr-explorer-cli: error: ") && r.err.count('\n') == 1, r.diagnostics().constData());
        QVERIFY2(!r.err.contains("internal failure"), r.diagnostics().constData());
        for (const auto& f : fragments)
            QVERIFY2(r.err.contains(f.toUtf8()), qPrintable("missing '" + f + "' in: " + QString::fromUtf8(r.err)));
        QCOMPARE(entries(m_dir.path()), before);
    }

    // Success with finite numbers only.
    static CliRun expectFinite(const QStringList& args)
    {
        const CliRun r = runCli(args);
        [&] {
            QVERIFY2(r.ok() && r.isJsonObject(), r.diagnostics().constData());
            static const QRegularExpression nonFinite(R"(\b(nan|inf|infinity)\b)",
                                                      QRegularExpression::CaseInsensitiveOption);
            QVERIFY2(!nonFinite.match(QString::fromUtf8(r.out)).hasMatch(), r.out.constData());
        }();
        return r;
    }

    QStringList randomizeTo(const QString& out, const QString& data = {}) const
    {
        return {
            "randomize", "--data", data.isEmpty() ? m_good : data, "--attributes", "a", "--p", "a=0.9", "--keep",
            data.isEmpty() ? "b,c" : "b", "--seed", "7", "--out", out};
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_good = writeFile(m_dir, "good.csv", "a,b,c\nx,u,k\ny,v,k\nx,w,k\ny,u,k\n");
        m_overflow = writeFile(m_dir, "overflow.csv", "a,b,n\nx,1,1e308\ny,2,1e308\n");
        m_huge = writeFile(m_dir, "huge.csv", "a,b,n\nx,1,1e200\ny,2,1e200\nx,2,3\n");
    }

    // The audit's crash: counts whose total overflows. Every command says so, naming the column.
    void overflowingTotal_data()
    {
        QTest::addColumn<QStringList>("args");
        const QStringList roles{"--count-column", "n", "--qi", "a", "--sensitive", "b"};
        for (const char* mode : {"qi", "s", "both"})
            QTest::addRow("optimize %s", mode) << (QStringList{"optimize", "--mode", mode, "--l", "2"} + roles);
        QTest::newRow("describe") << QStringList{"describe", "--count-column", "n"};
        QTest::newRow("risk") << (QStringList{"risk"} + roles);
        QTest::newRow("reconstruct") << QStringList{"reconstruct", "--count-column", "n", "--attributes", "a,b"};
        QTest::newRow("regress") << QStringList{"regress",    "--count-column", "n", "--outcome", "b",
                                                "--positive", "1",              "--predictors", "a"};
        QTest::newRow("compare") << (QStringList{"compare", "--l", "2"} + roles);
    }
    void overflowingTotal()
    {
        QFETCH(QStringList, args);
        expectRefused(args + QStringList{"--data", m_overflow}, {"'n'", "more than 1.8e308", "2^53"});
        // finite but past 2^53: squared class sizes and metrics would overflow (compare exited 1)
        expectRefused(args + QStringList{"--data", m_huge}, {"'n'", "2e+200", "2^53"});
    }

    // Numbers past the edges: every one is refused naming its option.
    void badNumbers_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("fragment");
        const QStringList risk{"risk", "--qi", "a", "--sensitive", "b"};
        for (const char* p :
             {"a=1e309", "a=nan", "a=inf", "a=-0", "a=0x1p-1", "a=0.5", "a=1.0000001", "a=", "a=1e-400"})
            QTest::addRow("--p %s", p) << (risk + QStringList{"--p", p}) << "'a'";
        for (const char* t : {"0", "-0", "1e-400", "1e309", "nan", "1.0000001"})
            QTest::addRow("--tau %s", t) << (risk + QStringList{"--tau", t}) << "--tau";
        const QStringList optimize{"optimize", "--qi", "a", "--sensitive", "b", "--mode", "qi"};
        for (const char* l : {"1", "1.5", "-0", "nan", "1e309", "1e9", "1000001"})
            QTest::addRow("optimize --l %s", l) << (optimize + QStringList{"--l", l}) << "--l";
        for (const char* l : {"1", "2.5", "1e9", "-3"}) {
            QTest::addRow("anatomy --l %s", l)
                << QStringList{"anatomy", "--qi", "a", "--sensitive", "b", "--l", l, "--out", m_dir.filePath("an")}
                << "--l";
            QTest::addRow("anonymize distinct --l %s", l) << QStringList{"anonymize",
                                                                         "--qi",
                                                                         "a",
                                                                         "--sensitive",
                                                                         "b",
                                                                         "--model",
                                                                         "distinct",
                                                                         "--l",
                                                                         l,
                                                                         "--out",
                                                                         m_dir.filePath("anon.csv")}
                                                          << "--l";
        }
        // l = 1 asks for nothing: refused for entropy l-diversity too, as everywhere else
        for (const char* l : {"1", "1.99", "0.5"})
            QTest::addRow("anonymize entropy --l %s", l) << QStringList{"anonymize",
                                                                        "--qi",
                                                                        "a",
                                                                        "--sensitive",
                                                                        "b",
                                                                        "--model",
                                                                        "entropy",
                                                                        "--l",
                                                                        l,
                                                                        "--out",
                                                                        m_dir.filePath("anon.csv")}
                                                         << "at least 2";
        for (const char* s : {"-1", "1e3", "18446744073709551616", "0.5", ""})
            QTest::addRow("--seed '%s'", s)
                << QStringList{"randomize", "--attributes", "a", "--seed", s, "--out", m_dir.filePath("r.csv")}
                << "--seed";
        for (const char* a : {"0", "1", "nan", "-0"})
            QTest::addRow("--alpha %s", a)
                << QStringList{"reconstruct", "--attributes", "a", "--alpha", a} << "--alpha";
        for (const char* k : {"0", "1e309", "-1"})
            QTest::addRow("--k %s", k) << QStringList{"anonymize",
                                                      "--qi",
                                                      "a",
                                                      "--sensitive",
                                                      "b",
                                                      "--model",
                                                      "k",
                                                      "--k",
                                                      k,
                                                      "--out",
                                                      m_dir.filePath("anon.csv")}
                                       << "k";
    }
    void badNumbers()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, fragment);
        expectRefused(args + QStringList{"--data", m_good}, {fragment});
    }

    // p just above 1/d is allowed and gives finite numbers; a one-category attribute cannot be randomized.
    void edgesThatWork()
    {
        const CliRun r = expectFinite(
            {"risk", "--data", m_good, "--qi", "a", "--sensitive", "b", "--p", "a=0.5000001,b=0.33333334"});
        QVERIFY(r.json()["max_risk"].toDouble() > 0);
        expectFinite({"reconstruct", "--data", m_good, "--attributes", "a,b", "--p", "a=0.5000001"});
        expectFinite({"risk", "--data", m_good, "--qi", "a,c", "--sensitive", "b"});
        expectFinite({"describe", "--data", m_good, "--attributes", "c"});
        expectRefused({"randomize", "--data", m_good, "--attributes", "c", "--p", "c=0.9", "--seed", "1", "--out",
                       m_dir.filePath("c.csv")},
                      {"'c'", "only 1 category"});
    }

    // Options that are not what they should be.
    void badOptions_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("--") << QStringList{"describe", "--data", m_good, "--"} << "unexpected argument";
        // randomize takes --out again (one draw to several files); --note names one file
        QTest::newRow("repeated --note") << QStringList{"randomize", "--data", m_good, "--attributes", "a", "--seed",
                                                        "1", "--out", m_dir.filePath("1.csv"), "--note",
                                                        m_dir.filePath("1.json"), "--note", m_dir.filePath("2.json")}
                                         << "more than once";
        QTest::newRow("empty --out") << QStringList{"randomize", "--data", m_good, "--attributes",
                                                    "a",         "--seed", "1",    "--out="}
                                     << "--out";
        QTest::newRow("empty --data") << QStringList{"describe", "--data="} << "--data";
        QTest::newRow("empty --qi item") << QStringList{"risk", "--data", m_good, "--qi", "a,,b", "--sensitive", "b"}
                                         << "empty item";
        // risk and optimize take several sensitive attributes (issue 22); the other commands one
        QTest::newRow("two sensitive") << QStringList{"compare", "--data", m_good, "--qi", "a", "--sensitive", "b,c",
                                                      "--l", "2"}
                                       << "exactly one";
        QTest::newRow("sensitive also a QI") << QStringList{"risk", "--data", m_good, "--qi", "a,b", "--sensitive", "b,c"}
                                             << "both a quasi-identifier and a sensitive";
        QTest::newRow("flag with value") << QStringList{"randomize", "--data",     m_good,  "--attributes",
                                                        "a",         "--secure=1", "--out", m_dir.filePath("r.csv")}
                                         << "takes no value";
    }
    void badOptions()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, fragment);
        expectRefused(args, {fragment});
    }

    // --data that is no file: a folder, a device (reading /dev/zero would never end), nothing at all.
    void dataThatIsNoFile()
    {
        QVERIFY(QDir(m_dir.path()).mkpath("folder.csv"));
        expectRefused({"describe", "--data", m_dir.filePath("folder.csv")}, {"folder.csv", "is a folder"});
        QVERIFY(QDir(m_dir.path()).rmdir("folder.csv"));
        expectRefused({"describe", "--data", "/dev/zero"}, {"/dev/zero", "device"});
        expectRefused({"describe", "--data", "/dev/null"}, {"/dev/null", "device"});
        expectRefused({"describe", "--data", m_dir.filePath("absent.csv")}, {"absent.csv"});
    }

    // A device at --out is refused and untouched. As root rename(2) would replace /dev/full, so a
    // regression would destroy the machine's device: root tests on a private node of the same device
    // (char 1,7), others on /dev/full itself.
    void outputIsADevice()
    {
        QTemporaryDir dir;
        QString device = "/dev/full";
        if (::geteuid() == 0) {
            device = dir.filePath("full");
            QVERIFY(::mknod(device.toLocal8Bit().constData(), S_IFCHR | 0666, makedev(1, 7)) == 0);
        }
        const struct stat before = statOf(device);
        QVERIFY(S_ISCHR(before.st_mode));
        expectRefused(randomizeTo(device), {device, "not a regular file"});
        const struct stat after = statOf(device);
        QVERIFY(S_ISCHR(after.st_mode));
        QCOMPARE(after.st_rdev, before.st_rdev);
        QCOMPARE(after.st_ino, before.st_ino);
        QVERIFY(tempFiles(QFileInfo(device).path()).isEmpty());
    }

    // A FIFO at --out is refused without opening it (which would block) and stays a FIFO.
    void outputIsAFifo()
    {
        const QString fifo = m_dir.filePath("pipe.csv");
        QVERIFY(::mkfifo(fifo.toLocal8Bit().constData(), 0600) == 0);
        expectRefused(randomizeTo(fifo), {"pipe.csv", "not a regular file"});
        QVERIFY(S_ISFIFO(statOf(fifo).st_mode));
        QVERIFY(QFile::remove(fifo));
    }

    void outputIsAFolderOrNowhere()
    {
        QVERIFY(QDir(m_dir.path()).mkpath("outdir.csv"));
        expectRefused(randomizeTo(m_dir.filePath("outdir.csv")), {"outdir.csv", "folder"});
        QVERIFY(QDir(m_dir.path()).rmdir("outdir.csv"));
        expectRefused(randomizeTo(m_dir.filePath("no/such/dir/out.csv")), {"does not exist"});
    }

    // A symbolic link stays a link and its target gets the output; a private file stays private.
    void outputLinksAndModes()
    {
        QVERIFY(QDir(m_dir.path()).mkpath("real"));
        const QString target = writeFile(m_dir, "real/target.csv", "old\n");
        const QString link = m_dir.filePath("link.csv");
        QVERIFY(QFile::link("real/target.csv", link));
        expectFinite(randomizeTo(link));
        QVERIFY(S_ISLNK(statOf(link).st_mode));
        QVERIFY(readAll(target).startsWith("a,b,c\n"));
        QVERIFY(tempFiles(m_dir.filePath("real")).isEmpty());

        const QString secret = writeFile(m_dir, "secret.csv", "old\n");
        QVERIFY(::chmod(secret.toLocal8Bit().constData(), 0600) == 0);
        expectFinite(randomizeTo(secret));
        QCOMPARE(statOf(secret).st_mode & 07777, mode_t(0600));
        QVERIFY(readAll(secret).startsWith("a,b,c\n"));
        QVERIFY(tempFiles(m_dir.path()).isEmpty());
    }

    // --out naming a --data file (the same path, another spelling, a hard link) is refused, --force or not.
    void outputIsTheInput()
    {
        const QByteArray original = "a,b\nx,u\ny,v\nx,w\ny,u\n";
        const QString data = writeFile(m_dir, "precious.csv", original);
        const QString hard = m_dir.filePath("hardlink.csv");
        QVERIFY(::link(data.toLocal8Bit().constData(), hard.toLocal8Bit().constData()) == 0);
        for (const QString& out : {data, m_dir.path() + "/./precious.csv", hard}) {
            expectRefused(randomizeTo(out, data), {"replace an input"});
            QCOMPARE(readAll(data), original);
        }
        expectRefused(
            {"anonymize", "--data", data, "--qi", "a", "--sensitive", "b", "--model", "k", "--k", "1", "--out", data},
            {"replace an input"});
        QVERIFY(QFile::copy(data, m_dir.filePath("pre.qit.csv")));
        expectRefused({"anatomy", "--data", m_dir.filePath("pre.qit.csv"), "--qi", "a", "--sensitive", "b", "--l", "2",
                       "--out", m_dir.filePath("pre")},
                      {"replace an input"});
        QVERIFY(QFile::remove(m_dir.filePath("pre.qit.csv")));
        QCOMPARE(readAll(data), original);
        // --force does not make it so: no release replaces its input
        expectRefused(randomizeTo(data, data) + QStringList{"--force"}, {"replace an input"});
        QCOMPARE(readAll(data), original);
        QVERIFY(QFile::remove(hard));
        QVERIFY(QFile::remove(data));
    }

    // Issue 24 item 1: reconstruct writes its cells as it computes them. 300 x 300 = 90,000 cells (the JSON
    // held whole peaked at 232 MB; now 15 MB) print in full under a 160 MiB address space; a 9M-cell table
    // whose vectors do not fit 300 MiB ends with exit 1 and the figures, not with an abort (exit 134).
    void reconstructStreamsItsCells()
    {
        QTemporaryDir dir;
        const auto diagonal = [&](int n) { // a = k, b = k: n x n cells from n rows
            QByteArray csv = "a,b\n";
            for (int k = 0; k < n; ++k)
                csv += "a" + QByteArray::number(k) + ",b" + QByteArray::number(k) + "\n";
            return writeFile(dir, QString("diag%1.csv").arg(n), csv);
        };
        const QStringList args{"reconstruct", "--attributes", "a,b", "--p", "a=0.9,b=0.9"};
        const CliRun r = runCli(args + QStringList{"--data", diagonal(300)}, addressSpaceLimit(rlim_t(160) << 20));
        QVERIFY2(r.ok() && r.isJsonObject(), r.diagnostics().left(3000).constData());
        const QJsonObject j = r.json();
        const QJsonArray cells = j["cells"].toArray();
        QCOMPARE(cells.size(), 90000);
        QCOMPARE(j["n"].toInt(), 300);
        QCOMPARE(j["alpha"].toDouble(), 0.05);
        QVERIFY(j.contains("notes")); // negative estimates: the members after the cells are there too
        // cell (a1, b1) is the 302nd (row-major, b fastest); lambda-hat = 1/300 there, 0 off the diagonal
        const QJsonObject c = cells[301].toObject();
        QCOMPARE(c["values"].toObject()["a"].toString(), QString("a1"));
        QCOMPARE(c["values"].toObject()["b"].toString(), QString("b1"));
        QCOMPARE(c["observed"].toDouble(), 1.0 / 300);
        QCOMPARE(cells[302].toObject()["observed"].toDouble(), 0.0);
        // the same keys in the same order as before: members, then cells, then notes
        QVERIFY(r.out.indexOf("\"alpha\"") < r.out.indexOf("\"cells\": [\n    {\n      \"values\": {"));
        QVERIFY(r.out.indexOf("\"cells\"") < r.out.indexOf("\"notes\""));
        QVERIFY(r.out.endsWith("\n  ]\n}\n"));

        if (!kAddressSpaceLimits)
            QSKIP("AddressSanitizer: the child cannot run under an address-space limit");
        const CliRun oom = runCli(args + QStringList{"--data", diagonal(3000)}, addressSpaceLimit(rlim_t(300) << 20));
        QVERIFY2(oom.finished && oom.status == QProcess::NormalExit, oom.diagnostics().left(3000).constData());
        QVERIFY2(oom.exitCode == 1, oom.diagnostics().left(3000).constData());
        QVERIFY2(oom.err.startsWith("rr-explorer-cli: error: out of memory while running 'reconstruct' (peak ") &&
                     oom.err.contains("the limit is 300 MiB") && oom.err.count('\n') == 1,
                 oom.err.constData());
        QVERIFY(oom.out.isEmpty());
    }

    // Issue 24 item 6: an output may replace no file the command reads: --matrix, --hierarchies files,
    // --rho-table, basket --data and the side files of a basket release, whatever --force says (--force
    // replaces only a --data file, as before).
    void outputIsAnotherInput()
    {
        QTemporaryDir dir;
        const QByteArray baskets = "1 2 3\n2 3\n1\n3 4\n";
        const QString dat = writeFile(dir, "in.dat", baskets);
        const QStringList itemBits{"--operator", "item-bits", "--p", "0.9", "--seed", "1"};
        const QStringList before = entries(dir.path());
        const auto refused = [&](const QStringList& args, const QString& file, const QByteArray& content,
                                 const QString& fragment) {
            const CliRun r = runCli(args);
            QVERIFY2(r.finished && r.status == QProcess::NormalExit && r.exitCode == 2, r.diagnostics().constData());
            QVERIFY2(r.err.startsWith("rr-explorer-cli: error: ") && r.err.count('\n') == 1,
                     r.diagnostics().constData());
            QVERIFY2(r.err.contains(fragment.toUtf8()) && r.err.contains("replace an input"),
                     r.diagnostics().constData());
            QCOMPARE(readAll(file), content);
            QVERIFY(tempFiles(dir.path()).isEmpty());
        };
        // basket randomize --data in.dat --out in.dat (it has no --force at all)
        refused(QStringList{"basket", "randomize", "--data", dat, "--out", dat} + itemBits, dat, baskets, "--data");
        // the release's side file is the input: --data b.dat.sizes --out b.dat (uniform writes FILE.sizes)
        const QByteArray sizes = "3\n2\n1\n2\n";
        const QString side = writeFile(dir, "b.dat.sizes", sizes);
        refused(QStringList{"basket", "randomize", "--data", side, "--out", dir.filePath("b.dat"), "--operator",
                            "uniform", "--p", "0.1", "--seed", "1"},
                side, sizes, "b.dat.sizes");
        QVERIFY(!QFile::exists(dir.filePath("b.dat")));
        // a --rho-table read by the command, as its --out or --write-rho-table
        const QByteArray rho = "1 3 0.2\n2 3 0.2\n3 3 0.2\n4 3 0.2\n";
        const QString table = writeFile(dir, "rho.txt", rho);
        refused(QStringList{"basket", "randomize", "--data", dat, "--out", table, "--operator", "cut-and-paste",
                            "--rho-table", table, "--seed", "1"},
                table, rho, "--rho-table");
        refused(QStringList{"basket", "breach", "--data", dat, "--operator", "cut-and-paste", "--level", "0.9",
                            "--write-rho-table", dat},
                dat, baskets, "--data");

        // anonymize --out over a hierarchy file, with or without --force
        const QString data = writeFile(dir, "t.csv", "a,b\nx,u\ny,v\nx,w\ny,u\n");
        QVERIFY(QDir(dir.path()).mkpath("h"));
        const QByteArray hierarchy = "x;*\ny;*\n";
        const QString a = writeFile(dir, "h/a.csv", hierarchy);
        const QStringList anonymize{
            "anonymize",     "--data",         data, "--qi", "a", "--sensitive", "b", "--model", "k", "--k", "2",
            "--hierarchies", dir.filePath("h")};
        refused(anonymize + QStringList{"--out", a}, a, hierarchy, "--hierarchies");
        refused(anonymize + QStringList{"--out", a, "--force"}, a, hierarchy, "--hierarchies");
        // randomize --out over its --matrix file, even with --force
        const QByteArray matrix = "0.9,0.1\n0.1,0.9\n";
        const QString m = writeFile(dir, "m.csv", matrix);
        refused(QStringList{"randomize", "--data", data, "--attributes", "a", "--matrix", "a=" + m, "--seed", "1",
                            "--out", m, "--force"},
                m, matrix, "--matrix");
        const QStringList added{"b.dat.sizes", "h", "m.csv", "rho.txt", "t.csv"};
        QStringList expected = before + added;
        expected.sort();
        QCOMPARE(entries(dir.path()), expected);
    }

    // Issue 24 item 8: a FIFO where an input file belongs is refused before it is opened (opening it would
    // block for ever), by every reader; a hang fails the test after 20 s instead of blocking it.
    void inputIsAFifo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("option");
        const QString fifo = m_dir.filePath("in.fifo");
        const QString dat = m_dir.filePath("fifo-test.dat");
        QTest::newRow("describe --data") << QStringList{"describe", "--data", fifo} << "--data";
        QTest::newRow("risk --data") << QStringList{"risk", "--data", fifo, "--qi", "a", "--sensitive", "b"}
                                     << "--data";
        QTest::newRow("randomize --data") << QStringList{"randomize", "--data", fifo,    "--attributes",         "a",
                                                         "--seed",    "1",      "--out", m_dir.filePath("r.csv")}
                                          << "--data";
        QTest::newRow("reconstruct --matrix")
            << QStringList{"reconstruct", "--data", m_good, "--attributes", "a", "--matrix", "a=" + fifo}
            << "matrix file";
        QTest::newRow("rules --original")
            << QStringList{"rules", "--data",        m_good, "--items",          "a",   "--positive", "a=x", "--p",
                           "a=0.9", "--min-support", "0.1",  "--min-confidence", "0.1", "--original", fifo}
            << "in.fifo";
        QTest::newRow("basket --data") << QStringList{"basket",    "estimate", "--data", fifo,         "--operator",
                                                      "item-bits", "--p",      "0.9",    "--itemsets", "1"}
                                       << "--data";
        QTest::newRow("basket --rho-table")
            << QStringList{"basket",      "randomize", "--data", dat, "--operator", "cut-and-paste",
                           "--rho-table", fifo,        "--seed", "1", "--out",      m_dir.filePath("o.dat")}
            << "--rho-table";
        QTest::newRow("basket --sizes-table")
            << QStringList{"basket",        "randomize", "--data", dat, "--operator", "select-a-size",
                           "--sizes-table", fifo,        "--seed", "1", "--out",      m_dir.filePath("o.dat")}
            << "--sizes-table";
        QTest::newRow("basket --max-supports")
            << QStringList{"basket", "breach", "--max-supports", fifo, "--operator", "item-bits", "--level", "0.9"}
            << "--max-supports";
        QTest::newRow("basket FILE.sizes")
            << QStringList{"basket",  "estimate", "--data", m_dir.filePath("in"), "--operator",
                           "uniform", "--p",      "0.1",    "--itemsets",         "1"}
            << "in.sizes";
    }
    void inputIsAFifo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, option);
        const QString fifo = m_dir.filePath("in.fifo");
        QVERIFY(::mkfifo(fifo.toLocal8Bit().constData(), 0600) == 0);
        QVERIFY(::mkfifo(m_dir.filePath("in.sizes").toLocal8Bit().constData(), 0600) == 0); // a release's side file
        writeFile(m_dir, "fifo-test.dat", "1 2\n2 3\n");
        writeFile(m_dir, "in", "1 2\n2 3\n");
        const CliRun r = runCli(args, {}, 20000);
        QFile::remove(fifo);
        QFile::remove(m_dir.filePath("in.sizes"));
        QFile::remove(m_dir.filePath("in"));
        QFile::remove(m_dir.filePath("fifo-test.dat"));
        QVERIFY2(r.finished, "hung on the FIFO (killed after 20 s)");
        QVERIFY2(r.status == QProcess::NormalExit && r.exitCode == 2, r.diagnostics().constData());
        QVERIFY2(r.err.startsWith("rr-explorer-cli: error: ") && r.err.count('\n') == 1, r.diagnostics().constData());
        QVERIFY2(r.err.contains("not a regular file (a FIFO)") && r.err.contains(option.toUtf8()),
                 r.diagnostics().constData());
        QVERIFY(r.out.isEmpty());
    }

    // Issue 24 item 3: parameter tables and side files are read line by line with the limit checked as the
    // line is read: a 3 GB line without end (a sparse file: no disk used) is refused after 1 MiB (64 KiB,
    // 64 B), not read whole first. The child may map 1 GiB, so reading the line whole would fail with
    // "out of memory" (exit 1) instead of the exit 2 asserted here.
    void longLinesStopAtTheLimit_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("fragment");
        const QString line = m_dir.filePath("line.txt");
        const QString dat = m_dir.filePath("long-test.dat");
        QTest::newRow("--rho-table") << QStringList{"basket",      "randomize",  "--data",
                                                    dat,           "--operator", "cut-and-paste",
                                                    "--rho-table", line,         "--seed",
                                                    "1",           "--out",      m_dir.filePath("o.dat")}
                                     << "longer than the limit of 1 MiB";
        QTest::newRow("--sizes-table")
            << QStringList{"basket",        "randomize", "--data", dat, "--operator", "select-a-size",
                           "--sizes-table", line,        "--seed", "1", "--out",      m_dir.filePath("o.dat")}
            << "longer than the limit of 1 MiB";
        QTest::newRow("--max-supports") << QStringList{"basket",     "breach",    "--max-supports", line,
                                                       "--operator", "item-bits", "--level",        "0.9"}
                                        << "longer than the limit of 65536 bytes";
        QTest::newRow("FILE.sizes") << QStringList{"basket",  "estimate", "--data", m_dir.filePath("rel"), "--operator",
                                                   "uniform", "--p",      "0.1",    "--itemsets",          "1"}
                                    << "is not a basket size";
    }
    void longLinesStopAtTheLimit()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, fragment);
        writeFile(m_dir, "long-test.dat", "1 2\n2 3\n");
        writeFile(m_dir, "rel", "1 2\n2 3\n");
        for (const QString& name : {QString("line.txt"), QString("rel.sizes")}) {
            QFile f(m_dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly) && f.resize(qint64(3) << 30)); // sparse: 3 GB of '\0', no '\n'
        }
        const CliRun r = runCli(args, addressSpaceLimit(rlim_t(1) << 30), 60000);
        for (const char* f : {"line.txt", "rel.sizes", "rel", "long-test.dat"})
            QFile::remove(m_dir.filePath(f));
        QVERIFY2(r.finished && r.status == QProcess::NormalExit && r.exitCode == 2, r.diagnostics().constData());
        QVERIFY2(r.err.contains(fragment.toUtf8()) && r.err.count('\n') == 1, r.diagnostics().constData());
    }

    // Issue 24 item 13: small things that exited 1 or said the wrong thing.
    void minorMessages()
    {
        // --matrix naming a folder: "is a folder", not "has 9223372036854775807 bytes"
        QVERIFY(QDir(m_dir.path()).mkpath("mdir"));
        expectRefused({"reconstruct", "--data", m_good, "--attributes", "a", "--matrix", "a=" + m_dir.filePath("mdir")},
                      {"mdir", "is a folder"});
        QVERIFY(QDir(m_dir.path()).rmdir("mdir"));
        // a first row "nan,0.2" is a row with a bad entry, not a header; so are inf and -Infinity
        for (const char* row : {"nan,0.2", "0.8,inf", "-Infinity,0.1", " NaN ,0.5"}) {
            writeFile(m_dir, "nan.csv", QByteArray(row) + "\n0.2,0.8\n");
            expectRefused(
                {"reconstruct", "--data", m_good, "--attributes", "a", "--matrix", "a=" + m_dir.filePath("nan.csv")},
                {"nan.csv", "line 1", "not a finite number"});
        }
        QVERIFY(QFile::remove(m_dir.filePath("nan.csv")));
        // p just past 1 is printed with the digits that make it wrong
        expectRefused({"risk", "--data", m_good, "--qi", "a", "--sensitive", "b", "--p", "a=1.0000000001"},
                      {"1.0000000001"});
        expectRefused({"reconstruct", "--data", m_good, "--attributes", "a", "--p", "a=1.00000000000001"},
                      {"1.00000000000001"});
        // anatomy --out pfx/ would write the hidden pfx/.qit.csv and pfx/.st.csv
        QVERIFY(QDir(m_dir.path()).mkpath("pfx"));
        for (const QString& out : {m_dir.filePath("pfx") + "/", m_dir.filePath("pfx"), m_dir.filePath("pfx") + "/."})
            expectRefused({"anatomy", "--data", m_good, "--qi", "a", "--sensitive", "b", "--l", "2", "--out", out},
                          {"names a folder", "prefix"});
        QVERIFY(entries(m_dir.filePath("pfx")).isEmpty());
        QVERIFY(QDir(m_dir.path()).rmdir("pfx"));
        // a kernel file is not a regular file to replace: bad input (2), not an I/O failure (1)
        const QByteArray comm = readAll("/proc/self/comm");
        expectRefused(randomizeTo("/proc/self/comm"), {"/proc/self/comm", "not a regular file"});
        expectRefused(randomizeTo("/proc/rr-explorer-new.csv"), {"/proc/rr-explorer-new.csv", "/proc"});
        QCOMPARE(readAll("/proc/self/comm"), comm);
    }

    // Issue 24 item 9: describe looks attributes up by name in a hash index: 50,000 columns (12 s at 80,000
    // columns before) are described with their values.
    void describeManyColumns()
    {
        const int columns = 50000;
        QByteArray header, row1, row2;
        for (int c = 0; c < columns; ++c) {
            const QByteArray sep = c ? "," : "";
            header += sep + "c" + QByteArray::number(c);
            row1 += sep + "v" + QByteArray::number(c % 7);
            row2 += sep + (c % 2 ? "w" : "v" + QByteArray::number(c % 7));
        }
        const QString wide = writeFile(m_dir, "wide.csv", header + "\n" + row1 + "\n" + row2 + "\n" + row1 + "\n");
        const CliRun r = expectFinite({"describe", "--data", wide});
        const QJsonArray attributes = r.json()["attributes"].toArray();
        QCOMPARE(attributes.size(), columns);
        QCOMPARE(r.json()["rows"].toInt(), 3);
        for (int c : {0, 1, 2, 49999}) {
            const QJsonObject a = attributes[c].toObject();
            QCOMPARE(a["name"].toString(), "c" + QString::number(c));
            if (c % 2) { // v(c%7) twice, w once
                QCOMPARE(stringList(a["categories"]), QStringList({"v" + QString::number(c % 7), "w"}));
                QCOMPARE(numberList(a["counts"]), QList<double>({2, 1}));
            } else {
                QCOMPARE(stringList(a["categories"]), QStringList({"v" + QString::number(c % 7)}));
                QCOMPARE(numberList(a["counts"]), QList<double>({3}));
            }
        }
        // and a chosen few, by name, in the order given
        const CliRun some = expectFinite({"describe", "--data", wide, "--attributes", "c49998,c3"});
        const QJsonArray two = some.json()["attributes"].toArray();
        QCOMPARE(two.size(), 2);
        QCOMPARE(two[0].toObject()["name"].toString(), QString("c49998"));
        QCOMPARE(two[1].toObject()["name"].toString(), QString("c3"));
        QCOMPARE(numberList(two[1].toObject()["counts"]), QList<double>({2, 1}));
        QVERIFY(QFile::remove(wide));
    }

    // Both anatomy tables or neither: with the second target impossible the first is not written, and
    // an existing first file keeps its content.
    void anatomyIsAllOrNothing()
    {
        const QString data = writeFile(m_dir, "an.csv", "q,s\nx,1\nx,2\ny,1\ny,2\nx,3\ny,3\n");
        QVERIFY(QDir(m_dir.path()).mkpath("rel.st.csv"));
        const QStringList args{
            "anatomy", "--data", data, "--qi", "q", "--sensitive", "s", "--l", "2", "--out", m_dir.filePath("rel")};
        expectRefused(args, {"rel.st.csv"});
        QVERIFY(!QFile::exists(m_dir.filePath("rel.qit.csv")));
        const QString qit = writeFile(m_dir, "rel.qit.csv", "old release\n");
        expectRefused(args, {"rel.st.csv"});
        QCOMPARE(readAll(qit), QByteArray("old release\n"));
        QVERIFY(QDir(m_dir.path()).rmdir("rel.st.csv"));
        expectFinite(args);
        QVERIFY(readAll(qit).startsWith("q,group\n"));
        QVERIFY(readAll(m_dir.filePath("rel.st.csv")).startsWith("group,s,count\n"));
        QVERIFY(tempFiles(m_dir.path()).isEmpty());
        for (const char* f : {"an.csv", "rel.qit.csv", "rel.st.csv"})
            QVERIFY(QFile::remove(m_dir.filePath(f)));
    }

    // A write the system refuses (/proc takes no new files, not even from root): an I/O error (exit 1),
    // the target untouched, no temporary file.
    void outputTheSystemRefuses()
    {
        const QByteArray before = readAll("/proc/version");
        const CliRun r = runCli(randomizeTo("/proc/version"));
        QVERIFY2(r.finished && r.status == QProcess::NormalExit, r.diagnostics().constData());
        QVERIFY2(r.exitCode == 1 || r.exitCode == 2, r.diagnostics().constData());
        QVERIFY2(r.err.contains("/proc/version") && !r.err.contains("internal failure"), r.diagnostics().constData());
        QCOMPARE(readAll("/proc/version"), before);
    }

    // A write that fails halfway (the disk fills up, here a file-size limit): an I/O error, exit 1 and not
    // "bad input" 2; the old file stays, no temporary file is left.
    void writeFailsHalfway()
    {
        const QString out = m_dir.filePath("full.csv");
        writeFile(m_dir, "full.csv", "old contents\n");
        const CliRun r = runCli(randomizeTo(out), fileSizeLimit(16));
        QVERIFY2(r.finished && r.status == QProcess::NormalExit, r.diagnostics().constData());
        QVERIFY2(r.exitCode == 1, r.diagnostics().constData());
        QVERIFY2(r.err.contains("cannot write") && r.err.contains("full.csv"), r.diagnostics().constData());
        QCOMPARE(readAll(out), QByteArray("old contents\n"));
        QVERIFY(tempFiles(m_dir.path()).isEmpty());
        QVERIFY(QFile::remove(out));
    }

    // Stale temporary files of a killed run neither block a write nor get renamed into place.
    void staleTempFiles()
    {
        const QString out = m_dir.filePath("stale.csv");
        writeFile(m_dir, "stale.csv.tmp-1-2", "stale\n");
        expectFinite(randomizeTo(out));
        QVERIFY(readAll(out).startsWith("a,b,c\n"));
        QCOMPARE(readAll(m_dir.filePath("stale.csv.tmp-1-2")), QByteArray("stale\n"));
        QCOMPARE(tempFiles(m_dir.path()), QStringList{"stale.csv.tmp-1-2"});
        QVERIFY(QFile::remove(m_dir.filePath("stale.csv.tmp-1-2")));
        QVERIFY(QFile::remove(out));
    }

    // A valid --out name of 254 bytes is written (its temporary NAME.tmp-PID-N would pass the 255-byte limit
    // of a name: a shorter one beside it is used), and leaves no temporary file.
    void outNameOf254Bytes()
    {
        const QString out = m_dir.filePath(QString(250, QLatin1Char('o')) + ".csv");
        expectFinite(randomizeTo(out));
        QVERIFY(readAll(out).startsWith("a,b,c\n"));
        expectFinite(randomizeTo(out)); // replacing it too
        QVERIFY(tempFiles(m_dir.path()).isEmpty());
        QVERIFY(QFile::remove(out));
    }

    // kill -9 during a write leaves X.tmp-PID-N: the next write to X removes it once PID no longer runs, and
    // keeps the temporary of a live process (this test's).
    void tempOfKilledRunRemoved()
    {
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0)
            ::_exit(0);
        QCOMPARE(::waitpid(child, nullptr, 0), child);
        const QString out = m_dir.filePath("killed.csv");
        const QString dead = "killed.csv.tmp-" + QString::number(child) + "-7";
        const QString live = "killed.csv.tmp-" + QString::number(::getpid()) + "-7";
        writeFile(m_dir, dead, "left by kill -9\n");
        writeFile(m_dir, live, "still being written\n");
        expectFinite(randomizeTo(out));
        QVERIFY(readAll(out).startsWith("a,b,c\n"));
        QCOMPARE(tempFiles(m_dir.path()), QStringList{live});
        QVERIFY(QFile::remove(m_dir.filePath(live)));
        QVERIFY(QFile::remove(out));
    }

    // SIGTERM and SIGINT while the output is being written: the temporary file is removed, the target
    // keeps its old content (or, had the rename already happened, holds the whole new table).
    void signalDuringWrite_data()
    {
        QTest::addColumn<int>("signal");
        QTest::newRow("SIGTERM") << int(SIGTERM);
        QTest::newRow("SIGINT") << int(SIGINT);
    }
    void signalDuringWrite()
    {
        QFETCH(int, signal);
        QTemporaryDir dir;
        const int rows = 3000000;
        {
            QFile f(dir.filePath("large.csv"));
            QVERIFY(f.open(QIODevice::WriteOnly));
            QByteArray chunk;
            f.write("a,b,c\n");
            for (int i = 0; i < rows; ++i) {
                chunk += "v" + QByteArray::number(i % 1000) + ",w" + QByteArray::number(i % 7) + ",z\n";
                if (chunk.size() > (1 << 20)) {
                    f.write(chunk);
                    chunk.clear();
                }
            }
            f.write(chunk);
        }
        const QString out = writeFile(dir, "X.csv", "old content\n");
        QProcess p;
        p.start(QStringLiteral(RR_CLI_PATH), {"randomize", "--data", dir.filePath("large.csv"), "--attributes", "a",
                                              "--p", "a=0.5", "--seed", "1", "--out", out});
        QVERIFY(p.waitForStarted(30000));
        QElapsedTimer t;
        t.start();
        bool seen = false;
        while (!seen && p.state() == QProcess::Running && t.elapsed() < 120000) {
            seen = !QDir(dir.path()).entryList({"X.csv.tmp-*"}, QDir::Files).isEmpty();
            if (!seen)
                QThread::usleep(200);
        }
        if (!seen)
            QSKIP("the write ended before its temporary file was seen");
        QVERIFY(::kill(static_cast<pid_t>(p.processId()), signal) == 0);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitStatus(), QProcess::CrashExit); // the signal ended it, as it would have without us
        QCOMPARE(QDir(dir.path()).entryList({"X.csv.tmp-*"}, QDir::AllEntries | QDir::System), QStringList());
        const QByteArray now = readAll(out);
        if (now != "old content\n") // renamed just before the signal: then it is the whole table
            QCOMPARE(now.count('\n'), rows + 1);
    }
};

QTEST_GUILESS_MAIN(TestCliHostile)
#include "test_cli_hostile.moc"
