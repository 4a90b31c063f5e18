// core/analysis/Release: the plan a data owner reviews (columns, records, risk, epsilon), the released
// table, and the all-or-nothing write with its notes.
#include "TestData.h"
#include "TestSupport.h"

#include "core/analysis/Release.h"
#include "core/data/CsvReader.h"
#include "core/data/Errors.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
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

    // The write: three files, the CSV has the released columns, the note JSON parses and its matrices'
    // columns sum to 1 with p on the diagonal; a seeded generator and existing targets are refused.
    void writeAndNote()
    {
        const ReleaseSummary s = bothSummary();
        const ReleaseFiles files = releaseFilesFor(m_dir.filePath("adult-release.csv").toStdString());
        QCOMPARE(QString::fromStdString(files.noteJson), m_dir.filePath("adult-release.note.json"));
        RandomSource seeded = RandomSource::seeded(3);
        QVERIFY(inputErrorOf([&] {
                    writeRelease(m_adult, s, emgrwSpec(), files, seeded, false, {}, "adult");
                }).contains("CSPRNG"));
        QVERIFY(existingTargets(files).empty());

        RandomSource secure = RandomSource::secure();
        const ReleaseOutcome o = writeRelease(m_adult, s, emgrwSpec(), files, secure, false, {}, "adult");
        QCOMPARE(o.report.rows, std::size_t(45222));
        QCOMPARE(existingTargets(files).size(), std::size_t(3));

        const Table back = readCsv({files.table});
        QCOMPARE(back.rowCount(), std::size_t(45222));
        QCOMPARE(columnNames(back), s.releasedNames());

        const auto note = nlohmann::json::parse(slurp(files.noteJson));
        QCOMPARE(note["rows"]["released"].get<int>(), 45222);
        QCOMPARE(note["rows"]["dropped_by_missing_policy"].get<int>(), 3620);
        QCOMPARE(note["generator"].get<std::string>(), secure.description());
        RR_COMPARE_NEAR(note["risk"]["max"].get<double>(), 0.2631, 5e-5);
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
                    writeRelease(m_adult, s, emgrwSpec(), files, secure, false, {}, "adult");
                }).contains("exists already"));
        QVERIFY(inputErrorOf([&] {
                    writeRelease(m_adult, s, emgrwSpec(), files, secure, true, {files.noteHtml}, "adult");
                }).contains("is an input file"));
        writeRelease(m_adult, s, emgrwSpec(), files, secure, true, {}, "adult");
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
            writeRelease(m_adult, s, emgrwSpec(), files, secure, false, {}, "adult");
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
};

QTEST_APPLESS_MAIN(TestRelease)
#include "test_release.moc"
