// Issue 42, the file side of hardening round three: hostile sessions (nesting, sample: paths), releases
// that race or were killed, control characters in messages, and the exit codes of odd output names.
// Each case ends with the documented exit code and one line naming the problem, never by a signal.
#include "cli/CliRunner.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QThread>
#include <QtTest>

#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/file.h>
#include <unistd.h>

using namespace rr::testcli;

namespace {

const QString kAdult = QStringLiteral(RR_SHARED_DATA_DIR "/adult/adult.data.csv");

QString writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// `depth` objects (or arrays) inside one another: {"a": {"a": ... 1 ...}} / [[...[1]...]].
QByteArray nested(int depth, bool arrays)
{
    const QByteArray open = arrays ? "[" : "{\"a\":";
    const QByteArray close = arrays ? "]" : "}";
    return open.repeated(depth) + "1" + close.repeated(depth);
}

// A table session on the sample whose member `key` holds `value`.
QByteArray tableSession(const QByteArray& key, const QByteArray& value,
                        const QByteArray& data = R"(["sample:adult.data.csv"])")
{
    return R"({"format": "rr-explorer-session", "version": 1, "data": )" + data +
           R"(, "roles": {"quasiIdentifiers": ["education"], "sensitive": "workclass"}, "mode": "qi", ")" + key +
           "\": " + value + "}";
}

QStringList sideFiles(const QString& dir)
{
    return QDir(dir).entryList({"*.tmp-*", "*.bak-*", "*.lock"}, QDir::AllEntries | QDir::System | QDir::Hidden);
}

// An audit note without the line of when it was written (a run a second later writes another).
QByteArray withoutTime(const QByteArray& note)
{
    QByteArray out;
    for (const QByteArray& line : note.split('\n'))
        if (!line.contains("\"released_at_utc\""))
            out += line + '\n';
    return out;
}

QStringList releaseArgs(const QString& out, const QString& note, int seed)
{
    return {"randomize", "--data", kAdult, "--attributes", "sex,race", "--p", "sex=0.8,race=0.7", "--seed",
            QString::number(seed), "--out", out, "--audit-note", note}; // the audit note names the seed
}

QByteArray basketSession(const QByteArray& key, const QByteArray& value, const QByteArray& data = "\"x.dat\"")
{
    return R"({"kind": "rr-explorer baskets session", "data": )" + data + ", \"" + key + "\": " + value + "}";
}

} // namespace

class TestCliFilesHardening : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    // Exit 2, one line on stderr holding every fragment, nothing on stdout.
    static void expectBadInput(const CliRun& r, const QStringList& fragments)
    {
        QVERIFY2(r.finished && r.status == QProcess::NormalExit, r.diagnostics().constData());
        QVERIFY2(r.exitCode == 2, r.diagnostics().constData());
        QVERIFY2(r.out.isEmpty(), r.diagnostics().constData());
        QVERIFY2(r.err.startsWith("rr-explorer-cli: error: ") && r.err.count('\n') == 1, r.diagnostics().constData());
        for (const QString& f : fragments)
            QVERIFY2(r.err.contains(f.toUtf8()), qPrintable("missing '" + f + "' in: " + QString::fromUtf8(r.err)));
    }

private slots:
    // Item 3: 70,000 nested objects under "view" (a 420 KB session) crashed the CLI with SIGSEGV (exit 139).
    void deepSessionIsRefused_data()
    {
        QTest::addColumn<QByteArray>("session");
        QTest::newRow("70000 objects under view") << tableSession("view", nested(70000, false));
        QTest::newRow("70000 arrays under view") << tableSession("view", nested(70000, true));
        QTest::newRow("under another key") << tableSession("extra", nested(70000, false));
        QTest::newRow("in the data list") << tableSession("view", "{}", "[" + nested(5000, true) + "]");
        QTest::newRow("65 levels in all") << tableSession("view", nested(64, false));
    }
    void deepSessionIsRefused()
    {
        QFETCH(QByteArray, session);
        const QString path = writeBytes(m_dir.filePath("deep.json"), session);
        if (session.size() > 400000)
            QVERIFY(QFileInfo(path).size() > 400000);
        expectBadInput(runCli({"risk", "--session", path}), {"deep.json", "nested deeper than 64"});
    }

    // 64 levels in all are read as before (the view's own check then names what is wrong).
    void sessionAtTheDepthLimitIsRead()
    {
        const QString path = writeBytes(m_dir.filePath("limit.json"), tableSession("extra", nested(63, false)));
        const CliRun r = runCli({"risk", "--session", path});
        QVERIFY2(r.ok(), r.diagnostics().constData());
    }

    void deepBasketSessionIsRefused_data()
    {
        QTest::addColumn<QByteArray>("session");
        QTest::newRow("objects under level") << basketSession("level", nested(70000, false));
        QTest::newRow("arrays under sizes_table") << basketSession("sizes_table", nested(70000, true));
        QTest::newRow("65 levels") << basketSession("x", nested(64, true));
    }
    void deepBasketSessionIsRefused()
    {
        QFETCH(QByteArray, session);
        const QString path = writeBytes(m_dir.filePath("deep-basket.json"), session);
        expectBadInput(runCli({"basket", "privacy", "--session", path}), {"nested deeper than 64"});
    }

    // Item 4: "sample:NAME" read any file ("sample:../../../../etc/passwd" printed its first line in the
    // error, "sample:/proc/self/environ" the environment). NAME is a plain name in the sample folder, else
    // exit 2 with a message that names the path and shows nothing of any file.
    void samplePathsStayInTheSampleFolder_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::newRow("../../../../etc/passwd") << QByteArray("../../../../etc/passwd");
        QTest::newRow("/proc/self/environ") << QByteArray("/proc/self/environ");
        QTest::newRow("sub/x") << QByteArray("sub/x");
        QTest::newRow("..") << QByteArray("..");
        QTest::newRow("hierarchies/../../x") << QByteArray("hierarchies/../../x");
        QTest::newRow("backslash") << QByteArray("sub\\\\x");
        QTest::newRow("NUL byte") << QByteArray("adult.data.csv\\u0000/etc/passwd");
        QTest::newRow("empty") << QByteArray("");
    }
    void samplePathsStayInTheSampleFolder()
    {
        QFETCH(QByteArray, name);
        const QByteArray data = "\"sample:" + name + "\"";
        const QString table = writeBytes(m_dir.filePath("sample.json"), tableSession("view", "{}", "[" + data + "]"));
        const CliRun a = runCli({"risk", "--session", table});
        expectBadInput(a, {"sample:", "plain name"});
        const QString basket = writeBytes(m_dir.filePath("sample-basket.json"), basketSession("level", "0.9", data));
        const CliRun b = runCli({"basket", "privacy", "--session", basket});
        expectBadInput(b, {"sample:", "plain name"});
        for (const CliRun* r : {&a, &b}) // nothing of /etc/passwd or of the environment
            QVERIFY2(!r->err.contains("root:") && !r->err.contains("PATH="), r->err.constData());
    }

    // The sample's own files are still found, in both kinds of session.
    void samplePathsOfTheSampleWork()
    {
        const QString table =
            writeBytes(m_dir.filePath("sample-ok.json"), tableSession("view", "{}", R"(["sample:adult.data.csv"])"));
        const CliRun r = runCli({"risk", "--session", table});
        QVERIFY2(r.ok(), r.diagnostics().constData());
        const QString basket =
            writeBytes(m_dir.filePath("sample-basket-ok.json"), basketSession("level", "0.9", "\"sample:retail.dat\""));
        const CliRun b = runCli({"basket", "privacy", "--session", basket});
        QVERIFY2(b.ok(), b.diagnostics().constData());
    }

    // Item 11: a CSV header's control characters reached the terminal raw (ESC ]2;TITLE BEL set its title,
    // ESC [2J cleared it) and a line break in a name broke the one-line message.
    void controlCharactersAreEscaped()
    {
        const QString csv = writeBytes(m_dir.filePath("controls.csv"),
                                       "\"\x1b]2;TITLE\x07\",b,\"line\nbreak\",\"\x1b[2J\"\nx,y,z,w\nx2,y2,z2,w2\n");
        const CliRun r = runCli({"risk", "--data", csv, "--qi", "nope", "--sensitive", "b"});
        expectBadInput(r, {"nope", "\\x1b]2;TITLE\\x07", "line\\x0abreak", "\\x1b[2J"});
        QVERIFY2(!r.err.contains('\x1b') && !r.err.contains('\x07'), r.err.constData());
        for (const char c : r.err.left(r.err.size() - 1))
            QVERIFY2(static_cast<unsigned char>(c) >= 0x20 && c != 0x7f, r.err.constData());
    }

    // Item 9: two releases to the same --out and --note at once could leave the table of one beside the
    // note of the other. The commit holds an exclusive lock (flock on .NAME.lock beside each target): a
    // release waits while the test holds it, and commits once it is let go.
    void releaseWaitsForTheLock()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("held.csv"), note = dir.filePath("held.note");
        const QString lock = dir.filePath(".held.csv.lock");
        const int fd = ::open(lock.toLocal8Bit().constData(), O_RDONLY | O_CREAT | O_CLOEXEC, 0600);
        QVERIFY(fd >= 0 && ::flock(fd, LOCK_EX) == 0);
        QProcess p;
        p.start(QStringLiteral(RR_CLI_PATH), releaseArgs(out, note, 1));
        QVERIFY(p.waitForStarted(30000));
        // Both temporary files written: the release now waits for the lock, however long.
        QElapsedTimer t;
        t.start();
        while (QDir(dir.path()).entryList({"held.*.tmp-*"}, QDir::Files).size() < 2 && t.elapsed() < 60000)
            QThread::msleep(20);
        QThread::msleep(1500);
        QCOMPARE(p.state(), QProcess::Running);
        QVERIFY(!QFile::exists(out) && !QFile::exists(note));
        // Let go as a release does: the file removed while held, then closed.
        QVERIFY(::unlink(lock.toLocal8Bit().constData()) == 0);
        ::close(fd);
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, p.readAllStandardError().constData());
        QVERIFY(readAll(out).startsWith("race,sex\n"));
        QVERIFY(readAll(note).contains("\"rows\": 32561"));
        QCOMPARE(sideFiles(dir.path()), QStringList()); // no lock file, temporary or backup left
    }

    // Twenty pairs of releases (seeds 1 and 2) to the same files at once: each time the table and the note
    // are those of one run, byte for byte as that run alone writes them.
    void racingReleasesLeaveAMatchingPair()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("race.csv"), note = dir.filePath("race.note");
        QByteArray table[2], text[2];
        for (int seed : {1, 2}) {
            const CliRun r = runCli(releaseArgs(out, note, seed));
            QVERIFY2(r.ok(), r.diagnostics().constData());
            table[seed - 1] = readAll(out);
            text[seed - 1] = withoutTime(readAll(note));
        }
        QVERIFY(table[0] != table[1] && text[0] != text[1]);
        for (int i = 0; i < 20; ++i) {
            QProcess a, b;
            a.start(QStringLiteral(RR_CLI_PATH), releaseArgs(out, note, 1));
            b.start(QStringLiteral(RR_CLI_PATH), releaseArgs(out, note, 2));
            QVERIFY(a.waitForFinished(120000) && b.waitForFinished(120000));
            QVERIFY(a.exitCode() == 0 && b.exitCode() == 0);
            const QByteArray t = readAll(out), n = withoutTime(readAll(note));
            QVERIFY2((t == table[0] && n == text[0]) || (t == table[1] && n == text[1]),
                     qPrintable(QString("pair %1: the table and the note come from different runs").arg(i)));
        }
        QCOMPARE(sideFiles(dir.path()), QStringList());
    }

    // Item 10: a release killed during its commit left X.bak-PID-N beside X, never removed. The next write
    // of X removes those whose process no longer runs, and keeps a live process's.
    void staleBackupsAreRemoved()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("x.csv"), note = dir.filePath("x.note");
        writeBytes(out, "old table\n");
        writeBytes(dir.filePath("x.csv.bak-99999999-1"), "left by kill -9\n");
        writeBytes(dir.filePath("x.note.bak-99999998-5"), "left by kill -9\n");
        const QString live = "x.csv.bak-" + QString::number(::getpid()) + "-7";
        writeBytes(dir.filePath(live), "a live process's\n");
        writeBytes(dir.filePath("y.csv.bak-99999999-1"), "another file's\n");
        const CliRun r = runCli(releaseArgs(out, note, 1));
        QVERIFY2(r.ok(), r.diagnostics().constData());
        QVERIFY(readAll(out).startsWith("race,sex\n"));
        QCOMPARE(sideFiles(dir.path()), (QStringList{live, "y.csv.bak-99999999-1"}));
        // A single write (no note) cleans its target's too.
        writeBytes(dir.filePath("x.csv.bak-99999999-2"), "left by kill -9\n");
        const CliRun single = runCli({"randomize", "--data", kAdult, "--attributes", "sex", "--p", "sex=0.8",
                                      "--seed", "3", "--out", out});
        QVERIFY2(single.ok(), single.diagnostics().constData());
        QCOMPARE(sideFiles(dir.path()), (QStringList{live, "y.csv.bak-99999999-1"}));
    }

    // Item 14: /proc paths as outputs are bad input (exit 2): /proc/self/fd/1 leads to a pipe but names a
    // place in /proc; it exited 1 ("no temporary space").
    void procOutputsAreBadInput_data()
    {
        QTest::addColumn<QString>("out");
        QTest::newRow("/proc/self/fd/1") << "/proc/self/fd/1";
        QTest::newRow("/proc/self/fd/2") << "/proc/self/fd/2";
        QTest::newRow("/dev/stdout") << "/dev/stdout";
        QTest::newRow("/proc/self/comm") << "/proc/self/comm";
    }
    void procOutputsAreBadInput()
    {
        QFETCH(QString, out);
        expectBadInput(runCli(releaseArgs(out, m_dir.filePath("proc.note"), 1)), {out, "/proc"});
        QVERIFY(!QFile::exists(m_dir.filePath("proc.note")));
        expectBadInput(runCli({"anonymize", "--data", kAdult, "--qi", "sex,race", "--sensitive", "workclass", "--l", "2",
                               "--model", "distinct", "--out", out}),
                       {out});
    }

    // A file name of 300 bytes (the limit is 255) exited 1; it is bad input: exit 2, "name too long".
    void longNamesAreBadInput()
    {
        const QString longName = QString(296, QLatin1Char('n')) + ".csv";
        const CliRun out = runCli(releaseArgs(m_dir.filePath(longName), m_dir.filePath("n.note"), 1));
        expectBadInput(out, {"name too long"});
        const CliRun note = runCli(releaseArgs(m_dir.filePath("n.csv"), m_dir.filePath(longName), 1));
        expectBadInput(note, {"name too long"});
        const CliRun folder = runCli(releaseArgs(m_dir.filePath(longName + "/x.csv"), m_dir.filePath("n.note"), 1));
        expectBadInput(folder, {"name too long"});
        QVERIFY(!QFile::exists(m_dir.filePath("n.csv")) && !QFile::exists(m_dir.filePath("n.note")));
        QCOMPARE(sideFiles(m_dir.path()), QStringList());
    }

    // A FIFO, or a link to /dev/zero, named as a hierarchy in --hierarchies was skipped as if there were no
    // hierarchy; it is refused (exit 2) at once.
    void hierarchyThatIsNoFile_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("FIFO") << "fifo";
        QTest::newRow("link to /dev/zero") << "zero";
        QTest::newRow("folder") << "folder";
    }
    void hierarchyThatIsNoFile()
    {
        QFETCH(QString, kind);
        QTemporaryDir dir;
        const QByteArray sex = dir.filePath("sex.csv").toLocal8Bit();
        if (kind == "fifo")
            QVERIFY(::mkfifo(sex.constData(), 0600) == 0);
        else if (kind == "zero")
            QVERIFY(::symlink("/dev/zero", sex.constData()) == 0);
        else
            QVERIFY(QDir(dir.path()).mkdir("sex.csv"));
        const CliRun r = runCli({"compare", "--data", kAdult, "--qi", "sex,race", "--sensitive", "workclass", "--l", "2",
                                 "--seed", "7", "--hierarchies", dir.path()},
                                {}, 60000);
        expectBadInput(r, {"sex.csv"});
    }

    // 12,000 --missing tokens (4.1 s for what 10 took 0.02 s: each field compared with every token) are
    // looked up in a set; the counts are those of the few tokens that occur.
    void manyMissingTokens()
    {
        QStringList tokens;
        for (int i = 0; i < 12000; ++i)
            tokens << QString("a%1").arg(i); // short: one argument may have at most 128 KiB
        tokens[5000] = "Male";
        tokens[7000] = "?";
        tokens[11999] = "";
        const QStringList args{"describe", "--data", kAdult, "--attributes", "sex,race,workclass"};
        const CliRun many = runCli(args + QStringList{"--missing", tokens.join(',')});
        QVERIFY2(many.ok(), many.diagnostics().constData());
        const CliRun few = runCli(args + QStringList{"--missing", "?,,Male"});
        QVERIFY2(few.ok(), few.diagnostics().constData());
        QCOMPARE(many.out, few.out);
        // Male counted as missing: sex keeps Female only.
        QVERIFY2(many.out.contains("\"Female\"") && !many.out.contains("\"Male\""), many.out.left(2000).constData());
    }

#ifdef RR_GUI_PATH
    // The GUI's headless export reads sessions through the same reader: a message and exit 2, no crash.
    void deepSessionInTheHeadlessExport()
    {
        const QString path = writeBytes(m_dir.filePath("deep-gui.json"), tableSession("view", nested(70000, false)));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("QT_QPA_PLATFORM", "offscreen");
        p.setProcessEnvironment(env);
        p.start(RR_GUI_PATH, {"--session", path, "--export-chart", "risk", "--out", m_dir.filePath("deep.png")});
        QVERIFY2(p.waitForStarted(30000), RR_GUI_PATH);
        QVERIFY(p.waitForFinished(120000));
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 2, err.constData());
        QVERIFY2(err.contains("nested deeper than 64"), err.constData());
        QVERIFY(!QFile::exists(m_dir.filePath("deep.png")));
    }
#endif
};

QTEST_GUILESS_MAIN(TestCliFilesHardening)
#include "test_cli_files_hardening.moc"
