// The memory guard (core/analysis/AnalysisMemory.h): the estimate equals the bytes the risk model's
// buffers really hold (measured from the buffers) when every cell has records and bounds them otherwise;
// a domain over the budget is refused, before counting from a summary or after counting from a table,
// with the figure and the largest quasi-identifier sets that fit.
#include "TestSupport.h"

#include "core/analysis/AnalysisMemory.h"
#include "core/analysis/PreparedAnalysis.h"
#include "core/data/Errors.h"
#include "core/risk/DisclosureRisk.h"

#include <QtTest>

using namespace rr;

namespace {

// A joint table over `dims` whose cells hold 1 + (index mod 7) records, or 0 for every `emptyEvery`-th.
ContingencyTable filledTable(const std::vector<int>& dims, std::size_t emptyEvery = 0)
{
    ContingencyTable t(dims);
    for (Eigen::Index i = 0; i < t.counts().size(); ++i)
        t.counts()[i] = emptyEvery && i % Eigen::Index(emptyEvery) == 0 ? 0.0 : double(1 + i % 7);
    return t;
}

std::string errorOf(const std::function<void()>& f)
{
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "NO EXCEPTION";
}

} // namespace

class TestAnalysisMemory : public QObject {
    Q_OBJECT
private slots:
    void figures()
    {
        const AnalysisMemory m = analysisMemory({4, 3, 5});
        QCOMPARE(m.cells, 60.0);
        QCOMPARE(m.qiCells, 12.0);
        // 64 B per cell, 32 B per QI cell, 16 B per QI cell of the axes after the first (the model's column sums)
        QCOMPARE(m.bytes, 60.0 * 64 + 12.0 * 32 + 3.0 * 16);
        const AnalysisMemory two = analysisMemory({4, 3, 5}, 2);
        QCOMPARE(two.bytes - m.bytes, 60.0 * 16 + 12.0 * 24 + 3.0 * 16); // a second thread's scratch
        QCOMPARE(analysisMemory({}).bytes, 0.0);
    }

    // Every cell with records: the estimate is exactly the model's buffers, the prepared joint counts and
    // the summary's (risk, weight) pairs; a second copy (a worker) adds exactly the thread figure.
    void estimateEqualsMeasuredBuffers_data()
    {
        QTest::addColumn<QList<int>>("list");
        QTest::newRow("6x5x7x4") << QList<int>{6, 5, 7, 4};
        QTest::newRow("16x9x2") << QList<int>{16, 9, 2};
        QTest::newRow("3x40") << QList<int>{3, 40};
    }
    void estimateEqualsMeasuredBuffers()
    {
        QFETCH(QList<int>, list);
        const std::vector<int> dims(list.begin(), list.end());
        const ContingencyTable joint = filledTable(dims);
        const DisclosureRiskModel model(joint);
        const AnalysisMemory m = analysisMemory(dims);
        const double d = double(joint.cellCount());
        const double measured = double(model.bufferBytes()) + 8 * d /* PreparedTable::joint */ + 16 * d;
        QCOMPARE(measured, m.bytes);
        const DisclosureRiskModel copy = model; // shares the tables, owns its scratch
        QCOMPARE(double(copy.scratchBytes()), analysisMemory(dims, 2).bytes - m.bytes);
    }

    // Empty cells and empty QI groups only shrink the buffers: the estimate is an upper bound.
    void estimateBoundsSparseTables()
    {
        const std::vector<int> dims{8, 6, 5};
        const ContingencyTable joint = filledTable(dims, 3); // a third of the cells empty
        const DisclosureRiskModel model(joint);
        const double d = double(joint.cellCount());
        const double measured = double(model.bufferBytes()) + 8 * d + 16 * d * 2 / 3;
        QVERIFY(measured < analysisMemory(dims).bytes);
        QVERIFY(measured > 0.8 * analysisMemory(dims).bytes); // and not far off
    }

    void largestSetsThatFit()
    {
        // 1e6 cells (A, C or B, C with S) need 6.72e7 B; A, B with S (1e7 cells) 6.72e8 B: over 512 MiB.
        const auto fits = largestFittingSets({"A", "B", "C"}, {1000, 1000, 100}, 10, std::size_t(1) << 29);
        QCOMPARE(fits.size(), std::size_t(2));
        QVERIFY(fits[0].quasiIdentifiers == (std::vector<std::string>{"A", "C"}));
        QVERIFY(fits[1].quasiIdentifiers == (std::vector<std::string>{"B", "C"}));
        QCOMPARE(fits[0].memory.cells, 1e6);
        QCOMPARE(fits[0].memory.bytes, 1e6 * 64 + 1e5 * 32 + 100 * 16);
        // Only maximal sets: {A} alone is inside {A, C}.
        QVERIFY(largestFittingSets({"A", "B"}, {10, 10}, 2, std::size_t(1) << 30).front().quasiIdentifiers ==
                (std::vector<std::string>{"A", "B"}));
        QCOMPARE(largestFittingSets({"A", "B"}, {1000, 1000}, 1000, 1000).size(), std::size_t(0));
    }

    void refusalNamesTheFigureAndTheSets()
    {
        const std::string e = errorOf([] {
            checkAnalysisMemory({"A", "B", "C", "S"}, {1000, 1000, 100, 10}, std::size_t(1) << 29);
        });
        // 1e9 cells x 64 B + 1e8 QI cells x 32 B = 6.72e10 B = 63 GiB.
        QVERIFY2(e.find("over A, B, C, S has 1e+09 cells and needs up to 63 GiB (64 B per cell), over the "
                        "memory budget of 512 MiB") != std::string::npos,
                 e.c_str());
        QVERIFY2(e.find("sets that fit beside 'S': {A, C} (64 MiB) {B, C} (64 MiB)") != std::string::npos, e.c_str());
        QVERIFY2(e.find("{A, B}") == std::string::npos, e.c_str());
        QCOMPARE(errorOf([] {
                     checkAnalysisMemory({"A", "S"}, {1000, 10}, std::size_t(1) << 30);
                 }),
                 std::string("NO EXCEPTION"));
        const std::string none = errorOf([] { checkAnalysisMemory({"A", "S"}, {1000, 1000}, 1000); });
        QVERIFY2(none.find("no quasi-identifier fits beside 'S'") != std::string::npos, none.c_str());
    }

    // From a summary, before anything is counted; and in prepareAnalysis, before the model is built.
    void guardsTheAnalysis()
    {
        Table t;
        for (const char* name : {"A", "B", "S"}) {
            Attribute a;
            a.name = name;
            a.categories = {"x", "y", "z"};
            a.codes = {0, 1, 2, 0};
            t.attributes.push_back(a);
        }
        AnalysisSpec spec;
        spec.quasiIdentifiers = {"A", "B"};
        spec.sensitive = "S";
        const TableSource source(t);
        // 27 cells x 64 B + 9 x 32 B + 3 x 16 B = 2,064 B, and 9 short labels x 128 B = 1,152 B.
        QCOMPARE(errorOf([&] { checkAnalysisMemory(source.summary(), spec, 3216); }), std::string("NO EXCEPTION"));
        const std::string e = errorOf([&] { checkAnalysisMemory(source.summary(), spec, 3215); });
        QVERIFY2(e.find("has 27 cells and needs up to 3.1 KiB (64 B per cell, 1.1 KiB for the category labels)") !=
                     std::string::npos,
                 e.c_str());
        QVERIFY2(e.find("{A} (") != std::string::npos && e.find("{B} (") != std::string::npos, e.c_str());
        QCOMPARE(errorOf([&] { prepareAnalysis(source, spec, {}, 3215); }), e);
        QCOMPARE(errorOf([&] { prepareAnalysis(t, spec, 3215); }), e);
        QCOMPARE(prepareAnalysis(t, spec, 3216)->joint.cellCount(), std::size_t(27));
    }

    // Issue 24 item 10: the labels of many-category attributes are counted (risk over 8M distinct ids x 2 was
    // stated at 2.37 GB and peaked at 3.40 GB). The estimate grows with the number and the length of labels.
    void labelsAreCounted()
    {
        const std::vector<std::string> shortLabels{"a", "b", "c"};
        const std::vector<std::string> longLabels(3, std::string(100, 'x'));
        QCOMPARE(labelBytes(shortLabels), 3.0 * kBytesPerLabel);
        QCOMPARE(labelBytes(longLabels), 3.0 * (kBytesPerLabel + kLabelCopies * 101));
        QCOMPARE(labelBytes({shortLabels, longLabels}), labelBytes(shortLabels) + labelBytes(longLabels));
        QVERIFY(labelBytes(std::vector<std::string>(3, std::string(200, 'y'))) > labelBytes(longLabels));

        // The same domain (1000 ids x 2): only the labels differ, and the longer ones cost more.
        const auto source = [](std::size_t labelLength) {
            Table t;
            Attribute id;
            id.name = "id";
            Attribute s;
            s.name = "S";
            s.categories = {"0", "1"};
            for (int k = 0; k < 1000; ++k) {
                std::string label = std::to_string(k);
                if (label.size() < labelLength)
                    label.append(labelLength - label.size(), '_');
                id.categories.push_back(label);
                id.codes.push_back(k);
                s.codes.push_back(k % 2);
            }
            t.attributes = {id, s};
            return t;
        };
        AnalysisSpec spec;
        spec.quasiIdentifiers = {"id"};
        spec.sensitive = "S";
        const Table shortIds = source(1), longIds = source(1000);
        const TableSource shortSource(shortIds), longSource(longIds);
        const double cellsOnly = analysisMemory({1000, 2}).bytes;
        // 1002 labels x 128 B beside the cells; 1000 labels of 1000 bytes add 3 x 1001 B each.
        const double shortNeed = cellsOnly + 1002.0 * kBytesPerLabel;
        const double longNeed = shortNeed + 1000.0 * kLabelCopies * 1001;
        QCOMPARE(errorOf([&] { checkAnalysisMemory(shortSource.summary(), spec, std::size_t(shortNeed)); }),
                 std::string("NO EXCEPTION"));
        const std::string e = errorOf([&] { checkAnalysisMemory(longSource.summary(), spec, std::size_t(shortNeed)); });
        QVERIFY2(e.find("for the category labels") != std::string::npos, e.c_str());
        QVERIFY2(e.find(formatBytes(longNeed)) != std::string::npos, e.c_str());
        QCOMPARE(errorOf([&] { checkAnalysisMemory(longSource.summary(), spec, std::size_t(longNeed)); }),
                 std::string("NO EXCEPTION"));
        // prepareAnalysis counts them too (from the categories present in the kept records)
        QVERIFY(errorOf([&] { prepareAnalysis(longIds, spec, std::size_t(shortNeed)); }) != "NO EXCEPTION");
        QCOMPARE(errorOf([&] { prepareAnalysis(longIds, spec, std::size_t(longNeed)); }), std::string("NO EXCEPTION"));
    }

    void formatting()
    {
        QCOMPARE(formatBytes(512), std::string("512 B"));
        QCOMPARE(formatBytes(1536), std::string("1.5 KiB"));
        QCOMPARE(formatBytes(300.0 * 1024 * 1024), std::string("300 MiB"));
        QCOMPARE(formatBytes(4.0 * 1024 * 1024 * 1024), std::string("4.0 GiB"));
    }
};

QTEST_APPLESS_MAIN(TestAnalysisMemory)
#include "test_analysis_memory.moc"
