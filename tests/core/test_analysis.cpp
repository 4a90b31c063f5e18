// core/analysis, the pipeline every front end calls: record selection and counts, roles, retention
// clamping, a frame's numbers (risk profile, distribution, intervals, utility), surface, trade-off,
// and the comparison run with stage progress and cancel.
#include "EsgroData.h"
#include "TestData.h"
#include "TestSupport.h"

#include "core/release/ComparisonRun.h"
#include "core/datasource/CsvSource.h"
#include "core/analysis/Frame.h"
#include "core/analysis/MeasuresFrame.h"
#include "core/analysis/PreparedAnalysis.h"
#include "core/analysis/Retention.h"
#include "core/analysis/SurfaceFrame.h"
#include "core/analysis/TradeOffCurve.h"
#include "core/anonymization/Anatomy.h"
#include "core/anonymization/Generalization.h"
#include "core/comparison/AnatomyEstimate.h"
#include "core/data/CsvReader.h"
#include "core/data/Errors.h"
#include "core/estimation/Reconstruction.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <limits>
#include <numeric>

using namespace rr;
using namespace rr::testdata;

namespace {

AnalysisSpec emgrwSpec(MissingPolicy policy = MissingPolicy::DropIncomplete)
{
    AnalysisSpec s;
    s.quasiIdentifiers = {"education", "marital-status", "sex", "race"};
    s.sensitive = "workclass";
    s.policy = policy;
    return s;
}

// The comparison of 003 Sec. 5.3.3 on ARX's Adult: the ESGRO QIs, S = occupation, l = 2..lMax.
ComparisonRequest esgroComparison(int lMax)
{
    ComparisonRequest request;
    request.spec.quasiIdentifiers = esgroQi();
    request.spec.sensitive = "occupation";
    request.spec.policy = MissingPolicy::DropIfUsedMissing;
    request.hierarchyFolder = arxFolder();
    request.lMin = 2;
    request.lMax = lMax;
    return request;
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

// Two frames with the same numbers, bit for bit (== on every double).
bool sameFrame(const Frame& x, const Frame& y)
{
    const auto intervalsEqual = [](const std::vector<Interval>& u, const std::vector<Interval>& v) {
        return std::equal(u.begin(), u.end(), v.begin(), v.end(), [](const Interval& a, const Interval& b) {
            return a.lo == b.lo && a.hi == b.hi && a.rawLo == b.rawLo && a.rawHi == b.rawHi;
        });
    };
    const auto riskiestEqual = [](const std::vector<RiskyRecord>& u, const std::vector<RiskyRecord>& v) {
        return std::equal(u.begin(), u.end(), v.begin(), v.end(), [](const RiskyRecord& a, const RiskyRecord& b) {
            return a.cell == b.cell && a.records == b.records && a.risk == b.risk;
        });
    };
    const DistributionEstimate &dx = x.distribution, &dy = y.distribution;
    const IntervalSweep &ix = x.intervals, &iy = y.intervals;
    return x.p == y.p && x.maxRisk == y.maxRisk && x.utility == y.utility && x.traceCovariance == y.traceCovariance &&
           x.objective == y.objective && x.risk.histogram == y.risk.histogram && x.risk.cdf == y.risk.cdf &&
           x.risk.summary.meanRisk == y.risk.summary.meanRisk && riskiestEqual(x.risk.riskiest, y.risk.riskiest) &&
           dx.cells == dy.cells && dx.original == dy.original && dx.expected == dy.expected &&
           dx.estimate == dy.estimate && intervalsEqual(dx.intervals, dy.intervals) && ix.p == iy.p &&
           ix.estimate == iy.estimate && ix.normalLo == iy.normalLo && ix.normalHi == iy.normalHi &&
           ix.chebyshevLo == iy.chebyshevLo && ix.chebyshevHi == iy.chebyshevHi && ix.simulated == iy.simulated &&
           intervalsEqual({ix.simulatedNormal, ix.simulatedChebyshev}, {iy.simulatedNormal, iy.simulatedChebyshev});
}

} // namespace

class TestAnalysis : public QObject {
    Q_OBJECT
    Table m_adult; // both files as loaded: 48,842 rows with missing values
    std::shared_ptr<const PreparedAnalysis> m_emgrw;

private slots:
    void initTestCase()
    {
        m_adult = readCsv({sharedData("adult/adult.data.csv"), sharedData("adult/adult.test.csv")});
        m_emgrw = prepareAnalysis(m_adult, emgrwSpec());
    }

    // 003 Table 5.2's data set: 45,222 complete records, domains 16 7 2 5 7.
    void preparesEmgrw()
    {
        const PreparedAnalysis& a = *m_emgrw;
        QCOMPARE(a.loadedRows, std::size_t(48842));
        QCOMPARE(a.droppedRows, std::size_t(3620));
        QCOMPARE(a.keptRows(), std::size_t(45222));
        QCOMPARE(a.records, 45222.0);
        QVERIFY(a.dims == (std::vector<int>{16, 7, 2, 5, 7}));
        QCOMPARE(a.sensitiveAxis(), 4);
        QCOMPARE(a.joint.total(), 45222.0);
        QCOMPARE(a.model.joint().total(), 45222.0);
        // Only the categories present in the kept records (workclass: no 'Never-worked').
        const auto& w = a.categories[4];
        QVERIFY(std::find(w.begin(), w.end(), "Never-worked") == w.end());
        QCOMPARE(w.front(), std::string("State-gov"));
    }

    // The counts equal the row-level path (complete records, then the contingency table), bit for bit.
    void countsEqualRowPath_data()
    {
        QTest::addColumn<int>("policy");
        QTest::newRow("drop incomplete") << int(MissingPolicy::DropIncomplete);
        QTest::newRow("drop if used missing") << int(MissingPolicy::DropIfUsedMissing);
    }
    void countsEqualRowPath()
    {
        QFETCH(int, policy);
        const auto p = static_cast<MissingPolicy>(policy);
        const std::vector<std::string> names{"occupation", "sex", "native-country"};
        const PreparedTable t = prepareTable(m_adult, names, p);
        std::size_t dropped = 0;
        const Table complete = completeRecords(m_adult, m_adult.attributeIndices(names), p, &dropped);
        std::vector<uint32_t> rows(complete.rowCount());
        std::iota(rows.begin(), rows.end(), 0u);
        const ContingencyTable ref = buildContingency(complete, complete.attributeIndices(names), rows);
        QCOMPARE(t.droppedRows, dropped);
        QVERIFY(t.dims == ref.dims());
        QVERIFY(t.joint.counts() == ref.counts());
        for (std::size_t k = 0; k < names.size(); ++k)
            QVERIFY(t.categories[k] == complete.attributes[complete.attributeIndex(names[k])].categories);
    }

    void cellLookups()
    {
        const PreparedAnalysis& a = *m_emgrw;
        const std::vector<int> axes{2, 4}; // sex x workclass
        for (std::size_t cell = 0; cell < 14; ++cell) {
            const auto values = a.cellValues(axes, cell);
            QCOMPARE(a.cellIndex(axes, values), static_cast<long long>(cell));
        }
        QCOMPARE(a.cellIndex(axes, {"Female", "no such"}), -1LL);
        QCOMPARE(a.cellLabel({2}, 0), a.categories[2][0]);
        QCOMPARE(a.axisOf("race"), 3);
        QCOMPARE(a.axisOf("age"), -1);
    }

    void badRoles_data()
    {
        QTest::addColumn<QStringList>("qi");
        QTest::addColumn<QString>("s");
        QTest::addColumn<QString>("message");
        QTest::newRow("no QI") << QStringList{} << "workclass"
                               << "quasi-identifier";
        QTest::newRow("no S") << QStringList{"sex"} << ""
                              << "sensitive attribute";
        QTest::newRow("both roles") << QStringList{"sex", "race"} << "sex"
                                    << "both a quasi-identifier";
        QTest::newRow("twice") << QStringList{"sex", "sex"} << "race"
                               << "listed twice";
        QTest::newRow("unknown") << QStringList{"sex", "colour"} << "race"
                                 << "colour";
    }
    void badRoles()
    {
        QFETCH(QStringList, qi);
        QFETCH(QString, s);
        QFETCH(QString, message);
        AnalysisSpec spec;
        for (const QString& q : qi)
            spec.quasiIdentifiers.push_back(q.toStdString());
        spec.sensitive = s.toStdString();
        const QString error = inputErrorOf([&] { prepareAnalysis(m_adult, spec); });
        QVERIFY2(error.contains(message), qPrintable(error));
    }

    void singleCategoryIsNotRandomizable()
    {
        Table t;
        t.attributes.resize(2);
        t.attributes[0] = {"a", {"x", "y"}, {0, 1, 0}};
        t.attributes[1] = {"b", {"only"}, {0, 0, 0}};
        const PreparedTable prepared = prepareTable(t, {"a", "b"}, MissingPolicy::DropIncomplete);
        const QString error = inputErrorOf([&] { checkRandomizable(prepared); });
        QVERIFY2(error.contains("'b'") && error.contains("only 1 category"), qPrintable(error));
    }

    void noRecordLeft()
    {
        Table t;
        t.attributes.resize(2);
        t.attributes[0] = {"a", {"x"}, {Attribute::kMissing, 0}};
        t.attributes[1] = {"b", {"y"}, {0, Attribute::kMissing}};
        const QString error = inputErrorOf([&] { prepareTable(t, {"a", "b"}, MissingPolicy::DropIfUsedMissing); });
        QVERIFY2(error.contains("2 dropped") && error.contains("nothing is left"), qPrintable(error));
    }

    // p offered inside (1/d, 1]; 1 outside the mode.
    void retentions()
    {
        QCOMPARE(minimumRetention(2), 0.501);
        QCOMPARE(minimumRetention(7), 0.143);
        QCOMPARE(minimumRetention(1), 1.0);
        QCOMPARE(clampRetention(2, 0.5), 0.501);
        QCOMPARE(clampRetention(2, 0.2), 0.501);
        QCOMPARE(clampRetention(2, 1.7), 1.0);
        QCOMPARE(clampRetention(2, std::nan("")), 1.0);
        QCOMPARE(clampRetention(5, 0.123456789123), 0.201); // at or below 1/5
        QCOMPARE(clampRetention(5, 0.3456789), 0.3456789);  // kept to full precision
        const std::map<std::string, double> stored{{"education", 0.5}, {"workclass", 0.6}, {"sex", 0.1}};
        const auto qi = retentionsInMode(*m_emgrw, RandomizationMode::QI, stored);
        QVERIFY(qi == (std::vector<double>{0.5, 1.0, 0.501, 1.0, 1.0}));
        const auto s = retentionsInMode(*m_emgrw, RandomizationMode::S, stored);
        QVERIFY(s == (std::vector<double>{1.0, 1.0, 1.0, 1.0, 0.6}));
        const auto both = retentionsInMode(*m_emgrw, RandomizationMode::Both, stored);
        QVERIFY(both == (std::vector<double>{0.5, 1.0, 0.501, 1.0, 0.6}));
    }

    // The intervals sweep ends at p = 1 exactly: for d = 7 (marital status) 1/7 + 6/7 rounds above 1, and the
    // GUI showed "a retention probability must lie in [0, 1]" on opening Adult with those roles.
    void intervalSweepEndsAtOne()
    {
        const PreparedAnalysis& a = *m_emgrw;
        QCOMPARE(a.dims[1], 7);
        FrameRequest r;
        r.p = {0.6, 0.8, 0.9, 0.95, 0.85};
        r.intervals.axes = {1};
        r.intervals.varyAxis = 1;
        DisclosureRiskModel model = a.model;
        const Frame f = computeFrame(a, model, r);
        QCOMPARE(f.intervals.p.size(), std::size_t(r.intervals.steps));
        QCOMPARE(f.intervals.p.back(), 1.0);
        for (double p : f.intervals.p)
            QVERIFY(p > 1.0 / 7 && p <= 1.0);
        for (int d1 = 2; d1 < 60; ++d1)
            for (int points : {2, 21, 80}) {
                const std::vector<double> g = sweepGrid(d1, 2, points);
                QCOMPARE(g.back(), 1.0);
                QVERIFY(*std::max_element(g.begin(), g.end()) == 1.0);
            }
    }

    // A frame's numbers agree with core's building blocks and with themselves.
    void frame()
    {
        const PreparedAnalysis& a = *m_emgrw;
        FrameRequest r;
        r.p = {0.6, 0.8, 0.9, 0.95, 0.85};
        r.risk.tau = 1.0 / 3.0;
        r.distribution.axes = {2, 4}; // 14 cells
        r.distribution.maxCells = 10;
        r.intervals.axes = {3};
        r.intervals.cell = 0;
        r.intervals.varyAxis = 3;
        DisclosureRiskModel model = a.model;
        const Frame f = computeFrame(a, model, r);

        DisclosureRiskModel other = a.model;
        RR_COMPARE_NEAR(f.maxRisk, other.maxRiskWarner(r.p), 0.0);
        const RiskProfile& risk = f.risk;
        RR_COMPARE_NEAR(std::accumulate(risk.histogram.begin(), risk.histogram.end(), 0.0), 45222.0, 1e-6);
        QVERIFY(!risk.cdf.empty());
        RR_COMPARE_NEAR(risk.cdf.back().second, 1.0, 1e-12);
        for (std::size_t i = 1; i < risk.cdf.size(); ++i)
            QVERIFY(risk.cdf[i].first > risk.cdf[i - 1].first && risk.cdf[i].second >= risk.cdf[i - 1].second);
        QCOMPARE(risk.riskiest.size(), std::size_t(100));
        RR_COMPARE_NEAR(risk.riskiest.front().risk, f.maxRisk, 0.0);
        for (std::size_t i = 1; i < risk.riskiest.size(); ++i)
            QVERIFY(risk.riskiest[i].risk <= risk.riskiest[i - 1].risk);
        QVERIFY(risk.upper >= std::max(f.maxRisk, r.risk.tau));

        const auto mats = a.matrices(r.p);
        RR_COMPARE_NEAR(f.traceCovariance, expectedSquaredError(mats, a.model.pi(), a.records), 0.0);
        RR_COMPARE_NEAR(f.objective, utilityObjective(mats), 0.0);
        RR_COMPARE_NEAR(f.utility, f.traceCovariance, 0.0);

        const DistributionEstimate& d = f.distribution;
        QCOMPARE(d.totalCells, std::size_t(14));
        QCOMPARE(d.cells.size(), std::size_t(10));
        QVERIFY(std::is_sorted(d.cells.begin(), d.cells.end()));
        RR_COMPARE_NEAR(std::accumulate(d.original.begin(), d.original.end(), 0.0), 0.9, 0.1);
        for (std::size_t i = 0; i < d.cells.size(); ++i)
            QVERIFY(d.intervals[i].lo <= d.estimate[i] + 1e-12 || d.estimate[i] < 0);
        QCOMPARE(d.firstRank, std::size_t(0));

        // Paging (issue 11): ranks 10..13 are the 4 cells left out above, each smaller than every shown
        // one; a window past the end shows the last 10 ranks.
        {
            FrameRequest rest = r;
            rest.distribution.firstRank = 10;
            DisclosureRiskModel scratch = a.model;
            const DistributionEstimate tail = computeFrame(a, scratch, rest).distribution;
            QCOMPARE(tail.firstRank, std::size_t(4)); // 14 cells, 10 shown: the last window starts at rank 4
            QCOMPARE(tail.cells.size(), std::size_t(10));
            rest.distribution.maxCells = 4;
            const DistributionEstimate last = computeFrame(a, scratch, rest).distribution;
            QCOMPARE(last.firstRank, std::size_t(10));
            QCOMPARE(last.cells.size(), std::size_t(4));
            const double smallestShown = *std::min_element(d.original.begin(), d.original.end());
            for (std::size_t i = 0; i < last.cells.size(); ++i) {
                QVERIFY(std::find(d.cells.begin(), d.cells.end(), last.cells[i]) == d.cells.end());
                QVERIFY(last.original[i] <= smallestShown);
            }
            // Together, the two windows are all 14 cells and their proportions sum to 1.
            RR_COMPARE_NEAR(std::accumulate(d.original.begin(), d.original.end(), 0.0) +
                                std::accumulate(last.original.begin(), last.original.end(), 0.0),
                            1.0, 1e-12);
            rest.distribution.firstRank = -1;
            QVERIFY_THROWS_EXCEPTION(InputError, computeFrame(a, scratch, rest));
        }

        // A cell's precision in the owner's units (issue 20): its share, and half its range as a share and in
        // records, from the range's own critical value and variance.
        {
            const std::size_t largest = largestShownCell(d);
            for (std::size_t i = 0; i < d.cells.size(); ++i)
                QVERIFY(d.original[i] <= d.original[largest]);
            const CellPrecision c = cellPrecision(d, largest);
            QCOMPARE(c.label, d.labels[largest]);
            RR_COMPARE_NEAR(c.share, d.original[largest], 0.0);
            QVERIFY(c.halfWidth > 0);
            RR_COMPARE_NEAR(c.halfWidth, (d.intervals[largest].rawHi - d.intervals[largest].rawLo) / 2, 1e-15);
            RR_COMPARE_NEAR(d.intervals[largest].rawHi - d.estimate[largest], c.halfWidth, 1e-12); // centred
            RR_COMPARE_NEAR(c.halfWidthRecords, c.halfWidth * 45222.0, 1e-9);
            RR_COMPARE_NEAR(c.level, 0.95, 1e-15);
            QVERIFY_THROWS_EXCEPTION(InputError, cellPrecision(d, d.cells.size()));
            QCOMPARE(largestShownCell(DistributionEstimate{}), std::size_t(0));
        }

        // The risk's baseline (issue 20): the most common workclass (Private, about 74 % of the records) and
        // what the release adds to guessing it.
        {
            const RiskBaseline b = riskBaseline(a, a.sensitiveAxis(), f.maxRisk);
            QCOMPARE(b.value, std::string("Private"));
            double privateRecords = 0;
            const int s = a.sensitiveAxis();
            for (std::size_t c = 0; c < a.joint.cellCount(); ++c)
                if (a.categories[std::size_t(s)][std::size_t(a.joint.coordinates(c)[std::size_t(s)])] == "Private")
                    privateRecords += a.joint.counts()[Eigen::Index(c)];
            RR_COMPARE_NEAR(b.prior, privateRecords / 45222.0, 1e-12);
            QVERIFY(b.prior > 0.73 && b.prior < 0.74);
            RR_COMPARE_NEAR(b.added(), f.maxRisk - b.prior, 0.0);
            QVERIFY_THROWS_EXCEPTION(InputError, riskBaseline(a, a.axisCount(), f.maxRisk));
        }

        const IntervalSweep& iv = f.intervals;
        QCOMPARE(iv.p.size(), std::size_t(80));
        RR_COMPARE_NEAR(iv.p.back(), 1.0, 1e-15);
        RR_COMPARE_NEAR(iv.estimate.back(), iv.original, 1e-12); // expected estimate is unbiased
        for (std::size_t k = 1; k < iv.p.size(); ++k)            // ranges narrow as p grows
            QVERIFY(iv.normalHi[k] - iv.normalLo[k] <= iv.normalHi[k - 1] - iv.normalLo[k - 1] + 1e-12);
        QCOMPARE(iv.currentP, 0.95);

        r.metric = UtilityMetric::Objective;
        RR_COMPARE_NEAR(computeFrame(a, model, r).utility, f.objective, 0.0);
        r.metric = UtilityMetric::VariationalDistance;
        const double dv = computeFrame(a, model, r).utility;
        QVERIFY2(dv > 0 && dv < 1, qPrintable(QString::number(dv)));
        RR_COMPARE_NEAR(computeFrame(a, model, r).utility, dv, 0.0); // seeded: reproducible
    }

    void badFrameRequests()
    {
        DisclosureRiskModel model = m_emgrw->model;
        FrameRequest r;
        r.p = {1, 1, 1};
        QVERIFY(inputErrorOf([&] { computeFrame(*m_emgrw, model, r); }).contains("one retention probability"));
        r.p = {1, 1, 1, 1, 1};
        r.distribution.axes = {1, 1};
        QVERIFY(inputErrorOf([&] { computeFrame(*m_emgrw, model, r); }).contains("two different attributes"));
        r.distribution.axes = {0};
        r.intervals.axes = {0};
        r.intervals.varyAxis = 2;
        QVERIFY(inputErrorOf([&] { computeFrame(*m_emgrw, model, r); }).contains("varied p"));
    }

    // A live frame superseded by a newer request stops at its next step (Cancelled); with the flag down it is
    // the frame computed without one, bit for bit, and the model's scratch serves the next frame unchanged.
    void cancelledFrameStops()
    {
        const PreparedAnalysis& a = *m_emgrw;
        FrameRequest r;
        r.p = {0.6, 0.8, 0.9, 0.95, 0.85};
        r.metric = UtilityMetric::VariationalDistance;
        r.distribution.axes = {2, 4};
        r.intervals.axes = {3};
        r.intervals.varyAxis = 3;
        DisclosureRiskModel model = a.model;
        const Frame plain = computeFrame(a, model, r);

        std::atomic<bool> cancel{false};
        r.cancel = &cancel;
        QVERIFY(sameFrame(computeFrame(a, model, r), plain));
        cancel = true;
        QVERIFY_THROWS_EXCEPTION(Cancelled, computeFrame(a, model, r));
        cancel = false;
        QVERIFY(sameFrame(computeFrame(a, model, r), plain));
    }

    // A frame checks its p once, for every axis, before any step: finite and in (1/d, 1], naming the attribute
    // (education 16, marital-status 7, sex 2, race 5, workclass 7 categories).
    void frameChecksEveryP()
    {
        DisclosureRiskModel model = m_emgrw->model;
        FrameRequest r;
        r.p = {1, 1, 0.5, 1, 1}; // p = 1/d: singular
        QVERIFY(inputErrorOf([&] { computeFrame(*m_emgrw, model, r); }).contains("'sex'"));
        r.p = {1, 1, 1, 1, 1.5};
        QVERIFY(inputErrorOf([&] { computeFrame(*m_emgrw, model, r); }).contains("'workclass'"));
        r.p = {std::numeric_limits<double>::quiet_NaN(), 1, 1, 1, 1};
        QVERIFY(inputErrorOf([&] { computeFrame(*m_emgrw, model, r); }).contains("'education'"));
        r.p = {0.0626, 1, 0.5001, 0.2001, 1}; // just above 1/d
        QCOMPARE(computeFrame(*m_emgrw, model, r).p, r.p);
    }

    void surface()
    {
        DisclosureRiskModel model = m_emgrw->model;
        SurfaceRequest r;
        r.x = 2;
        r.y = 4;
        r.cell = m_emgrw->cellIndex({0, 1, 2, 3, 4}, m_emgrw->cellValues(std::size_t(100)));
        const SurfaceFrame s = computeSurfaceFrame(*m_emgrw, model, {1, 1, 1, 1, 1}, r);
        QVERIFY(s.surface.complete);
        QCOMPARE(s.surface.risk.rows(), Eigen::Index(kSurfaceSteps));
        QCOMPARE(s.xName, std::string("sex"));
        QCOMPARE(s.yName, std::string("workclass"));
        QVERIFY(!s.cellLabel.empty());
        int rows = 0;
        const SurfaceFrame cancelled = computeSurfaceFrame(*m_emgrw, model, {1, 1, 1, 1, 1}, SurfaceRequest{},
                                                           [&](int done, int) { return ++rows, done < 3; });
        QVERIFY(!cancelled.surface.complete);
    }

    void tradeOff()
    {
        DisclosureRiskModel model = m_emgrw->model;
        const TradeOffCurve c = computeTradeOffCurve(*m_emgrw, model, UtilityMetric::TraceCovariance, 4, 1);
        QVERIFY(c.complete);
        QCOMPARE(c.points.size(), std::size_t(3 * 3)); // three modes, l = 2..4
        for (const TradeOffPoint& pt : c.points)
            if (pt.feasible)
                QVERIFY(meetsThreshold(pt.maxRisk, pt.tau));
        int calls = 0;
        const TradeOffCurve stopped = computeTradeOffCurve(*m_emgrw, model, UtilityMetric::Objective, 4, 1,
                                                           [&](int, int) { return ++calls < 2; });
        QVERIFY(!stopped.complete);
        QCOMPARE(stopped.points.size(), std::size_t(2));
    }

    // Stage progress: 5 stages per l, monotone, never past the total, ends at the total.
    void comparisonRun()
    {
        const Table arx = readCsv({arxFolder() + "/adult.csv"});
        const TableSource inMemory(arx);
        ComparisonRequest request = esgroComparison(4);
        request.releasedTables = true;
        std::vector<std::pair<int, int>> seen;
        const ComparisonRun run = runComparison(inMemory, request, [&](int done, int total) {
            seen.emplace_back(done, total);
            return true;
        });
        QCOMPARE(run.rows, std::size_t(30162));
        QCOMPARE(run.records->rowCount(), std::size_t(30162));
        QCOMPARE(run.sweep.results.size(), std::size_t(3));
        QCOMPARE(run.generalized.size(), std::size_t(3));
        QCOMPARE(run.qit.size(), std::size_t(3));
        QVERIFY(seen.size() >= 9);
        for (std::size_t i = 0; i < seen.size(); ++i) {
            QCOMPARE(seen[i].second, 15);
            QVERIFY(seen[i].first >= 0 && seen[i].first <= 15);
            if (i > 0)
                QVERIFY(seen[i].first >= seen[i - 1].first);
        }
        QCOMPARE(seen.back().first, 15);

        int calls = 0;
        bool cancelled = false;
        try {
            runComparison(inMemory, request, [&](int, int) { return ++calls < 5; });
        } catch (const ComparisonCancelled&) {
            cancelled = true;
        }
        QVERIFY(cancelled);
        request.lMin = 1;
        QVERIFY(inputErrorOf([&] { runComparison(inMemory, request); }).contains("2 <= l_min"));
    }

    // The comparison of a CSV file streamed (counts, then one pass per l for anatomy) equals the comparison of
    // the same records in memory, and anatomy's estimate equals the one from Xiao and Tao's release of the
    // whole table (anatomize, group per row): the order the records stream in is the table's.
    void comparisonStreamsTheFile()
    {
        const std::string file = arxFolder() + "/adult.csv";
        const ComparisonRequest request = esgroComparison(5);
        const ComparisonRun streamed = runComparison(*CsvSource::open({file}), request);
        QVERIFY(!streamed.records);
        const Table table = readCsv({file});
        const ComparisonRun inMemory = runComparison(TableSource(table), request);
        const Table kept = completeRecords(table, table.attributeIndices(request.spec.analysed()), request.spec.policy);
        const std::vector<int> qi = kept.attributeIndices(request.spec.quasiIdentifiers);
        const int s = kept.attributeIndex(request.spec.sensitive);
        QCOMPARE(streamed.rows, kept.rowCount());
        QCOMPARE(streamed.droppedRows, table.rowCount() - kept.rowCount());
        int anatomies = 0;
        for (std::size_t i = 0; i < streamed.sweep.results.size(); ++i) {
            const ComparisonResult& a = streamed.sweep.results[i];
            const ComparisonResult& b = inMemory.sweep.results[i];
            QCOMPARE(a.anatomy.available, b.anatomy.available);
            QCOMPARE(a.lDiversity.maxRisk, b.lDiversity.maxRisk);
            QCOMPARE(a.randomization.maxRisk, b.randomization.maxRisk);
            QVERIFY(a.original.counts() == b.original.counts());
            if (!a.anatomy.available) {
                QVERIFY(inputErrorOf([&] { anatomize(kept, s, a.l); }) == QString::fromStdString(a.anatomy.note));
                continue;
            }
            ++anatomies;
            const AnatomyRelease release = anatomize(kept, s, a.l);
            QCOMPARE(a.anatomyGroups, release.groupCount());
            QCOMPARE(a.anatomyResidueRecords, release.residueRecords);
            QVERIFY(a.anatomy.estimate == estimateFromAnatomy(kept, qi, s, release)); // bit for bit
            QVERIFY(a.anatomy.estimate == b.anatomy.estimate);
            QCOMPARE(a.anatomy.maxRisk, b.anatomy.maxRisk);
        }
        QVERIFY(anatomies >= 2);

        // The export streams the file (the run holds no records): the generalized table and anatomy's tables as
        // the in-memory methods make them, the QIs and S only (source order of columns), rows in a random order.
        const int l = 3;
        const ComparisonResult& r = streamed.sweep.results[static_cast<std::size_t>(l - 2)];
        QVERIFY(r.search.found && r.anatomy.available);
        QTemporaryDir dir;
        const std::string prefix = dir.filePath("esgro").toStdString();
        std::vector<double> seen;
        const std::vector<std::string> files = exportComparisonTables(*CsvSource::open({file}), streamed, l, prefix,
                                                                      [&](double f) {
                                                                          seen.push_back(f);
                                                                          return true;
                                                                      });
        QCOMPARE(files, (std::vector<std::string>{prefix + ".generalized.csv", prefix + ".qit.csv", prefix + ".st.csv"}));
        QVERIFY(!seen.empty() && std::is_sorted(seen.begin(), seen.end()) && seen.back() <= 1.0);
        // Rows as text, column by column in the given order; sorted unless `inOrder`.
        auto rows = [](const Table& t, const std::vector<std::string>& names, bool inOrder) {
            std::vector<std::string> out(t.rowCount());
            for (const std::string& n : names) {
                const Attribute& a = t.attributes.at(static_cast<std::size_t>(t.attributeIndex(n)));
                for (std::size_t i = 0; i < out.size(); ++i)
                    out[i] += a.categories.at(static_cast<std::size_t>(a.codes[i])) + "|";
            }
            if (!inOrder)
                std::sort(out.begin(), out.end());
            return out;
        };
        std::vector<std::string> released; // the analysed columns in the file's order
        const std::vector<std::string> analysed = request.spec.analysed();
        for (const Attribute& a : table.attributes)
            if (std::find(analysed.begin(), analysed.end(), a.name) != analysed.end())
                released.push_back(a.name);
        const Table generalized = readCsv({prefix + ".generalized.csv"});
        QCOMPARE(generalized.attributes.size(), released.size());
        for (std::size_t c = 0; c < released.size(); ++c)
            QCOMPARE(generalized.attributes[c].name, released[c]);
        const Table expected = generalizeTable(kept, qi, streamed.hierarchies, r.search.partition, r.search.assessment).table;
        QVERIFY(rows(generalized, released, false) == rows(expected, released, false));
        QVERIFY(rows(generalized, released, true) != rows(expected, released, true));
        const AnatomyRelease release = anatomize(kept, s, l);
        std::vector<std::string> qitColumns = request.spec.quasiIdentifiers;
        qitColumns.push_back("group");
        const Table qit = readCsv({prefix + ".qit.csv"}), qitExpected = quasiIdentifierTable(kept, qi, release);
        QCOMPARE(qit.attributes.size(), qitColumns.size());
        QVERIFY(rows(qit, qitColumns, false) == rows(qitExpected, qitColumns, false));
        QVERIFY(rows(qit, qitColumns, true) != rows(qitExpected, qitColumns, true));
        const Table st = readCsv({prefix + ".st.csv"}), stExpected = sensitiveTable(kept, s, release);
        const std::vector<std::string> stColumns{"group", "occupation"};
        QVERIFY(rows(st, stColumns, true) == rows(stExpected, stColumns, true));

        // Cancelled while anatomy's tables are written: the generalized table written before goes too.
        bool cancelled = false;
        try {
            exportComparisonTables(*CsvSource::open({file}), streamed, l, prefix + "-cancelled",
                                   [](double f) { return f < 0.75; });
        } catch (const Cancelled&) {
            cancelled = true;
        }
        QVERIFY(cancelled);
        for (const char* suffix : {".generalized.csv", ".qit.csv", ".st.csv"})
            QVERIFY(!QFile::exists(QString::fromStdString(prefix + "-cancelled" + suffix)));

        // A run restored from a session holds no counts: nothing to export from.
        ComparisonRun restored;
        restored.sweep = streamed.sweep;
        QVERIFY(inputErrorOf([&] { exportComparisonTables(*CsvSource::open({file}), restored, l, prefix + "2"); })
                    .contains("press Compare"));
    }
};

QTEST_APPLESS_MAIN(TestAnalysis)
#include "test_analysis.moc"
