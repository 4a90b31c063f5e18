// Issue 42, the file side of hardening round three: hostile sessions (nesting, sample: paths), releases
// that race or were killed, control characters in messages, and the exit codes of odd output names.
// Each case ends with the documented exit code and one line naming the problem, never by a signal.
#include "cli/CliRunner.h"

#include <QDir>
#include <QFile>
#include <QtTest>

#include <string>

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
