// core/release/Release: the plan a data owner reviews (columns, records, risk, epsilon), the released
// table, and the all-or-nothing write with its notes.
#include "TestData.h"
#include "TestSupport.h"

#include "core/release/CodedRecord.h"
#include "core/datasource/CsvSource.h"
#include "core/release/Release.h"
#include "core/release/ReleaseNotes.h"
#include "core/release/StreamRelease.h"
#include "core/data/CsvReader.h"
#include "core/data/Errors.h"
#include "core/randomization/ExternalShuffle.h"
#include "core/risk/TargetMeaning.h"

#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include <boost/math/distributions/chi_squared.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace rr;
using namespace rr::testdata;

namespace {

AnalysisSpec emgrwSpec()
{
    AnalysisSpec s;
    s.quasiIdentifiers = {"education", "marital-status", "sex", "race"};
    s.sensitive = "workclass";
    return s;
}

// The published RR-Both point for l = 4 (003 Table 5.2); its max risk is 0.2631 (FIDELITY).
std::map<std::string, double> table52Both()
{
    return {{"education", 0.428}, {"marital-status", 0.780}, {"sex", 0.926}, {"race", 0.953}, {"workclass", 0.871}};
}

std::vector<std::string> columnNames(const Table& t)
{
    std::vector<std::string> out;
    for (const Attribute& a : t.attributes)
        out.push_back(a.name);
    return out;
}

template <typename F>
QString inputErrorOf(F f)
{
    try {
        f();
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

std::string slurp(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// A table of n records: "id" (the source position), "x" (3 categories, 1/2 : 1/3 : 1/6) and "pad" (a long
// text, so the records outweigh the release's size estimate and buckets must be split again).
Table idTable(int n, std::size_t padBytes)
{
    Table t;
    Attribute id{"id", {}, {}}, x{"x", {"a", "b", "c"}, {}}, pad{"pad", {std::string(padBytes, 'p')}, {}};
    for (int i = 0; i < n; ++i) {
        id.categories.push_back(std::to_string(i));
        id.codes.push_back(i);
        x.codes.push_back(i % 6 < 3 ? 0 : i % 6 < 5 ? 1 : 2);
        pad.codes.push_back(0);
    }
    t.attributes = {id, x, pad};
    return t;
}

// The release of idTable(n, padBytes) at p = 0.7 read back from `path`: every id once, in an order unrelated to
// the source's (rank correlation within 5 standard errors of 0), x distributed as P pi (003 eq. 5.2; chi-square
// at alpha = 0.001), the pad whole (when released).
void checkIdRelease(const std::string& path, int n, std::size_t padBytes)
{
    const Table back = readCsv({path});
    QCOMPARE(back.rowCount(), std::size_t(n));
    std::vector<int> seen(n, 0);
    double counts[3] = {0, 0, 0};
    double sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
    for (std::size_t r = 0; r < back.rowCount(); ++r) {
        const int id = std::stoi(back.attributes[0].categories[back.attributes[0].codes[r]]);
        ++seen[static_cast<std::size_t>(id)];
        counts[std::string("abc").find(back.attributes[1].categories[back.attributes[1].codes[r]][0])] += 1;
        if (padBytes > 0)
            QCOMPARE(back.attributes[2].categories[back.attributes[2].codes[r]].size(), padBytes);
        const double x = id, y = static_cast<double>(r);
        sx += x, sy += y, sxx += x * x, syy += y * y, sxy += x * y;
    }
    QVERIFY(std::all_of(seen.begin(), seen.end(), [](int c) { return c == 1; }));
    const double rho = (n * sxy - sx * sy) / std::sqrt((n * sxx - sx * sx) * (n * syy - sy * sy));
    QVERIFY2(std::abs(rho) < 5 / std::sqrt(n - 1.0), qPrintable(QString::number(rho)));
    const double pi[3] = {0.5, 1.0 / 3, 1.0 / 6};
    double x2 = 0;
    for (int u = 0; u < 3; ++u) {
        double lambda = 0;
        for (int v = 0; v < 3; ++v)
            lambda += (u == v ? 0.7 : 0.15) * pi[v];
        x2 += std::pow(counts[u] - n * lambda, 2) / (n * lambda);
    }
    const double critical = boost::math::quantile(boost::math::complement(boost::math::chi_squared(2), 0.001));
    QVERIFY2(x2 < critical, qPrintable(QString("X2 %1 >= %2").arg(x2).arg(critical)));
}

ReleasePlan idPlan(double p, bool keepOrder, std::size_t budget)
{
    ReleasePlan plan;
    plan.keepOrder = keepOrder;
    plan.memoryBudget = budget;
    plan.columns.resize(3);
    plan.columns[0].action = ColumnRelease::Action::Clear;
    plan.columns[1].action = ColumnRelease::Action::Randomize;
    plan.columns[1].categories = {"a", "b", "c"};
    plan.columns[1].matrix = DistortionMatrix::warner(3, p);
    plan.columns[2].action = ColumnRelease::Action::Clear;
    return plan;
}

} // namespace

class TestRelease : public QObject {
    Q_OBJECT
    Table m_adult; // both files as loaded, 48,842 rows
    std::shared_ptr<const PreparedAnalysis> m_emgrw;
    std::vector<std::string> m_columns;
    QTemporaryDir m_dir;

    ReleaseSummary bothSummary() const
    {
        const ReleaseChoice c = defaultReleaseChoice(*m_emgrw, m_columns, RandomizationMode::Both, table52Both(), 0.25);
        return summarizeRelease(*m_emgrw, m_columns, c);
    }

private slots:
    void initTestCase()
    {
        m_adult = readCsv({sharedData("adult/adult.data.csv"), sharedData("adult/adult.test.csv")});
        m_emgrw = prepareAnalysis(m_adult, emgrwSpec());
        m_columns = columnNames(m_adult);
        QVERIFY(m_dir.isValid());
    }

    // Default: analysed columns randomized at their p, ignored columns (age, fnlwgt, ...) dropped; the records
    // the missing-value policy drops (3,620 incomplete Adult records) are counted; the risk is Table 5.2's.
    void defaultSummaryOfAdult()
    {
        const ReleaseSummary s = bothSummary();
        QCOMPARE(s.columns.size(), m_columns.size());
        QCOMPARE(s.loadedRows, std::size_t(48842));
        QCOMPARE(s.droppedRows, std::size_t(3620));
        QCOMPARE(s.releasedRows, std::size_t(45222));
        QCOMPARE(s.releasedNames(),
                 (std::vector<std::string>{"workclass", "education", "marital-status", "race", "sex"}));
        for (const ReleaseColumn& c : s.columns) {
            if (c.role == "ignored") {
                QVERIFY(c.action == ReleaseAction::Drop);
                continue;
            }
            QVERIFY(c.action == ReleaseAction::Randomize);
            QCOMPARE(c.p, table52Both().at(c.name));
            QCOMPARE(static_cast<int>(c.categories.size()), c.d);
            RR_COMPARE_NEAR(c.q, (1 - c.p) / (c.d - 1), 1e-15);
            QVERIFY(c.epsilon.guaranteed);
            RR_COMPARE_NEAR(c.epsilon.value, warnerEpsilon(c.d, c.p), 1e-12);
        }
        QCOMPARE(s.columns[1].name, std::string("workclass"));
        QCOMPARE(s.columns[1].d, 7);
        QCOMPARE(s.columns[3].d, 16); // education
        qInfo("max risk %.5f, records over tau %.0f, epsilon per record %.4f", s.risk.maxRisk, s.risk.recordsOverTau,
              s.recordEpsilon.value);
        RR_COMPARE_NEAR(s.risk.maxRisk, 0.2631, 5e-5);
        QVERIFY(!s.meetsTau); // the published point sits above tau = 1/4 (FIDELITY)
        QVERIFY(s.risk.recordsOverTau > 0);
        double sum = 0;
        for (const ReleaseColumn* c : s.randomized())
            sum += c->epsilon.value;
        QVERIFY(s.recordEpsilon.guaranteed);
        RR_COMPARE_NEAR(s.recordEpsilon.value, sum, 1e-12);
        QVERIFY(s.warnings.empty());
    }

    // RR-QI keeps S in clear (p = 1 outside the mode); a p of 1 is "in clear" too. At the original p the risk is
    // the unrandomized maximum, 1 (homogeneous groups, FIDELITY).
    void modeAndClearColumns()
    {
        const ReleaseChoice qi = defaultReleaseChoice(*m_emgrw, m_columns, RandomizationMode::QI, table52Both(), 0.5);
        QVERIFY(qi.actions.at("workclass") == ReleaseAction::KeepClear);
        QVERIFY(qi.actions.at("education") == ReleaseAction::Randomize);
        QVERIFY(qi.actions.at("age") == ReleaseAction::Drop);
        // S in clear is said, with why it is still protected, in the summary and so in the audit note (issue 46).
        const ReleaseSummary rrQi = summarizeRelease(*m_emgrw, m_columns, qi);
        const nlohmann::json audit = nlohmann::json::parse(
            auditNoteJson(rrQi, RandomizationReport{}, releaseFilesFor("x.csv"), true, AuditContext{"test", "adult", {}}));
        QVERIFY(audit["warnings"].is_array() && !audit["warnings"].empty());
        QCOMPARE(QString::fromStdString(audit["warnings"][0].get<std::string>()),
                 QString::fromStdString(sensitiveInClearWarning("workclass")));

        ReleaseChoice clear = qi;
        for (auto& [name, action] : clear.actions)
            if (action == ReleaseAction::Randomize)
                action = ReleaseAction::KeepClear;
        clear.actions["age"] = ReleaseAction::KeepClear;
        const ReleaseSummary s = summarizeRelease(*m_emgrw, m_columns, clear);
        QCOMPARE(s.risk.maxRisk, 1.0);
        QVERIFY(!s.recordEpsilon.guaranteed);
        QCOMPARE(s.warnings.size(), std::size_t(2)); // age is outside the risk model; nothing randomized
        QVERIFY(QString::fromStdString(s.warnings[0]).contains("'age'"));
    }

    // Several sensitive attributes (issue 22): class is also sensitive and its attacker knows relationship. The
    // default choice randomizes every attribute of theirs; the risk is each one's over its own table (the same
    // figures as severalSensitiveRisk) and `risk` each record's largest; the note says so per attribute.
    void severalSensitiveAttributes()
    {
        AnalysisSpec spec = emgrwSpec();
        spec.alsoSensitive = {{"class", {"relationship"}}};
        const auto several = std::make_shared<const SeveralSensitiveAnalysis>(
            prepareSeveralSensitive(TableSource(m_adult), severalSensitiveSpec(spec)));
        std::map<std::string, double> p = table52Both();
        p["relationship"] = 0.8;
        p["class"] = 0.9;
        const ReleaseChoice c =
            defaultReleaseChoice(*m_emgrw, m_columns, RandomizationMode::Both, p, 0.5, several.get());
        QVERIFY(c.actions.at("relationship") == ReleaseAction::Randomize);
        QVERIFY(c.actions.at("class") == ReleaseAction::Randomize);
        QVERIFY(c.actions.at("age") == ReleaseAction::Drop);
        const ReleaseSummary s = summarizeRelease(*m_emgrw, m_columns, c, several.get());
        QVERIFY(s.several);
        const SeveralSensitiveRisk expected =
            severalSensitiveRisk(*several, retentionsInMode(*several, RandomizationMode::Both, p), 0.5);
        QCOMPARE(s.several->perTarget[1].maxRisk, expected.perTarget[1].maxRisk);
        QCOMPARE(s.risk.maxRisk, expected.overall.maxRisk);
        QCOMPARE(s.releasedRows, std::size_t(45222));
        for (const ReleaseColumn& col : s.columns) {
            if (col.name == "relationship")
                QCOMPARE(col.role, std::string("known"));
            if (col.name == "class")
                QCOMPARE(col.role, std::string("sensitive"));
        }
        const nlohmann::json note = nlohmann::json::parse(
            auditNoteJson(s, RandomizationReport{}, releaseFilesFor("x.csv"), true, AuditContext{"test", "adult", {}}));
        QCOMPARE(note["risk"]["per_sensitive_attribute"][1]["knows"][0].get<std::string>(), std::string("relationship"));
        QCOMPARE(note["risk"]["per_sensitive_attribute"][1]["max"].get<double>(), expected.perTarget[1].maxRisk);
        // Written: every attribute of theirs randomized, in the records complete in all of them; the note per attribute.
        const ReleaseFiles files = releaseFilesFor(m_dir.filePath("several.csv").toStdString());
        RandomSource secure = RandomSource::secure();
        const ReleaseOutcome o = writeRelease(TableSource(m_adult), s, spec, files, secure, false, {}, "adult");
        QCOMPARE(o.report.rows, std::size_t(45222));
        const Table back = readCsv({files.table});
        const std::vector<std::string> released = s.releasedNames();
        QCOMPARE(columnNames(back), released);
        QVERIFY(std::find(released.begin(), released.end(), "relationship") != released.end());
        QCOMPARE(nlohmann::json::parse(slurp(files.auditJson))["risk"]["per_sensitive_attribute"].size(), std::size_t(2));
        QVERIFY(slurp(files.auditHtml).find("attacker knows besides the quasi-identifiers") != std::string::npos);
        QVERIFY(slurp(files.noteHtml).find("attacker") == std::string::npos); // the public note judges nothing
        // Without the several table, relationship is outside the risk model and cannot be randomized.
        QVERIFY_THROWS_EXCEPTION(InputError, summarizeRelease(*m_emgrw, m_columns, c));
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("column");
        QTest::addColumn<int>("action");
        QTest::addColumn<double>("p");
        QTest::addColumn<QString>("expected");
        QTest::newRow("ignored randomized") << "age" << 0 << 0.9 << "'age' cannot be randomized";
        QTest::newRow("p at 1/d") << "sex" << 0 << 0.5 << "sex";
        QTest::newRow("unknown") << "nope" << 1 << 1.0 << "no column 'nope'";
    }
    void refusals()
    {
        QFETCH(QString, column);
        QFETCH(int, action);
        QFETCH(double, p);
        QFETCH(QString, expected);
        ReleaseChoice c = defaultReleaseChoice(*m_emgrw, m_columns, RandomizationMode::Both, table52Both(), 0.25);
        c.actions[column.toStdString()] = static_cast<ReleaseAction>(action);
        c.p[column.toStdString()] = p;
        const QString error = inputErrorOf([&] { summarizeRelease(*m_emgrw, m_columns, c); });
        QVERIFY2(error.contains(expected), qPrintable(error));
    }

    // Released table: the kept records, the released columns only; each randomized column keeps a value with
    // probability p. Over 45,222 records the kept fraction's standard error is sqrt(p(1-p)/n) <= 0.0024, so
    // 5 standard errors (0.012) fails only by a broken draw. Clear columns are untouched.
    void releasedTableKeepsWithP()
    {
        const ReleaseSummary s = bothSummary();
        RandomSource rng = RandomSource::seeded(11);
        RandomizationReport report;
        const Table out = releaseTable(m_adult, s, emgrwSpec(), rng, &report);
        QCOMPARE(out.rowCount(), std::size_t(45222));
        QCOMPARE(columnNames(out), s.releasedNames());
        const Table original = completeRecords(m_adult, {}, MissingPolicy::DropIncomplete);
        for (const Attribute& a : out.attributes) {
            const Attribute& o = original.attributes[static_cast<std::size_t>(original.attributeIndex(a.name))];
            std::size_t same = 0;
            for (std::size_t r = 0; r < a.codes.size(); ++r)
                same += a.categories[static_cast<std::size_t>(a.codes[r])] ==
                        o.categories[static_cast<std::size_t>(o.codes[r])];
            qInfo("%s kept %.4f (p %.3f)", a.name.c_str(), double(same) / double(a.codes.size()),
                  table52Both().at(a.name));
            RR_COMPARE_NEAR(double(same) / double(a.codes.size()), table52Both().at(a.name), 0.012);
        }
        QVERIFY(report.changedValues > 0);
    }

    // Issue 19: the Data tab's preview reads the source a page at a time until it has enough records. Over the
    // whole source it is releaseTable's table to the bit (same seed); cut short, it holds the first records the
    // policy keeps and says how far it read.
    void previewIsTheReleaseBeginning()
    {
        const ReleaseSummary s = bothSummary();
        const TableSource source(m_adult);
        RandomSource a = RandomSource::seeded(11), b = RandomSource::seeded(11), c = RandomSource::seeded(11);
        const Table whole = releaseTable(m_adult, s, emgrwSpec(), a);
        const ReleasePreview all = previewRelease(source, s, emgrwSpec(), b, 1'000'000);
        QVERIFY(all.whole);
        QCOMPARE(all.readRows, m_adult.rowCount());
        QCOMPARE(all.table.rowCount(), std::size_t(45222));
        QCOMPARE(all.droppedRows, m_adult.rowCount() - 45222);
        QCOMPARE(columnNames(all.table), columnNames(whole));
        for (std::size_t k = 0; k < whole.attributes.size(); ++k)
            for (std::size_t r = 0; r < whole.rowCount(); ++r)
                QCOMPARE(all.table.attributes[k].categories[static_cast<std::size_t>(all.table.attributes[k].codes[r])],
                         whole.attributes[k].categories[static_cast<std::size_t>(whole.attributes[k].codes[r])]);
        QVERIFY(all.report.changedValues > 0);

        const ReleasePreview first = previewRelease(source, s, emgrwSpec(), c, 1000);
        QVERIFY(!first.whole);
        QCOMPARE(first.table.rowCount(), std::size_t(1000));
        const RowSelection kept =
            selectRows(m_adult, m_adult.attributeIndices(emgrwSpec().allAttributes()), emgrwSpec().policy);
        QCOMPARE(first.readRows, std::size_t(kept.rows[999]) + 1); // up to the 1,000th kept record
        QCOMPARE(first.droppedRows, first.readRows - 1000);
    }

    // The write: three files, the CSV has the released columns, the note JSON parses and its matrices'
    // columns sum to 1 with p on the diagonal; a seeded generator and existing targets are refused.
    // The CLI's randomize writes the desktop's public note (issue 43): for the same columns and p the same
    // columns, matrices, epsilon and reading instructions, nothing of the source; its audit note names the source.
    void cliNotesAreTheDesktops()
    {
        // Both from one table without missing values (the CLI keeps incomplete records, the desktop drops them, so
        // on Adult itself their categories would differ): a first release's five columns.
        RandomSource secure = RandomSource::secure();
        const ReleaseFiles first = releaseFilesFor(m_dir.filePath("first.csv").toStdString());
        writeRelease(TableSource(m_adult), bothSummary(), emgrwSpec(), first, secure, false, {}, "adult");
        const Table complete = readCsv({first.table});
        const auto analysis = prepareAnalysis(complete, emgrwSpec());
        const ReleaseChoice c = defaultReleaseChoice(*analysis, columnNames(complete), RandomizationMode::Both,
                                                     table52Both(), 0.25);
        const ReleaseSummary s = summarizeRelease(*analysis, columnNames(complete), c);
        const ReleaseFiles files = releaseFilesFor(m_dir.filePath("desktop.csv").toStdString());
        writeRelease(TableSource(complete), s, emgrwSpec(), files, secure, false, {}, "first.csv");
        QStringList p;
        for (const auto& [name, value] : table52Both())
            p << QString::fromStdString(name) + "=" + QString::number(value);
        const QString note = m_dir.filePath("cli.note.json"), audit = m_dir.filePath("cli.audit.json");
        QProcess cli;
        cli.start(RR_CLI_PATH, {"randomize", "--data", QString::fromStdString(first.table), "--attributes",
                                "workclass,education,marital-status,race,sex", "--p", p.join(','),
                                "--secure", "--no-release-log", "--out", m_dir.filePath("cli.csv"), "--note", note,
                                "--audit-note", audit});
        QVERIFY(cli.waitForFinished(120000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        const auto desktop = nlohmann::json::parse(slurp(files.noteJson));
        const auto ours = nlohmann::json::parse(slurp(note.toStdString()));
        for (const char* key : {"kind", "record_order", "columns", "record_epsilon", "matrices", "reconstruction"})
            QVERIFY2(ours[key] == desktop[key], (std::string(key) + ": " + ours[key].dump() + " vs " + desktop[key].dump()).c_str());
        QCOMPARE(ours["records"], desktop["records"]);
        QCOMPARE(ours["table"].get<std::string>(), std::string("cli.csv"));
        const std::string publicText = slurp(note.toStdString());
        for (const char* internal : {"first.csv", "\"source\"", "risk", "dropped", "released_by", "audit", "seed"})
            QVERIFY2(publicText.find(internal) == std::string::npos, internal);
        const auto internal = nlohmann::json::parse(slurp(audit.toStdString()));
        QVERIFY(internal["source"].get<std::string>().find("first.csv") != std::string::npos);
        QVERIFY(internal["kind"].get<std::string>().find("do not publish") != std::string::npos);
        QCOMPARE(internal["public_note"].get<std::string>(), std::string("cli.note.json"));
        QCOMPARE(internal["published"], ours);
    }

    void writeAndNote()
    {
        const ReleaseSummary s = bothSummary();
        const ReleaseFiles files = releaseFilesFor(m_dir.filePath("adult-release.csv").toStdString());
        QCOMPARE(QString::fromStdString(files.noteJson), m_dir.filePath("adult-release.note.json"));
        RandomSource seeded = RandomSource::seeded(3);
        QVERIFY(inputErrorOf([&] {
                    writeRelease(TableSource(m_adult), s, emgrwSpec(), files, seeded, false, {}, "adult");
                }).contains("CSPRNG"));
        QVERIFY(existingTargets(files).empty());

        RandomSource secure = RandomSource::secure();
        const ReleaseOutcome o = writeRelease(TableSource(m_adult), s, emgrwSpec(), files, secure, false, {}, "adult");
        QCOMPARE(o.report.rows, std::size_t(45222));
        QCOMPARE(existingTargets(files).size(), std::size_t(5));
        QCOMPARE(QString::fromStdString(files.auditJson), m_dir.filePath("adult-release.audit.json"));

        const Table back = readCsv({files.table});
        QCOMPARE(back.rowCount(), std::size_t(45222));
        QCOMPARE(columnNames(back), s.releasedNames());

        // The audit note: source, counts, generator, risk, who and when.
        const auto audit = nlohmann::json::parse(slurp(files.auditJson));
        QCOMPARE(audit["rows"]["released"].get<int>(), 45222);
        QCOMPARE(audit["rows"]["dropped_by_missing_policy"].get<int>(), 3620);
        QCOMPARE(audit["generator"].get<std::string>(), o.generator);
        QCOMPARE(audit["source"].get<std::string>(), std::string("adult"));
        QVERIFY(!audit["released_by"].get<std::string>().empty());
        QVERIFY(QRegularExpression("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$")
                    .match(QString::fromStdString(audit["released_at_utc"].get<std::string>()))
                    .hasMatch());
        QVERIFY(o.generator.rfind("secure (ChaCha20 streams of libsodium keyed from the OS CSPRNG", 0) == 0);
        RR_COMPARE_NEAR(audit["risk"]["max"].get<double>(), 0.2631, 5e-5);
        QVERIFY(slurp(files.auditHtml).find("Internal: do not publish") != std::string::npos);

        // The public note: nothing of the source, the counts dropped, the risk or the generator's internals.
        const std::string publicText = slurp(files.noteJson) + slurp(files.noteHtml);
        for (const char* internal : {"adult.data", "\"source\"", "risk", "dropped", "tau", "quasi-identifier",
                                     "sensitive", "released_by", "audit"})
            QVERIFY2(publicText.find(internal) == std::string::npos, internal);
        const auto note = nlohmann::json::parse(slurp(files.noteJson));
        QCOMPARE(note["records"].get<int>(), 45222);
        QVERIFY(note["record_order"]["random"].get<bool>());
        QVERIFY(slurp(files.noteHtml).find("Record order: random") != std::string::npos);
        QCOMPARE(audit["published"]["matrices"], note["matrices"]);

        // An analyst with the released file and the public note alone: (lambda - q) / (p - q) per category lies
        // within 4.5 of the note's standard deviations of the original share (45,222 records: the source's
        // complete ones); 5 columns x d categories, so a 4.5 sd band fails by chance with probability < 1e-4.
        for (const auto& m : note["matrices"]) {
            const std::string name = m["attribute"].get<std::string>();
            const double p = m["p"].get<double>(), q = m["q"].get<double>();
            const auto& released = back.attributes[static_cast<std::size_t>(back.attributeIndex(name))];
            const auto& source = m_adult.attributes[static_cast<std::size_t>(m_adult.attributeIndex(name))];
            const auto categories = m["categories"].get<std::vector<std::string>>();
            std::vector<double> lambda(categories.size(), 0.0), original(categories.size(), 0.0);
            for (int32_t c : released.codes)
                lambda[static_cast<std::size_t>(std::find(categories.begin(), categories.end(),
                                                          released.categories[static_cast<std::size_t>(c)]) -
                                                categories.begin())] += 1.0 / 45222;
            std::size_t complete = 0;
            for (std::size_t r = 0; r < source.codes.size(); ++r) {
                bool keep = true;
                for (const Attribute& a : m_adult.attributes)
                    keep = keep && a.codes[r] != Attribute::kMissing;
                if (!keep)
                    continue;
                ++complete;
                const std::string& v = source.categories[static_cast<std::size_t>(source.codes[r])];
                original[static_cast<std::size_t>(std::find(categories.begin(), categories.end(), v) -
                                                  categories.begin())] += 1.0;
            }
            QCOMPARE(complete, std::size_t(45222));
            for (std::size_t v = 0; v < categories.size(); ++v) {
                const double estimate = (lambda[v] - q) / (p - q);
                const double sd = std::sqrt(lambda[v] * (1 - lambda[v]) / (45222.0 * (p - q) * (p - q)));
                const double truth = original[v] / 45222.0;
                QVERIFY2(std::abs(estimate - truth) <= 4.5 * sd,
                         qPrintable(QString("%1 = %2: estimate %3, original %4, sd %5")
                                        .arg(QString::fromStdString(name), QString::fromStdString(categories[v]))
                                        .arg(estimate)
                                        .arg(truth)
                                        .arg(sd)));
            }
        }
        QCOMPARE(note["matrices"].size(), std::size_t(5));
        for (const auto& m : note["matrices"]) {
            const int d = m["d"].get<int>();
            QCOMPARE(int(m["matrix"].size()), d);
            QCOMPARE(int(m["categories"].size()), d);
            for (int v = 0; v < d; ++v) {
                double column = 0;
                for (int u = 0; u < d; ++u)
                    column += m["matrix"][u][v].get<double>();
                RR_COMPARE_NEAR(column, 1.0, 1e-12);
                RR_COMPARE_NEAR(m["matrix"][v][v].get<double>(), m["p"].get<double>(), 0);
            }
        }
        QVERIFY(slurp(files.noteHtml).find("<h3>workclass (d = 7, p = 0.8710") != std::string::npos);

        // A second release to the same names is refused unless confirmed; an input is never a target.
        QVERIFY(inputErrorOf([&] {
                    writeRelease(TableSource(m_adult), s, emgrwSpec(), files, secure, false, {}, "adult");
                }).contains("exists already"));
        QVERIFY(inputErrorOf([&] {
                    writeRelease(TableSource(m_adult), s, emgrwSpec(), files, secure, true, {files.noteHtml}, "adult");
                }).contains("is an input file"));
        writeRelease(TableSource(m_adult), s, emgrwSpec(), files, secure, true, {}, "adult");
    }

    // A failed write leaves nothing: the note's folder does not exist, so no file of the set appears.
    void failedWriteLeavesNothing()
    {
        const ReleaseSummary s = bothSummary();
        ReleaseFiles files = releaseFilesFor(m_dir.filePath("partial.csv").toStdString());
        files.noteHtml = m_dir.filePath("missing-folder/partial.note.html").toStdString();
        RandomSource secure = RandomSource::secure();
        bool threw = false;
        try {
            writeRelease(TableSource(m_adult), s, emgrwSpec(), files, secure, false, {}, "adult");
        } catch (const std::exception&) {
            threw = true;
        }
        QVERIFY(threw);
        QVERIFY(!std::filesystem::exists(files.table));
        QVERIFY(!std::filesystem::exists(files.noteJson));
        const auto left = QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden);
        for (const QString& f : left)
            QVERIFY2(!f.contains("partial"), qPrintable(f));
    }

    // Streaming release, shuffled: every record once (ids a permutation), positions unrelated to the source's
    // (|rank correlation| < 5 sd = 5/sqrt(n-1)), the clear columns travel with their record, the randomized
    // marginal agrees with P pi (chi-square, alpha = 0.001). A 16 KiB budget forces about 60 buckets, each
    // split again (the pad makes records 10x longer than the size estimate); no temporary file is left.
    void streamedReleaseIsAShuffle()
    {
        const int n = 30000;
        const TableSource source(idTable(n, 150));
        const std::string path = m_dir.filePath("stream/shuffled.csv").toStdString();
        QVERIFY(QDir(m_dir.path()).mkpath("stream"));
        RandomSource rng = RandomSource::secure();
        const StreamReleaseReport report = streamRelease(source, idPlan(0.7, false, 16 << 10), rng, path, {}, {});
        QCOMPARE(report.randomization.rows, std::size_t(n));
        QVERIFY(report.randomOrder);
        QVERIFY2(report.buckets > 20, qPrintable(QString::number(report.buckets)));
        checkIdRelease(path, n, 150);
        QCOMPARE(QDir(m_dir.filePath("stream")).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList{"shuffled.csv"});
    }

    // --keep-order gives the source's order; a seeded key gives the same file whatever the number of threads
    // and however the file is cut into blocks (each block draws from its own stream, named by its offset).
    void streamedReleaseOrderAndThreads()
    {
        const TableSource table(idTable(5000, 3));
        const std::string kept = m_dir.filePath("kept.csv").toStdString();
        RandomSource seeded = RandomSource::seeded(8);
        const StreamReleaseReport r = streamRelease(table, idPlan(0.6, true, 64 << 10), seeded, kept, {}, {});
        QVERIFY(!r.randomOrder);
        const Table back = readCsv({kept});
        for (std::size_t i = 0; i < back.rowCount(); ++i)
            QCOMPARE(back.attributes[0].categories[back.attributes[0].codes[i]], std::to_string(i));

        std::vector<std::string> files;
        for (const unsigned threads : {1u, 2u}) {
            CsvOptions options;
            options.threads = threads;
            options.blockBytes = 16 << 10; // about 40 blocks of Adult's training file
            const auto source = CsvSource::open({sharedData("adult/adult.data.csv")}, options);
            ReleasePlan plan;
            plan.memoryBudget = 256 << 10;
            for (const AttributeSummary& a : source->summary().attributes) {
                ColumnRelease c;
                if (a.name == "sex" || a.name == "race") {
                    c.action = ColumnRelease::Action::Randomize;
                    c.categories = a.categories;
                    c.matrix = DistortionMatrix::warner(static_cast<int>(a.categories.size()), 0.8);
                } else if (a.name == "age") {
                    c.action = ColumnRelease::Action::Clear;
                }
                plan.columns.push_back(std::move(c));
            }
            files.push_back(m_dir.filePath(QString("threads-%1.csv").arg(threads)).toStdString());
            RandomSource rng = RandomSource::seeded(21);
            const StreamReleaseReport t = streamRelease(*source, plan, rng, files.back(), {}, {});
            QCOMPARE(t.randomization.rows, std::size_t(32561));
            QVERIFY(t.buckets > 1);
        }
        QVERIFY(!slurp(files[0]).empty());
        QVERIFY(slurp(files[0]) == slurp(files[1]));
    }

    // Cancelling while the order is written leaves nothing; a check that refuses the report writes nothing.
    void streamedReleaseCancelAndCheck()
    {
        const TableSource source(idTable(20000, 10));
        const std::string path = m_dir.filePath("cancel/c.csv").toStdString();
        QVERIFY(QDir(m_dir.path()).mkpath("cancel"));
        RandomSource rng = RandomSource::secure();
        bool cancelled = false;
        try {
            streamRelease(source, idPlan(0.7, false, 32 << 10), rng, path, {}, {},
                          [](double f) { return f < 0.75; });
        } catch (const Cancelled&) {
            cancelled = true;
        }
        QVERIFY(cancelled);
        QVERIFY(inputErrorOf([&] {
                    streamRelease(source, idPlan(0.7, false, 32 << 10), rng, path,
                                  [](const StreamReleaseReport&) { throw InputError("refused by the check"); }, {});
                }).contains("refused by the check"));
        QCOMPARE(QDir(m_dir.filePath("cancel")).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList{});
    }
    // Every released column coded (x randomized, the id recoded to itself): the records travel as codes (3 bytes
    // each) and are randomized in their bucket; the same properties as the text release above.
    void codedReleaseIsAShuffle()
    {
        const int n = 30000;
        const Table table = idTable(n, 1);
        const TableSource source(table);
        ReleasePlan plan = idPlan(0.7, false, 16 << 10);
        plan.columns[0].action = ColumnRelease::Action::Recode;
        plan.columns[0].categories = table.attributes[0].categories;
        plan.columns[0].recoded = table.attributes[0].categories;
        plan.columns[2].action = ColumnRelease::Action::Drop;
        const std::string path = m_dir.filePath("coded/shuffled.csv").toStdString();
        QVERIFY(QDir(m_dir.path()).mkpath("coded"));
        RandomSource rng = RandomSource::secure();
        const StreamReleaseReport report = streamRelease(source, plan, rng, path, {}, {});
        QCOMPARE(report.randomization.rows, std::size_t(n));
        QVERIFY2(report.buckets > 20, qPrintable(QString::number(report.buckets)));
        // about (1 - 0.7) n values changed: 9,000, sd 79
        QVERIFY2(std::abs(static_cast<double>(report.randomization.changedValues) - 0.3 * n) < 5 * std::sqrt(0.21 * n),
                 qPrintable(QString::number(report.randomization.changedValues)));
        checkIdRelease(path, n, 0);
        QCOMPARE(QDir(m_dir.filePath("coded")).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList{"shuffled.csv"});
    }

    // Categories found while reading (the file read once) give the very release that categories counted first
    // give, for the same seed and whatever the threads; at p = 1 the released records are the source's
    // (workclass has 1,836 missing values, which stay missing).
    void discoveredCategoriesReleaseTheSame()
    {
        const std::vector<std::string> names = {"workclass", "race", "sex"}; // in the file's column order
        std::vector<std::string> files;
        for (const double p : {0.8, 1.0})
            for (const bool discover : {false, true})
                for (const unsigned threads : {1u, 2u}) {
                    CsvOptions options;
                    options.threads = threads;
                    options.blockBytes = 16 << 10;
                    const auto source = CsvSource::open({sharedData("adult/adult.data.csv")}, options);
                    std::vector<std::vector<std::string>> counted;
                    for (AttributeSummary& a : source->describeAttributes(names))
                        counted.push_back(std::move(a.categories));
                    ReleasePlan plan;
                    plan.memoryBudget = 256 << 10;
                    for (const std::string& column : source->attributeNames()) {
                        ColumnRelease c;
                        if (std::find(names.begin(), names.end(), column) != names.end())
                            c.action = ColumnRelease::Action::Randomize;
                        plan.columns.push_back(std::move(c));
                    }
                    const auto complete = [p](ReleasePlan& into, const std::vector<std::vector<std::string>>& found) {
                        std::size_t k = 0;
                        for (ColumnRelease& c : into.columns)
                            if (c.action == ColumnRelease::Action::Randomize) {
                                c.categories = found.at(k++);
                                c.matrix = DistortionMatrix::warner(static_cast<int>(c.categories.size()), p);
                            }
                    };
                    bool called = false;
                    if (discover)
                        plan.discover = [&](ReleasePlan& into, const std::vector<std::vector<std::string>>& found) {
                            QCOMPARE(found, counted); // in order of first appearance, as describeAttributes
                            called = true;
                            complete(into, found);
                        };
                    else
                        complete(plan, counted);
                    files.push_back(
                        m_dir.filePath(QString("found-%1-%2-%3.csv").arg(p).arg(discover).arg(threads)).toStdString());
                    RandomSource rng = RandomSource::seeded(21);
                    const StreamReleaseReport r = streamRelease(*source, plan, rng, files.back(), {}, {});
                    QCOMPARE(r.randomization.rows, std::size_t(32561));
                    QCOMPARE(called, discover);
                    if (p == 1.0)
                        QCOMPARE(r.randomization.changedValues, std::size_t(0));
                }
        for (std::size_t f = 1; f < 4; ++f)
            QVERIFY2(slurp(files[f]) == slurp(files[0]), files[f].c_str());
        for (std::size_t f = 5; f < 8; ++f)
            QVERIFY2(slurp(files[f]) == slurp(files[4]), files[f].c_str());
        // p = 1: the multiset of released records is the source's
        const Table source = readCsv({sharedData("adult/adult.data.csv")});
        const Table released = readCsv({files[5]});
        auto records = [](const Table& t, const std::vector<std::string>& columns) {
            std::map<std::string, int> out;
            for (std::size_t r = 0; r < t.rowCount(); ++r) {
                std::string key;
                for (const std::string& c : columns) {
                    const Attribute& a = t.attributes[t.attributeIndex(c)];
                    key += (a.codes[r] == Attribute::kMissing ? std::string("<missing>") : a.categories[a.codes[r]]) + "|";
                }
                ++out[key];
            }
            return out;
        };
        QCOMPARE(records(released, names), records(source, names));
        QCOMPARE(released.attributes[0].name, std::string("workclass"));
        QVERIFY(slurp(files[5]) != slurp(sharedData("adult/adult.data.csv"))); // not in the source's order
    }

    // A column with more categories than two bytes code (70,000 ids) is counted first instead (the source read
    // twice): the plan is completed once, with every id in order of first appearance, and at p = 1 every id
    // comes back once.
    void manyCategoriesAreCountedFirst()
    {
        const int n = 70000;
        const TableSource source(idTable(n, 1));
        ReleasePlan plan;
        plan.columns.resize(3);
        plan.columns[0].action = ColumnRelease::Action::Randomize;
        plan.columns[1].action = ColumnRelease::Action::Randomize;
        int calls = 0;
        plan.discover = [&](ReleasePlan& into, const std::vector<std::vector<std::string>>& found) {
            ++calls;
            QCOMPARE(found.size(), std::size_t(2));
            QCOMPARE(found[0].size(), std::size_t(n));
            QCOMPARE(found[0][69999], std::string("69999"));
            QCOMPARE(found[1], (std::vector<std::string>{"a", "b", "c"}));
            for (std::size_t k = 0; k < 2; ++k) {
                into.columns[k].categories = found[k];
                into.columns[k].matrix = DistortionMatrix::warner(static_cast<int>(found[k].size()), 1.0);
            }
        };
        const std::string path = m_dir.filePath("many/ids.csv").toStdString();
        QVERIFY(QDir(m_dir.path()).mkpath("many"));
        RandomSource rng = RandomSource::seeded(1);
        const StreamReleaseReport report = streamRelease(source, plan, rng, path, {}, {});
        QCOMPARE(calls, 1);
        QCOMPARE(report.randomization.rows, std::size_t(n));
        QCOMPARE(report.randomization.changedValues, std::size_t(0));
        const Table back = readCsv({path});
        std::vector<int> seen(n, 0);
        for (std::size_t r = 0; r < back.rowCount(); ++r)
            ++seen[static_cast<std::size_t>(std::stoi(back.attributes[0].categories[back.attributes[0].codes[r]]))];
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](int c) { return c == 1; }));
        QCOMPARE(QDir(m_dir.filePath("many")).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList{"ids.csv"});
    }

    // Records of a fixed width: changed in place on two threads (each bucket once), then a bucket past the memory
    // budget is scattered again; every record comes back once, in an order unrelated to the appended one.
    void fixedWidthOrder()
    {
        QTemporaryDir dir;
        const std::uint32_t n = 30000;
        ExternalShuffle order(dir.path().toStdString(), "t.csv", 3, 4096, 4);
        std::string bytes[3];
        for (std::uint32_t i = 0; i < n; ++i)
            bytes[i % 3].append(reinterpret_cast<const char*>(&i), 4);
        for (int b = 0; b < 3; ++b)
            order.append(static_cast<std::size_t>(b), bytes[b]);
        bool refused = false; // a record of the wrong width
        try {
            order.append(0, "abc");
        } catch (const IoError&) {
            refused = true;
        }
        QVERIFY(refused);
        std::vector<int> changed(3, 0);
        order.rewrite(
            [&](std::size_t b, char* records, std::size_t size) {
                ++changed[b];
                for (std::size_t at = 0; at < size; at += 4) {
                    std::uint32_t v;
                    std::memcpy(&v, records + at, 4);
                    v += n;
                    std::memcpy(records + at, &v, 4);
                }
            },
            2);
        QCOMPARE(changed, (std::vector<int>{1, 1, 1})); // 40,000 bytes a bucket: one piece each
        RandomSource rng = RandomSource::seeded(5);
        const StreamKey key = rng.drawStreamKey();
        std::uint64_t next = 0;
        std::vector<std::uint32_t> out;
        order.forEachRecord(
            [&](std::string_view r) {
                QCOMPARE(r.size(), std::size_t(4));
                std::uint32_t v;
                std::memcpy(&v, r.data(), 4);
                out.push_back(v - n);
            },
            key, true, next);
        QVERIFY(next > 3); // the buckets were scattered again
        QCOMPARE(out.size(), std::size_t(n));
        std::vector<int> seen(n, 0);
        double sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
        for (std::size_t r = 0; r < out.size(); ++r) {
            QVERIFY(out[r] < n);
            ++seen[out[r]];
            const double x = out[r], y = static_cast<double>(r);
            sx += x, sy += y, sxx += x * x, syy += y * y, sxy += x * y;
        }
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](int c) { return c == 1; }));
        const double rho = (n * sxy - sx * sy) / std::sqrt((n * sxx - sx * sx) * (n * syy - sy * sy));
        QVERIFY2(std::abs(rho) < 5 / std::sqrt(n - 1.0), qPrintable(QString::number(rho)));
    }

    // Buckets shuffled where they are changed (on the threads): each record once, in an order that does not
    // follow the appended one, the same on 1 and 2 threads for the same key; the writer keeps that order.
    void shuffledWhereChanged()
    {
        const std::uint32_t n = 30000;
        RandomSource rng = RandomSource::seeded(9);
        const StreamKey key = rng.drawStreamKey();
        auto run = [&](unsigned threads) {
            QTemporaryDir dir;
            ExternalShuffle order(dir.path().toStdString(), "t.csv", 3, 1 << 20, 5);
            std::string bytes[3];
            for (std::uint32_t i = 0; i < n; ++i) {
                bytes[i % 3].append(reinterpret_cast<const char*>(&i), 4);
                bytes[i % 3] += static_cast<char>(i % 3);
            }
            for (int b = 0; b < 3; ++b)
                order.append(static_cast<std::size_t>(b), bytes[b]);
            std::vector<int> changed(3, 0);
            order.rewrite([&](std::size_t b, char*, std::size_t size) { changed[b] += size == 10000 * 5 ? 1 : 100; },
                          threads, {}, ExternalShuffle::ShuffleStreams{key, 1000});
            if (changed != std::vector<int>{1, 1, 1}) // each bucket changed whole, once
                return std::vector<std::uint32_t>();
            auto written = [&](bool shuffle) {
                std::uint64_t next = 0;
                std::vector<std::uint32_t> out;
                order.forEachRecord(
                    [&](std::string_view r) {
                        std::uint32_t v = 0;
                        if (r.size() == 5 && static_cast<std::uint32_t>(r[4]) == out.size() / 10000)
                            std::memcpy(&v, r.data(), 4);
                        else
                            v = n; // not a record of the bucket whose turn it is
                        out.push_back(v);
                    },
                    key, shuffle, next);
                return out;
            };
            const std::vector<std::uint32_t> out = written(true);
            if (written(false) != out) // the order is the rewrite's: the writer adds none
                return std::vector<std::uint32_t>();
            return out;
        };
        const std::vector<std::uint32_t> one = run(1), two = run(2);
        QCOMPARE(one.size(), std::size_t(n));
        QVERIFY(one == two);
        std::vector<int> seen(n, 0);
        for (const std::uint32_t v : one) {
            QVERIFY(v < n);
            ++seen[v];
        }
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](int c) { return c == 1; }));
        for (std::size_t b = 0; b < 3; ++b) { // within each bucket: rank correlation with the appended order ~ 0
            const double m = 10000;
            double sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
            for (std::size_t r = 0; r < 10000; ++r) {
                const double x = one[b * 10000 + r], y = static_cast<double>(r);
                sx += x, sy += y, sxx += x * x, syy += y * y, sxy += x * y;
            }
            const double rho = (m * sxy - sx * sy) / std::sqrt((m * sxx - sx * sx) * (m * syy - sy * sy));
            QVERIFY2(std::abs(rho) < 5 / std::sqrt(m - 1), qPrintable(QString::number(rho)));
        }
    }

    // A coded record: the fewest bytes per column, codes round trip, and its line is the CSV text of its values.
    void codedRecordLayout()
    {
        QCOMPARE(CodedRecordLayout::widthFor(254), std::size_t(1));
        QCOMPARE(CodedRecordLayout::widthFor(255), std::size_t(2)); // 255 is a missing value's code
        QCOMPARE(CodedRecordLayout::widthFor(65534), std::size_t(2));
        QCOMPARE(CodedRecordLayout::widthFor(65535), std::size_t(4));
        CodedRecordLayout layout;
        layout.addColumn(1);
        layout.addColumn(2);
        layout.addColumn(4);
        QCOMPARE(layout.recordBytes(), std::size_t(7));
        layout.setText(0, {"a", "\"b,c\""}, "?", ',');
        layout.setText(1, {"x", std::string(40, 'y')}, "?", ',');
        layout.setText(2, {"zero", "one", "two"}, "?", ',');
        std::string record(7, '\0');
        layout.put(record.data(), 0, 1);
        layout.put(record.data(), 1, layout.missingCode(1));
        layout.put(record.data(), 2, 2);
        QCOMPARE(layout.get(record.data(), 0), 1u);
        QCOMPARE(layout.get(record.data(), 1), 0xFFFFu);
        QCOMPARE(layout.get(record.data(), 2), 2u);
        std::string line(layout.lineBytes(), '\0');
        std::size_t size = layout.writeLine(record.data(), line.data());
        QCOMPARE(std::string(line.data(), size), std::string("\"b,c\",?,two\n"));
        layout.put(record.data(), 1, 1);
        size = layout.writeLine(record.data(), line.data());
        QCOMPARE(std::string(line.data(), size), "\"b,c\"," + std::string(40, 'y') + ",two\n");
        layout.put(record.data(), 2, 3); // past the categories: damaged
        QCOMPARE(layout.writeLine(record.data(), line.data()), std::size_t(0));
    }
};

QTEST_APPLESS_MAIN(TestRelease)
#include "test_release.moc"
