#pragma once
// The checks every driver passes on the Adult sample: a SqlSource over the loaded table must give the
// CSV path's counts, risk and optimum, describe counts, pages and records. Each check fails the running
// Qt test (and returns) on the first difference.
#include "SqlTestSupport.h"

#include "core/risk/DisclosureRisk.h"
#include "core/sources/SqlDataSource.h"
#include "core/sources/SqlLexer.h"

#include <algorithm>
#include <memory>

namespace rr::sqltest {

// The CSV path's numbers, computed once per test executable.
struct AdultReference {
    Table raw;
    std::shared_ptr<const PreparedAnalysis> emgrw; // prepareAnalysis on the CSV table
    std::vector<double> probeP{0.7, 0.6, 0.8, 0.9, 0.65};
    double probeMaxRisk = 0;
    OptimizationResult optimum;       // RR-Both, l = 3
    OptimizationResult sortedOptimum; // the same on the CSV table relabelled in sorted category order

    AdultReference()
    {
        raw = adultRaw();
        emgrw = prepareAnalysis(raw, emgrwSpec());
        DisclosureRiskModel model = emgrw->model;
        probeMaxRisk = model.maxRiskWarner(probeP);
        optimum = optimizeParameters(model, {RandomizationMode::Both, 1.0 / 3});
        DisclosureRiskModel sortedModel = PreparedAnalysis(sortedCategories(*emgrw), emgrwSpec()).model;
        sortedOptimum = optimizeParameters(sortedModel, {RandomizationMode::Both, 1.0 / 3});
    }
};

// EMGRW counts equal the CSV path's cell by cell (by category name), with 003 Table 5.2's sizes.
inline void checkEmgrwCounts(const PreparedTable& t, const AdultReference& ref)
{
    QCOMPARE(t.loadedRows, std::size_t(48842));
    QCOMPARE(t.droppedRows, std::size_t(3620));
    QCOMPARE(t.records, 45222.0);
    QVERIFY(t.dims == (std::vector<int>{16, 7, 2, 5, 7}));
    for (const auto& cats : t.categories)
        QVERIFY(std::is_sorted(cats.begin(), cats.end()));
    std::string why;
    QVERIFY2(sameCounts(t, *ref.emgrw, why), why.c_str());
}

// Risk and the RR-Both l = 3 optimum from the SQL table. Against the CSV table relabelled in SQL's
// (sorted) category order they are equal to 1e-12: the same table. Against the CSV table in its own
// first-appearance order the risk still agrees to 1e-12 (the same sums in another order), but the
// optimum's p moves by ~3e-10: the boundary search stops anywhere within its 1e-9 risk tolerance below
// tau, and the order of the sums decides where. So p agrees to 1e-8 there (the risk's slope in p is
// above 0.1 near the optimum, so 1e-9 of risk is under 1e-8 of p) and the objective to 1e-8 relative.
inline void checkEmgrwRiskAndOptimum(const PreparedTable& t, const AdultReference& ref)
{
    const PreparedAnalysis a(t, emgrwSpec());
    DisclosureRiskModel model = a.model;
    RR_COMPARE_NEAR(model.maxRiskWarner(ref.probeP), ref.probeMaxRisk, 1e-12);
    const RiskSummary mine = summarizeRisk(model.evaluateWarner(ref.probeP), a.joint);
    DisclosureRiskModel csvModel = ref.emgrw->model;
    const RiskSummary csv = summarizeRisk(csvModel.evaluateWarner(ref.probeP), ref.emgrw->joint);
    RR_COMPARE_NEAR(mine.meanRisk, csv.meanRisk, 1e-12);
    RR_COMPARE_NEAR(mine.p99, csv.p99, 1e-12);
    QCOMPARE(mine.cells, csv.cells);

    const OptimizationResult r = optimizeParameters(model, {RandomizationMode::Both, 1.0 / 3});
    QVERIFY(r.feasible);
    QVERIFY(r.maxRisk <= 1.0 / 3 + kRiskTolerance);
    const OptimizationResult& sorted = ref.sortedOptimum;
    QCOMPARE(sorted.feasible, r.feasible);
    RR_COMPARE_VECTORS_NEAR(r.p, sorted.p, 1e-12);
    RR_COMPARE_RELATIVE(r.objective, sorted.objective, 1e-12);
    RR_COMPARE_NEAR(r.maxRisk, sorted.maxRisk, 1e-12);

    QCOMPARE(ref.optimum.feasible, r.feasible);
    RR_COMPARE_VECTORS_NEAR(r.p, ref.optimum.p, 1e-8);
    RR_COMPARE_RELATIVE(r.objective, ref.optimum.objective, 1e-8);
    RR_COMPARE_NEAR(r.maxRisk, ref.optimum.maxRisk, 2 * kRiskTolerance);
}

// describe(): per attribute the sorted categories, their counts and the missing count of the raw CSV.
inline void checkDescribe(const sql::SqlSource& s, const AdultReference& ref)
{
    const std::vector<std::string> names{"workclass", "age", "native-country", "sex"};
    const auto summaries = s.describe(names, kMissing);
    QCOMPARE(summaries.size(), names.size());
    for (std::size_t k = 0; k < names.size(); ++k) {
        const Attribute& a = ref.raw.attributes[static_cast<std::size_t>(ref.raw.attributeIndex(names[k]))];
        const auto& got = summaries[k];
        QCOMPARE(got.name, names[k]);
        QCOMPARE(got.missing, a.missingCount());
        std::vector<std::string> expected = a.categories;
        std::sort(expected.begin(), expected.end());
        QVERIFY2(got.categories == expected, names[k].c_str());
        for (std::size_t c = 0; c < got.categories.size(); ++c) {
            const int code = a.categoryIndex(got.categories[c]);
            const double n = static_cast<double>(std::count(a.codes.begin(), a.codes.end(), code));
            QCOMPARE(got.counts[c], n);
        }
    }
    // Adult's missing values: 2,799 workclass, 857 native-country (both files).
    QCOMPARE(summaries[0].missing, std::size_t(2799));
    QCOMPARE(summaries[2].missing, std::size_t(857));
    QCOMPARE(summaries[1].categories.size(), std::size_t(74)); // ages 17..90 as text
    // One GROUP BY over the four together gives the same summaries as one per column.
    const auto oneScan = s.describeInOneScan(names, kMissing);
    QCOMPARE(oneScan.size(), names.size());
    for (std::size_t k = 0; k < names.size(); ++k) {
        QCOMPARE(oneScan[k].name, summaries[k].name);
        QVERIFY2(oneScan[k].categories == summaries[k].categories, names[k].c_str());
        QVERIFY2(oneScan[k].counts == summaries[k].counts, names[k].c_str());
        QCOMPARE(oneScan[k].missing, summaries[k].missing);
    }
}

// A raw CSV row as the database gives it back: missing as NULL or as the text '?'.
inline std::vector<std::optional<std::string>> csvRow(const Table& raw, std::size_t r, bool missingAsNull)
{
    std::vector<std::optional<std::string>> out;
    for (std::size_t c = 0; c < raw.attributes.size(); ++c) {
        auto v = csvValue(raw, c, r);
        out.push_back(v || missingAsNull ? v : std::optional<std::string>("?"));
    }
    return out;
}

// rows(). Unordered pages come in the engine's order, which SQL leaves open: SQLite returns a rowid table
// in insertion order, so its pages are the CSV rows at those positions; PostgreSQL returns storage order,
// which a bulk load does not keep (the free-space map puts later rows in earlier pages' gaps), so there the
// pages must partition the table: all pages together are the CSV rows as a multiset, and a page read
// twice is the same. Ordered pages are exact everywhere.
inline void checkPaging(const sql::SqlSource& s, const AdultReference& ref, bool missingAsNull, bool insertionOrder)
{
    const std::size_t n = ref.raw.rowCount();
    QCOMPARE(s.rowCount(), n);
    if (insertionOrder) {
        for (const std::size_t offset : {std::size_t(0), std::size_t(32561), n - 7}) {
            const sql::SqlPage page = s.rows(offset, 10);
            QCOMPARE(page.offset, offset);
            QCOMPARE(page.columns.size(), ref.raw.attributes.size());
            QCOMPARE(page.columns[3], std::string("education"));
            const std::size_t expected = std::min<std::size_t>(10, n - offset);
            QCOMPARE(page.rows.size(), expected);
            QCOMPARE(page.last, expected < 10);
            for (std::size_t r = 0; r < page.rows.size(); ++r)
                QVERIFY2(page.rows[r] == csvRow(ref.raw, offset + r, missingAsNull),
                         ("row " + std::to_string(offset + r)).c_str());
        }
    } else {
        std::map<std::vector<std::optional<std::string>>, int> expected, got;
        for (std::size_t r = 0; r < n; ++r)
            ++expected[csvRow(ref.raw, r, missingAsNull)];
        const std::size_t size = 5000;
        for (std::size_t offset = 0; offset < n; offset += size) {
            const sql::SqlPage page = s.rows(offset, size);
            QCOMPARE(page.rows.size(), std::min(size, n - offset));
            QCOMPARE(page.last, offset + size > n);
            for (const auto& row : page.rows)
                ++got[row];
        }
        QVERIFY(got == expected);
        const sql::SqlPage a = s.rows(40000, 50), b = s.rows(40000, 50);
        QVERIFY(a.rows == b.rows);
        QCOMPARE(a.columns[3], std::string("education"));
    }

    // Ordered by the columns' values (age and fnlwgt are INTEGER: 9 before 10): the CSV rows sorted alike.
    std::vector<std::pair<int, int>> keys;
    const int age = ref.raw.attributeIndex("age"), weight = ref.raw.attributeIndex("fnlwgt");
    for (std::size_t r = 0; r < n; ++r)
        keys.emplace_back(std::stoi(*csvValue(ref.raw, static_cast<std::size_t>(age), r)),
                          std::stoi(*csvValue(ref.raw, static_cast<std::size_t>(weight), r)));
    std::sort(keys.begin(), keys.end());
    for (const std::size_t offset : {std::size_t(0), std::size_t(20000), n - 3}) {
        const sql::SqlPage sorted = s.rows(offset, 6, {"age", "fnlwgt"});
        QCOMPARE(sorted.rows.size(), std::min<std::size_t>(6, n - offset));
        for (std::size_t r = 0; r < sorted.rows.size(); ++r) {
            QCOMPARE(*sorted.rows[r][static_cast<std::size_t>(age)], std::to_string(keys[offset + r].first));
            QCOMPARE(*sorted.rows[r][static_cast<std::size_t>(weight)], std::to_string(keys[offset + r].second));
        }
    }
    QVERIFY(errorOf<InputError>([&] { s.rows(0, 5, {"nope"}); }).find("unknown attribute 'nope'") != std::string::npos);
    const sql::SqlPage past = s.rows(n + 100, 5);
    QVERIFY(past.rows.empty());
    QVERIFY(past.last);
    QVERIFY(errorOf<InputError>([&] { s.rows(0, 0); }).find("a page holds 1 to") != std::string::npos);
}

// records(): the kept EMGRW records equal the CSV path's as a multiset; over maxRows is refused with
// both figures.
inline void checkRecords(const sql::SqlSource& s, const AdultReference& ref)
{
    const Table t = s.records(kEmgrw, MissingPolicy::DropIncomplete, kMissing, 100000);
    QCOMPARE(t.rowCount(), std::size_t(45222));
    QVERIFY(t.weights.empty());
    for (const auto& a : t.attributes)
        QVERIFY(std::is_sorted(a.categories.begin(), a.categories.end()));
    const Table complete = completeRecords(ref.raw, {}, MissingPolicy::DropIncomplete);
    QVERIFY(recordMultiset(t, kEmgrw) == recordMultiset(complete, kEmgrw));
    // The CSV pipeline on the SQL records gives the same counts again.
    std::string why;
    QVERIFY2(sameCounts(prepareTable(t, kEmgrw, MissingPolicy::DropIncomplete),
                        prepareTable(complete, kEmgrw, MissingPolicy::DropIncomplete), why),
             why.c_str());
    const std::string over =
        errorOf<InputError>([&] { s.records(kEmgrw, MissingPolicy::DropIncomplete, kMissing, 45221); });
    QVERIFY2(over.find("45222") != std::string::npos && over.find("45221") != std::string::npos, over.c_str());
}

// scanRecords(): every row once, every column, a value missing when NULL or a token, chunks keyed 0, 1, ...;
// the rows equal the CSV rows as a multiset, and the complete ones over EMGRW equal records() as a multiset.
inline void checkScan(const sql::SqlSource& s, const AdultReference& ref)
{
    using Row = std::vector<std::optional<std::string>>;
    struct ScannedRows : ChunkResult {
        std::uint64_t key = 0;
        std::vector<Row> rows;
    };
    RecordScan scan;
    scan.map = [](const RecordChunk& chunk) {
        auto out = std::make_unique<ScannedRows>();
        out->key = chunk.key;
        for (std::size_t r = 0; r < chunk.rows; ++r) {
            Row row;
            for (std::size_t c = 0; c < chunk.columns; ++c)
                row.push_back(chunk.isMissing(r, c) ? std::nullopt : std::optional<std::string>(chunk.field(r, c)));
            out->rows.push_back(std::move(row));
        }
        return out;
    };
    std::vector<Row> scanned;
    std::vector<std::uint64_t> keys;
    scan.reduce = [&](ChunkResult& result) {
        auto& chunk = static_cast<ScannedRows&>(result);
        keys.push_back(chunk.key);
        for (auto& row : chunk.rows)
            scanned.push_back(std::move(row));
    };
    const sql::SqlDataSource source(s, kMissing);
    source.scanRecords(scan);
    const std::size_t n = ref.raw.rowCount();
    QCOMPARE(scanned.size(), n);
    QVERIFY(keys.size() > 1);
    for (std::size_t k = 0; k < keys.size(); ++k)
        QCOMPARE(keys[k], std::uint64_t(k));
    std::map<Row, int> expected, got;
    for (std::size_t r = 0; r < n; ++r)
        ++expected[csvRow(ref.raw, r, true)];
    for (const Row& row : scanned)
        ++got[row];
    QVERIFY(got == expected);

    const auto columns = s.columns();
    std::vector<std::size_t> emgrw;
    for (const auto& name : kEmgrw)
        emgrw.push_back(static_cast<std::size_t>(std::find(columns.begin(), columns.end(), name) - columns.begin()));
    std::map<std::vector<std::string>, int> complete; // DropIncomplete: no column missing
    for (const Row& row : scanned) {
        if (std::any_of(row.begin(), row.end(), [](const auto& v) { return !v; }))
            continue;
        std::vector<std::string> values;
        for (std::size_t c : emgrw)
            values.push_back(*row[c]);
        ++complete[values];
    }
    const Table records = s.records(kEmgrw, MissingPolicy::DropIncomplete, kMissing, 100000);
    QVERIFY(complete == recordMultiset(records, kEmgrw));
}

// DropIfUsedMissing keeps the rows complete in the used attributes only.
inline void checkDropIfUsedMissing(const sql::SqlSource& s, const AdultReference& ref)
{
    const std::vector<std::string> names{"workclass", "sex", "race"};
    const PreparedTable t = s.aggregate(names, MissingPolicy::DropIfUsedMissing, kMissing);
    const PreparedTable csv = prepareTable(ref.raw, names, MissingPolicy::DropIfUsedMissing);
    QCOMPARE(t.droppedRows, std::size_t(2799)); // workclass only; DropIncomplete drops 3,620
    std::string why;
    QVERIFY2(sameCounts(t, csv, why), why.c_str());
}

// A query source: the rows with age >= 40 over age (an INTEGER column, read as text) and sex, against the
// CSV rows counted by hand.
inline void checkQuerySource(const sql::SqlLocation& tableLocation, const sql::Credentials& login,
                             const std::string& quotedTable, const AdultReference& ref)
{
    sql::SqlLocation loc = tableLocation;
    loc.table = {};
    loc.query = sql::checkQuery("SELECT \"age\", \"sex\", \"workclass\" FROM " + quotedTable +
                                " WHERE \"age\" >= 40 -- a comment at the end",
                                tableLocation.engine);
    const sql::SqlSource s = sql::SqlSource::open(loc, login);
    QVERIFY(s.columns() == (std::vector<std::string>{"age", "sex", "workclass"}));
    const PreparedTable t = s.aggregate({"age", "sex"}, MissingPolicy::DropIncomplete, kMissing);
    std::map<std::pair<std::string, std::string>, double> expected;
    const int age = ref.raw.attributeIndex("age"), sex = ref.raw.attributeIndex("sex"),
              work = ref.raw.attributeIndex("workclass");
    std::size_t loaded = 0;
    for (std::size_t r = 0; r < ref.raw.rowCount(); ++r) {
        const auto a = *csvValue(ref.raw, static_cast<std::size_t>(age), r);
        if (std::stoi(a) < 40)
            continue;
        ++loaded;
        if (!csvValue(ref.raw, static_cast<std::size_t>(work), r))
            continue; // DropIncomplete: workclass missing
        expected[{a, *csvValue(ref.raw, static_cast<std::size_t>(sex), r)}] += 1;
    }
    QCOMPARE(t.loadedRows, loaded);
    double total = 0;
    for (const auto& [key, n] : expected) {
        const long long cell = t.cellIndex({0, 1}, {key.first, key.second});
        QVERIFY(cell >= 0);
        QCOMPARE(t.joint.counts()[cell], n);
        total += n;
    }
    QCOMPARE(t.records, total);
    QCOMPARE(t.keptRows(), static_cast<std::size_t>(total));
}

} // namespace rr::sqltest
