// The notes of one release, from the GUI and from the CLI (issue 43): the same data, attributes and p released by
// the release dialog and by `rr-explorer-cli randomize --note FILE --audit-note FILE`. The public note names no
// source file and is the GUI's byte for byte; the audit note names the source, and says what the GUI's says of
// who released, from what, with which generator, and what was published.
#include "UiTestSupport.h"
#include "cli/CliRunner.h"

#include "ui/release/ReleaseDialog.h"
#include "ui/session/AnalysisState.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <fstream>
#include <map>
#include <string>

using namespace rr;
using namespace rr::ui;
using namespace rr::testcli;

namespace {

const std::map<std::string, double> kP = {
    {"education", 0.428}, {"marital-status", 0.780}, {"sex", 0.926}, {"race", 0.953}, {"workclass", 0.871}};

// The first `n` records of the Adult sample complete in every column: no policy drops any, so both releases hold
// every record.
QString completeAdult(const QTemporaryDir& dir, int n)
{
    std::ifstream in(std::string(RR_RESOURCES_DIR) + "/data/adult.data.csv");
    const QString path = dir.filePath("adult-complete.csv");
    std::ofstream out(path.toStdString());
    std::string line;
    std::getline(in, line);
    out << line << '\n';
    for (int kept = 0; kept < n && std::getline(in, line);)
        if (line.find('?') == std::string::npos) {
            out << line << '\n';
            ++kept;
        }
    return path;
}

QByteArray fileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QJsonObject object(const QByteArray& text)
{
    return QJsonDocument::fromJson(text).object();
}

} // namespace

class TestReleaseNotesParity : public QObject {
    Q_OBJECT
    QTemporaryDir tmp;
    QString data;
    QByteArray guiPublic, guiAudit, cliPublic, cliAudit;

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        QVERIFY(tmp.isValid());
        data = completeAdult(tmp, 3000);
        QVERIFY(QDir(tmp.path()).mkpath("gui") && QDir(tmp.path()).mkpath("cli"));

        // The GUI: the file opened, the five attributes analysed (RR-Both) at kP, released by the dialog.
        MainWindow w;
        w.openInitial({data});
        w.workspace()->waitForIdle();
        QVERIFY(w.workspace()->source());
        w.state()->setSpec(AnalysisSpec{{"education", "marital-status", "sex", "race"}, "workclass",
                                        MissingPolicy::DropIfUsedMissing});
        w.state()->setMode(RandomizationMode::Both);
        w.state()->setRetentions(kP, "test");
        w.workspace()->waitForIdle();
        std::unique_ptr<ReleaseDialog> d(w.createReleaseDialog());
        QVERIFY(d && d->summary().has_value());
        QVERIFY(d->startWrite(tmp.filePath("gui/release.csv"), false));
        d->waitForWrite();
        QVERIFY2(d->lastWriteSucceeded(), qPrintable(d->lastMessage()));
        guiPublic = fileBytes(tmp.filePath("gui/release.note.json"));
        guiAudit = fileBytes(tmp.filePath("gui/release.audit.json"));

        // The CLI: the same release, secure as the GUI's.
        QStringList p;
        for (const auto& [name, value] : kP)
            p << QString("%1=%2").arg(QString::fromStdString(name)).arg(value, 0, 'g', 17);
        const CliRun r = runCli({"randomize", "--data", data, "--attributes",
                                 "workclass,education,marital-status,race,sex", "--p", p.join(','), "--secure",
                                 "--no-release-log", "--out", tmp.filePath("cli/release.csv"), "--note",
                                 tmp.filePath("cli/release.note.json"), "--audit-note",
                                 tmp.filePath("cli/release.audit.json")});
        QVERIFY2(r.ok(), r.diagnostics().constData());
        cliPublic = fileBytes(tmp.filePath("cli/release.note.json"));
        cliAudit = fileBytes(tmp.filePath("cli/release.audit.json"));
        QVERIFY(!guiPublic.isEmpty() && !guiAudit.isEmpty() && !cliPublic.isEmpty() && !cliAudit.isEmpty());
    }

    // --note names no source file (nor its folder); --audit-note does.
    void publicNoteNamesNoSource()
    {
        QVERIFY(!cliPublic.contains("adult-complete"));
        QVERIFY(!cliPublic.contains(tmp.path().toUtf8()));
        QVERIFY(!object(cliPublic).contains("source"));
        QVERIFY(cliAudit.contains("adult-complete.csv"));
        QVERIFY(object(cliAudit)["source"].toString().contains("adult-complete.csv"));
        QVERIFY(!guiPublic.contains("adult-complete"));
        QVERIFY(guiAudit.contains("adult-complete.csv"));
    }

    // The public note: one writer, the same text.
    void publicNotesAreEqual() { QCOMPARE(QString::fromUtf8(cliPublic), QString::fromUtf8(guiPublic)); }

    // The audit notes: the same person, host, source and generator; what they say was published is the public
    // note.
    void auditNotesAgree()
    {
        const QJsonObject cli = object(cliAudit), gui = object(guiAudit);
        for (const char* key : {"kind", "released_by", "host", "source", "generator"})
            QCOMPARE(cli[key], gui[key]);
        QJsonObject published = object(cliPublic);
        QCOMPARE(cli["published"].toObject(), published);
        published.remove("kind");
        QCOMPARE(gui["published"].toObject(), published);
    }
};

QTEST_MAIN(TestReleaseNotesParity)
#include "test_release_notes_parity.moc"
