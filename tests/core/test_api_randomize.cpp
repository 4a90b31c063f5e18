// The typed randomize action (core/api/Randomize.h): a seeded release of a small CSV file writes the randomized
// columns only, counts the values it changed, prints what the CLI prints for the same options, writes a public note
// that names no source file and an audit note that does, and refuses bad requests as the CLI does.
#include "ApiTestSupport.h"

#include "core/api/Randomize.h"
#include "core/data/Errors.h"

#include <QtTest>

#include <fstream>
#include <sstream>

using namespace rr;

namespace {

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The lines of a CSV file without quotes, each split at its commas.
std::vector<std::vector<std::string>> readRows(const std::string& path)
{
    std::vector<std::vector<std::string>> rows;
    std::istringstream lines(readText(path));
    for (std::string line; std::getline(lines, line);) {
        std::vector<std::string> fields;
        std::istringstream in(line);
        for (std::string field; std::getline(in, field, ',');)
            fields.push_back(field);
        rows.push_back(std::move(fields));
    }
    return rows;
}

#ifdef RR_CLI_PATH
// The CLI's standard output for `args`, as it prints it (empty when it fails).
std::string cliOutput(const QStringList& args)
{
    QProcess p;
    p.start(RR_CLI_PATH, args);
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return {};
    return p.readAllStandardOutput().toStdString();
}
#endif

} // namespace

class TestApiRandomize : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string m_csv;

    std::string path(const char* name) const { return m_dir.filePath(name).toStdString(); }

    // sex and disease randomized (Warner, p = 0.6 and 0.7), seed 7, into `out`.
    api::RandomizeRequest request(const std::string& out) const
    {
        api::RandomizeRequest q;
        q.data = testing::fileData(m_csv);
        q.attributes = {"sex", "disease"};
        q.distortions.p = {{"sex", 0.6}, {"disease", 0.7}};
        q.generator.seed = 7;
        q.outputs.files = {out};
        return q;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_csv = testing::writeSmallCsv(m_dir);
    }

    // In the source's order, every record leaves with sex and disease only; changed_values counts the cells that
    // differ from the source.
    void writesTheRandomizedColumnsOnly()
    {
        api::RandomizeRequest q = request(path("ordered.csv"));
        q.keepOrder = true;
        const api::RandomizeResult r = api::randomizeOf(q);
        QCOMPARE(r.report.randomization.rows, std::size_t(6));
        QCOMPARE(r.report.droppedRows, std::size_t(0));
        QVERIFY(!r.report.randomOrder);
        QCOMPARE(r.columns, (std::vector<std::string>{"sex", "smoker", "disease"}));
        QCOMPARE(r.distortions.names, (std::vector<std::string>{"sex", "disease"}));
        QVERIFY(r.released[1].action == ColumnRelease::Action::Drop);
        const auto source = readRows(m_csv), released = readRows(path("ordered.csv"));
        QCOMPARE(released.size(), std::size_t(7));
        QCOMPARE(released.front(), (std::vector<std::string>{"sex", "disease"}));
        std::size_t changed = 0;
        for (std::size_t i = 1; i < released.size(); ++i) {
            QCOMPARE(released[i].size(), std::size_t(2));
            changed += (released[i][0] != source[i][0]) + (released[i][1] != source[i][2]);
        }
        QVERIFY(changed > 0); // seed 7 changes some of the 12 values
        QCOMPARE(r.report.randomization.changedValues, changed);
        QVERIFY(r.report.generator.rfind("seeded", 0) == 0);
        QVERIFY(!r.logged); // a seeded run is exploration: never logged
    }

    // Kept columns leave in clear, in the source's column order.
    void keptColumnsLeaveInClear()
    {
        api::RandomizeRequest q = request(path("kept.csv"));
        q.attributes = {"disease"};
        q.distortions.p = {{"disease", 0.7}};
        q.keep = {"sex"};
        q.keepOrder = true;
        const api::RandomizeResult r = api::randomizeOf(q);
        const auto source = readRows(m_csv), released = readRows(path("kept.csv"));
        QCOMPARE(released.front(), (std::vector<std::string>{"sex", "disease"}));
        for (std::size_t i = 1; i < released.size(); ++i)
            QCOMPARE(released[i][0], source[i][0]);
        const api::Json j = api::randomizeJson(r);
        QCOMPARE(j.at("columns").at("kept_in_clear"), api::Json::array({"sex"}));
        QCOMPARE(j.at("columns").at("dropped"), api::Json::array({"smoker"}));
    }

#ifdef RR_CLI_PATH
    // The result's JSON is what the CLI prints for the same options, byte for byte, and the same records.
    void jsonIsTheCliOutput()
    {
        const std::string out = path("same.csv"), note = path("same.note.json"), audit = path("same.audit.json");
        api::RandomizeRequest q = request(out);
        q.outputs.note = note;
        q.outputs.auditNote = audit;
        const api::Json j = api::randomizeJson(api::randomizeOf(q));
        const std::string released = readText(out);
        const std::vector<std::string> keys{"rows", "dropped_rows", "changed_values", "generator", "order", "columns",
                                            "p", "out", "note", "audit_note"};
        QCOMPARE(testing::jsonKeys(j), keys);
        const QStringList args{"randomize", "--data", QString::fromStdString(m_csv), "--attributes", "sex,disease",
                               "--p", "sex=0.6,disease=0.7", "--seed", "7", "--out", QString::fromStdString(out),
                               "--note", QString::fromStdString(note), "--audit-note", QString::fromStdString(audit)};
        QCOMPARE(cliOutput(args), j.dump(2) + "\n");
        QCOMPARE(readText(out), released); // the same draw
    }
#endif

    // The public note names no source file and no risk; the audit note names the source and holds the public one.
    void publicNoteNamesNoSource()
    {
        api::RandomizeRequest q = request(path("noted.csv"));
        q.outputs.note = path("noted.note.json");
        q.outputs.auditNote = path("noted.audit.json");
        const api::RandomizeResult r = api::randomizeOf(q);
        const std::string published = readText(q.outputs.note), audit = readText(q.outputs.auditNote);
        QCOMPARE(published, r.publicNote);
        QCOMPARE(audit, r.auditNote);
        QVERIFY(published.find("small.csv") == std::string::npos);
        QVERIFY(published.find("noted.csv") != std::string::npos); // the table it goes with
        const api::Json a = api::Json::parse(audit);
        QCOMPARE(a["source"].get<std::string>(), std::string("small.csv"));
        QCOMPARE(a["public_note"].get<std::string>(), std::string("noted.note.json"));
        QCOMPARE(a["published"], api::Json::parse(published));
        QCOMPARE(a["rows"].get<std::size_t>(), std::size_t(6));
    }

    // A secure release goes into the log; the next one of the same columns says it draws them again.
    void secureReleasesAreLogged()
    {
        QTemporaryDir logDir; // never beside the release
        api::RandomizeRequest q = request(path("first.csv"));
        q.generator = {};
        q.outputs.releaseLog = logDir.filePath("releases.jsonl").toStdString();
        const api::RandomizeResult first = api::randomizeOf(q);
        QVERIFY(first.logged);
        QVERIFY(!first.earlier.contains("previous_releases"));
        q.outputs.files = {path("second.csv")};
        const api::RandomizeResult second = api::randomizeOf(q);
        QCOMPARE(second.earlier.at("previous_releases").size(), std::size_t(1));
        QVERIFY(!second.earlierWarning.empty());
        QVERIFY(api::randomizeJson(second).contains("combined_epsilon"));
    }

    // Bad requests are InputErrors, the outputs checked before anything is read.
    void badRequestsAreInputErrors()
    {
        api::RandomizeRequest q = request(path("bad.csv"));
        q.attributes = {"nope"};
        QVERIFY_THROWS_EXCEPTION(InputError, api::randomizeOf(q));
        q = request(m_csv); // the output would replace the input
        QVERIFY_THROWS_EXCEPTION(InputError, api::randomizeOf(q));
        q = request(path("bad.csv"));
        q.keep = {"sex"}; // randomized already
        QVERIFY_THROWS_EXCEPTION(InputError, api::randomizeOf(q));
        q = request(path("bad.csv"));
        q.distortions.p = {{"sex", 0.4}}; // not above 1/d
        QVERIFY_THROWS_EXCEPTION(InputError, api::randomizeOf(q));
        q = request(path("bad.csv"));
        q.data = testing::fileData(path("missing.csv"));
        q.outputs.table = "t"; // two targets: refused before the missing file is looked for
        try {
            api::randomizeOf(q);
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("exactly one of --out") != std::string::npos);
        }
        QVERIFY(!QFile::exists(m_dir.filePath("bad.csv")));
    }
};

QTEST_GUILESS_MAIN(TestApiRandomize)
#include "test_api_randomize.moc"
