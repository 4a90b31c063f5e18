// StatFileSource (core/statfiles) on a small Stata file written by pandas at run time: the summary, a page of
// rows against the records, the streamed records, the counts under each missing-value policy, the value
// labels and the variable label. Skips without pandas unless RR_REQUIRE_STATFILES is set.
#include "cli/StatFileTools.h"
#include "cli/StataLabelFiles.h"

#include "core/data/Errors.h"
#include "core/statfiles/StatFileSource.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cstdio>

using namespace rr;

namespace {

// g: labelled (categorical) with one missing; n: numbers with one NaN; s: strings with one empty.
const char* kWrite = R"PY(
import sys
import pandas as pd
df = pd.DataFrame({'g': pd.Categorical(['b', 'a', 'b', None, 'a', 'b']),
                   'n': [1.5, 2.0, None, 3.0, 2.0, 1.5],
                   's': ['x', '', 'y', 'x', 'x', 'y']})
df.to_stata(sys.argv[1], write_index=False, variable_labels={'g': 'group'})
)PY";

struct Rows : ChunkResult {
    std::vector<std::vector<std::string>> values;
};

} // namespace

class TestStatFileSource : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::shared_ptr<const StatFileSource> m_source;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString python = testcli::pythonWithPandas();
        if (python.isEmpty()) {
            if (testcli::statFilesRequired())
                QFAIL("RR_REQUIRE_STATFILES is set but python3 with pandas (Debian python3-pandas) is missing");
            QSKIP("python3 with pandas (Debian python3-pandas) is missing: statistical files are not tested");
        }
        const QString path = m_dir.filePath("small.dta");
        const testcli::ToolRun r = testcli::runTool(python, {"-c", kWrite, path});
        QVERIFY2(r.ok, r.output.constData());
        m_source = StatFileSource::open(path.toStdString(), StatFormat::Dta);
    }

    void summaryAndDetails()
    {
        const SourceSummary& s = m_source->summary();
        QCOMPARE(s.rows, std::size_t(6));
        QCOMPARE(s.attributes.size(), std::size_t(3));
        const AttributeSummary& g = s.attribute("g");
        QCOMPARE(g.categories, (std::vector<std::string>{"a", "b"})); // code order (a = 0), not first appearance
        QCOMPARE(g.counts, (std::vector<double>{2, 3}));
        QCOMPARE(g.missing, 1.0);
        QCOMPARE(s.attribute("n").categories, (std::vector<std::string>{"1.5", "2", "3"}));
        QCOMPARE(s.attribute("s").missing, 1.0); // the empty string
        const AttributeDetails* d = m_source->attributeDetails("g");
        QVERIFY(d);
        QCOMPARE(d->label, std::string("group"));
        QCOMPARE(d->codes.size(), std::size_t(2));
        QCOMPARE(d->systemMissing, 1.0);
        QVERIFY(!m_source->attributeDetails("nope"));
    }

    void pagesMatchRecordsAndStream()
    {
        const Table t = m_source->records(100);
        QCOMPARE(t.rowCount(), std::size_t(6));
        const RowPage page = m_source->rows(2, 3);
        QCOMPARE(page.values.size(), std::size_t(3));
        for (std::size_t r = 0; r < 3; ++r)
            for (std::size_t c = 0; c < 3; ++c) {
                const auto& a = t.attributes[c];
                const std::int32_t code = a.codes[r + 2];
                QCOMPARE(page.missing[r][c], code < 0);
                QCOMPARE(page.values[r][c], code < 0 ? std::string() : a.categories[static_cast<std::size_t>(code)]);
            }
        QVERIFY(m_source->rows(6, 3).values.empty());
        QCOMPARE(m_source->rows(5, 10).values.size(), std::size_t(1));

        std::vector<std::vector<std::string>> streamed;
        RecordScan scan;
        scan.map = [](const RecordChunk& chunk) {
            auto out = std::make_unique<Rows>();
            for (std::size_t r = 0; r < chunk.rows; ++r) {
                std::vector<std::string> row;
                for (std::size_t c = 0; c < chunk.columns; ++c)
                    row.push_back(chunk.isMissing(r, c) ? "<missing>" : std::string(chunk.field(r, c)));
                out->values.push_back(std::move(row));
            }
            return std::unique_ptr<ChunkResult>(std::move(out));
        };
        scan.reduce = [&](ChunkResult& r) {
            for (auto& row : static_cast<Rows&>(r).values)
                streamed.push_back(std::move(row));
        };
        m_source->scanRecords(scan);
        QCOMPARE(streamed.size(), std::size_t(6));
        QCOMPARE(streamed[0], (std::vector<std::string>{"b", "1.5", "x"}));
        QCOMPARE(streamed[1], (std::vector<std::string>{"a", "2", "<missing>"}));
        QCOMPARE(streamed[3], (std::vector<std::string>{"<missing>", "3", "x"}));

        QVERIFY_THROWS_EXCEPTION(InputError, m_source->records(5)); // more records than allowed
    }

    void countsUnderPolicies()
    {
        const PreparedTable used = m_source->aggregate({"g", "s"}, MissingPolicy::DropIfUsedMissing);
        QCOMPARE(used.loadedRows, std::size_t(6));
        QCOMPARE(used.droppedRows, std::size_t(2));
        QCOMPARE(used.categories[0], (std::vector<std::string>{"a", "b"}));
        QCOMPARE(used.joint.total(), 4.0);
        const PreparedTable all = m_source->aggregate({"g"}, MissingPolicy::DropIncomplete);
        QCOMPARE(all.droppedRows, std::size_t(3)); // g, n or s missing
        QCOMPARE(all.joint.total(), 3.0);
        const KeptSummary kept = m_source->summarize({}, MissingPolicy::DropIncomplete);
        QCOMPARE(kept.rows, std::size_t(3));
        QCOMPARE(kept.attributes.size(), std::size_t(3));
        QVERIFY_THROWS_EXCEPTION(InputError, m_source->aggregate({"g", "g"}, MissingPolicy::DropIfUsedMissing));
        QVERIFY_THROWS_EXCEPTION(InputError, m_source->aggregate({"zzz"}, MissingPolicy::DropIfUsedMissing));
    }

    // 30 variables naming one set of 60,000 labels (issue 42): each variable's categories are its labels, and
    // the set is one list shared by the 30 (not 30 copies: 278 MB and minutes at 99,999 labels), by either
    // reader.
    void sharedLabelSetIsOneList()
    {
        const QString python = testcli::pythonWithPandas();
        if (python.isEmpty())
            QSKIP("python3 with pandas is missing"); // initTestCase failed under RR_REQUIRE_STATFILES
        constexpr int n = 60000, vars = 30;
        const QString path = m_dir.filePath("shared.dta");
        const testcli::ToolRun r =
            testcli::runTool(python, {"-c", testcli::kSharedLabelSet, path, QString::number(n), QString::number(vars)});
        QVERIFY2(r.ok, r.output.constData());
        auto label = [](long code) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "label %05ld", code);
            return std::string(buf);
        };
        for (const StatFileReading reading : {StatFileReading::Direct, StatFileReading::ReadStatOnly}) {
            const auto s = StatFileSource::open(path.toStdString(), StatFormat::Dta, {}, reading);
            QCOMPARE(s->readsDirectly(), reading == StatFileReading::Direct);
            const AttributeDetails* first = s->attributeDetails("v0");
            QVERIFY(first && first->codes.shared());
            QCOMPARE(first->codes.size(), std::size_t(n));
            const auto& top = *first->codes.begin(); // as declared: n - 1 first
            QCOMPARE(top, (std::pair<std::string, std::string>{std::to_string(n - 1), label(n - 1)}));
            const auto& some = *(first->codes.begin() + (n - 1 - 12345));
            QCOMPARE(some, (std::pair<std::string, std::string>{"12345", "label 12345"}));
            for (int k = 0; k < vars; ++k) {
                const std::string name = "v" + std::to_string(k);
                const AttributeDetails* d = s->attributeDetails(name);
                QVERIFY(d);
                QCOMPARE(d->codes.shared(), first->codes.shared()); // one list, not a copy per variable
                const AttributeSummary& a = s->summary().attribute(name);
                QCOMPARE(a.categories.size(), std::size_t(n));
                QCOMPARE(a.missing, 0.0);
                // code order, whatever row each code first appears in (row 0 holds code k, row 1 7919 + k): 0 and 1
                // first, and for the last variable the unlabelled n + 5 (in row 0, instead of code 29) last
                QCOMPARE(a.categories[0], label(0));
                QCOMPARE(a.categories[1], label(1));
                QCOMPARE(a.categories.back(), k == vars - 1 ? std::to_string(n + 5) : label(n - 1));
            }
            const Table t = s->records(std::size_t(n));
            for (long row : {1L, 2L, 777L, 31415L, long(n) - 1}) {
                for (int k : {0, 1, vars - 1}) {
                    const Attribute& a = t.attributes[static_cast<std::size_t>(k)];
                    QCOMPARE(a.categories[static_cast<std::size_t>(a.codes[static_cast<std::size_t>(row)])],
                             label((row * 7919 + k) % n));
                }
            }
        }
    }

    void formatsByName()
    {
        QCOMPARE(statFormatOfPath("a/b.SAV"), std::optional<StatFormat>(StatFormat::Sav));
        QCOMPARE(statFormatOfPath("x.zsav"), std::optional<StatFormat>(StatFormat::Sav));
        QCOMPARE(statFormatOfPath("x.sas7bdat"), std::optional<StatFormat>(StatFormat::Sas7bdat));
        QVERIFY(!statFormatOfPath("x.csv"));
        QVERIFY(!statFormatOfPath("dir.dta/file"));
        QVERIFY_THROWS_EXCEPTION(InputError, statFormatNamed("xls"));
    }
};

QTEST_GUILESS_MAIN(TestStatFileSource)
#include "test_statfile_source.moc"
