// The generalization lattice and the search for the optimal node: checked against brute force.
#include "EsgroData.h"

#include "core/anonymization/DistinctLDiversity.h"
#include "core/anonymization/EntropyLDiversity.h"
#include "core/anonymization/Generalization.h"
#include "core/anonymization/InformationLoss.h"
#include "core/anonymization/KAnonymity.h"
#include "core/anonymization/Lattice.h"
#include "core/anonymization/LatticeSearch.h"
#include "core/anonymization/RecursiveCLDiversity.h"
#include "core/data/Errors.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>
#include <memory>
#include <numeric>

using namespace rr;
using namespace rr::testdata;

namespace {

AttributeGeneralization generalization(const std::string& name, std::vector<std::vector<int>> codeAt)
{
    AttributeGeneralization g{name, std::string("test"), std::move(codeAt), {}};
    for (const auto& level : g.codeAt) {
        const int n = *std::max_element(level.begin(), level.end()) + 1;
        std::vector<std::string> labels;
        for (int i = 0; i < n; ++i)
            labels.push_back(name + std::to_string(i));
        g.labels.push_back(labels);
    }
    return g;
}

// A: 6 values, 4 levels; B: 4 values, 3 levels; C: 2 values, 2 levels; S: 4 values.
// Lattice of 4 x 3 x 2 = 24 nodes; sparse pseudo-random counts so that low nodes fail.
struct Synthetic {
    ContingencyTable joint;
    std::vector<AttributeGeneralization> qi;
};

Synthetic synthetic(unsigned seed)
{
    Synthetic s{ContingencyTable({6, 4, 2, 4}, {"A", "B", "C", "S"}), {}};
    s.qi.push_back(
        generalization("A", {{0, 1, 2, 3, 4, 5}, {0, 0, 1, 1, 2, 2}, {0, 0, 0, 0, 1, 1}, {0, 0, 0, 0, 0, 0}}));
    s.qi.push_back(generalization("B", {{0, 1, 2, 3}, {0, 0, 1, 1}, {0, 0, 0, 0}}));
    s.qi.push_back(generalization("C", {{0, 1}, {0, 0}}));
    unsigned x = seed;
    for (Eigen::Index i = 0; i < s.joint.counts().size(); ++i) {
        x = x * 1103515245u + 12345u;
        const unsigned r = (x >> 16) % 10;
        s.joint.counts()[i] = r < 5 ? 0.0 : static_cast<double>(r - 4); // half the cells empty
    }
    return s;
}

struct Optimum {
    bool found = false;
    double value = 0;
    int height = 0;
};

// The brute-force optimum: the lowest metric over every anonymous node, ties to the lower height.
Optimum bruteForce(const std::vector<NodeReport>& all)
{
    Optimum o;
    for (const auto& r : all) {
        if (!r.anonymous)
            continue;
        const int h = std::accumulate(r.node.begin(), r.node.end(), 0);
        const double tol = 1e-9 * std::max(1.0, std::abs(o.value));
        if (!o.found || r.metricValue < o.value - tol || (std::abs(r.metricValue - o.value) <= tol && h < o.height)) {
            o.found = true;
            o.value = r.metricValue;
            o.height = h;
        }
    }
    return o;
}

const NodeReport& reportOf(const std::vector<NodeReport>& all, const LatticeNode& node)
{
    for (const auto& r : all)
        if (r.node == node)
            return r;
    throw std::logic_error("node not in the lattice");
}

} // namespace

class TestLattice : public QObject {
    Q_OBJECT
private slots:
    void latticeStructure()
    {
        const GeneralizationLattice lat({3, 1, 1, 1}); // ESGRO with ARX's hierarchies
        QCOMPARE(lat.size(), std::size_t(32));
        QCOMPARE(lat.maxHeight(), 6);
        for (std::size_t i = 0; i < lat.size(); ++i)
            QCOMPARE(lat.index(lat.node(i)), i);
        const std::size_t bottom = lat.index({0, 0, 0, 0});
        const std::size_t top = lat.index({3, 1, 1, 1});
        QCOMPARE(lat.successors(bottom).size(), std::size_t(4));
        QVERIFY(lat.predecessors(bottom).empty());
        QVERIFY(lat.successors(top).empty());
        QCOMPARE(lat.predecessors(top).size(), std::size_t(4));
        for (std::size_t s : lat.successors(lat.index({1, 0, 1, 0}))) {
            QVERIFY(generalizes(lat.node(s), {1, 0, 1, 0}));
            QCOMPARE(lat.height(s), 3);
        }
        const auto order = lat.byHeight();
        QCOMPARE(order.size(), lat.size());
        for (std::size_t i = 1; i < order.size(); ++i)
            QVERIFY(lat.height(order[i - 1]) <= lat.height(order[i]));
        QVERIFY(!generalizes({1, 0}, {0, 1}));
        bool threw = false;
        try {
            GeneralizationLattice huge(std::vector<int>(30, 2)); // 3^30 nodes
        } catch (const DomainError&) {
            threw = true;
        }
        QVERIFY(threw);
    }

    void partitionCountsClasses()
    {
        const Synthetic s = synthetic(7);
        const Partition bottom = partitionAt(s.joint, s.qi, {0, 0, 0});
        const Partition top = partitionAt(s.joint, s.qi, {3, 2, 1});
        QCOMPARE(top.classes.size(), std::size_t(1));
        QCOMPARE(top.classes[0].size, s.joint.total());
        QCOMPARE(bottom.total, s.joint.total());
        double sum = 0;
        for (const auto& c : bottom.classes) {
            QVERIFY(c.size > 0);
            QCOMPARE(std::accumulate(c.sensitive.begin(), c.sensitive.end(), 0.0), c.size);
            sum += c.size;
        }
        QCOMPARE(sum, s.joint.total());
        // Every QI cell of a class maps back to it.
        for (std::size_t q = 0; q < bottom.classOfQiCell.size(); ++q)
            if (s.joint.counts().segment(static_cast<Eigen::Index>(q * 4), 4).sum() > 0)
                QVERIFY(bottom.classOfQiCell[q] >= 0);
    }

    void metricValuesByHand()
    {
        // A (3 values) x S (4 values); class sizes 7, 3, 4; the last one suppressed.
        ContingencyTable joint({3, 4}, {"A", "S"});
        joint.counts() << 5, 1, 1, 0, 1, 1, 1, 0, 0, 0, 2, 2;
        const std::vector<AttributeGeneralization> qi{generalization("A", {{0, 1, 2}, {0, 0, 0}})};
        const Partition p = partitionAt(joint, qi, {0});
        const DistinctLDiversity d3(3);
        const NodeAssessment a = assessPartition(p, {&d3}, 0.3);
        QVERIFY(a.anonymous);
        QCOMPARE(makeInformationLossMetric(parseLossMetricKind("discernibility"))->value(p, a),
                 49.0 + 9.0 + 4.0 * 14.0);
        RR_COMPARE_NEAR(makeInformationLossMetric(parseLossMetricKind("aecs"))->value(p, a), 14.0 / 3.0, 1e-12);
        QCOMPARE(makeInformationLossMetric(parseLossMetricKind("height"))->value(p, a), 0.0);
        const Partition top = partitionAt(joint, qi, {1});
        const NodeAssessment none = assessPartition(top, {&d3}, 0);
        QCOMPARE(makeInformationLossMetric(parseLossMetricKind("discernibility"))->value(top, none), 196.0);
        QCOMPARE(makeInformationLossMetric(parseLossMetricKind("aecs"))->value(top, none), 14.0);
        QCOMPARE(makeInformationLossMetric(parseLossMetricKind("height"))->value(top, none), 1.0);
        bool threw = false;
        try {
            makeInformationLossMetric(parseLossMetricKind("precision"));
        } catch (const InputError&) {
            threw = true;
        }
        QVERIFY(threw);
    }

    // The search's node is optimal: compared with every node of the lattice, for every model,
    // metric and suppression limit, on several synthetic tables.
    void optimalAgainstBruteForce()
    {
        std::size_t prunedSomewhere = 0;
        for (unsigned seed : {1u, 2u, 3u, 11u}) {
            const Synthetic s = synthetic(seed);
            const KAnonymity k4(4);
            const DistinctLDiversity d2(2), d3(3);
            const EntropyLDiversity e2(2), e3(2.5);
            const RecursiveCLDiversity r(2, 2);
            for (const PrivacyModel* model : std::vector<const PrivacyModel*>{&k4, &d2, &d3, &e2, &e3, &r})
                for (const char* metricName : {"height", "aecs", "discernibility"})
                    for (double limit : {0.0, 0.05, 0.2})
                        for (std::size_t selection : {std::size_t(512), std::size_t(0)}) { // both strategies
                            const auto metric = makeInformationLossMetric(parseLossMetricKind(metricName));
                            const auto all = assessAllNodes(s.joint, s.qi, {model}, *metric, limit);
                            const Optimum best = bruteForce(all);
                            LatticeSearchOptions o;
                            o.suppressionLimit = limit;
                            o.exhaustiveSelectionLimit = selection;
                            const LatticeSearchResult res = findOptimalNode(s.joint, s.qi, {model}, *metric, o);
                            const std::string what = model->name() + " " + metricName + " limit " +
                                                     std::to_string(limit) + " seed " + std::to_string(seed) +
                                                     " selection " + std::to_string(selection);
                            QVERIFY2(res.found == best.found, what.c_str());
                            QVERIFY2(res.nodesChecked <= res.latticeSize + res.anonymousNodes, what.c_str());
                            const std::size_t anonymous = static_cast<std::size_t>(
                                std::count_if(all.begin(), all.end(), [](const NodeReport& r) { return r.anonymous; }));
                            QVERIFY2(res.anonymousNodes == anonymous, what.c_str()); // pruning inferred correctly
                            if (!best.found)
                                continue;
                            const NodeReport& chosen = reportOf(all, res.node);
                            QVERIFY2(chosen.anonymous, what.c_str());
                            QVERIFY2(std::abs(chosen.metricValue - best.value) <= 1e-9 * std::max(1.0, best.value),
                                     what.c_str());
                            QVERIFY2(std::abs(res.metricValue - best.value) <= 1e-9 * std::max(1.0, best.value),
                                     what.c_str());
                            QVERIFY2(std::accumulate(res.node.begin(), res.node.end(), 0) == best.height, what.c_str());
                            QCOMPARE(res.assessment.suppressedRecords, chosen.suppressedRecords);
                            if (res.pruned && res.nodesChecked < res.latticeSize)
                                ++prunedSomewhere;
                        }
        }
        QVERIFY(prunedSomewhere > 0);
    }

    void pruningChecksFewerNodes()
    {
        const Synthetic s = synthetic(3);
        const DistinctLDiversity d2(2);
        const auto dm = makeInformationLossMetric(parseLossMetricKind("discernibility"));
        const LatticeSearchResult res = findOptimalNode(s.joint, s.qi, {&d2}, *dm);
        QVERIFY(res.found);
        QVERIFY(res.pruned);
        QVERIFY2(res.nodesChecked < res.latticeSize,
                 (std::to_string(res.nodesChecked) + " of " + std::to_string(res.latticeSize)).c_str());
        // Entropy l-diversity with suppression is not monotone: every node is checked.
        const EntropyLDiversity e2(2);
        LatticeSearchOptions o;
        o.suppressionLimit = 0.1;
        const LatticeSearchResult full = findOptimalNode(s.joint, s.qi, {&e2}, *dm, o);
        QVERIFY(!full.pruned);
        QVERIFY(full.nodesChecked >= full.latticeSize);
    }

    void noAnonymousNode()
    {
        const Synthetic s = synthetic(5);
        const DistinctLDiversity d5(5); // S has 4 values
        const LatticeSearchResult res =
            findOptimalNode(s.joint, s.qi, {&d5}, *makeInformationLossMetric(parseLossMetricKind("height")));
        QVERIFY(!res.found);
        QCOMPARE(res.anonymousNodes, std::size_t(0));
    }

    void cancellation()
    {
        const Synthetic s = synthetic(5);
        const DistinctLDiversity d2(2);
        LatticeSearchOptions o;
        o.progress = [](std::size_t checked, std::size_t) { return checked < 2; };
        bool cancelled = false;
        try {
            findOptimalNode(s.joint, s.qi, {&d2}, *makeInformationLossMetric(parseLossMetricKind("height")), o);
        } catch (const SearchCancelled&) {
            cancelled = true;
        }
        QVERIFY(cancelled);
    }

    void badInput()
    {
        const Synthetic s = synthetic(5);
        const DistinctLDiversity d2(2);
        const auto h = makeInformationLossMetric(parseLossMetricKind("height"));
        LatticeSearchOptions o;
        o.suppressionLimit = 1.0;
        bool threw = false;
        try {
            findOptimalNode(s.joint, s.qi, {&d2}, *h, o);
        } catch (const InputError& e) {
            threw = std::string(e.what()).find("suppression limit") != std::string::npos;
        }
        QVERIFY(threw);
        threw = false;
        try {
            findOptimalNode(s.joint, {s.qi[0]}, {&d2}, *h);
        } catch (const InputError& e) {
            threw = std::string(e.what()).find("one hierarchy per quasi-identifier") != std::string::npos;
        }
        QVERIFY(threw);
    }

    // ESGRO with ARX's hierarchies: the search agrees with brute force for l = 2..7.
    void esgroOptimalNodes()
    {
        const Esgro e = esgro();
        std::vector<int> used = e.qi;
        used.push_back(e.sensitive);
        std::vector<uint32_t> rows(e.table.rowCount());
        std::iota(rows.begin(), rows.end(), 0u);
        const ContingencyTable joint = buildContingency(e.table, used, rows);
        for (int l = 2; l <= 7; ++l)
            for (const char* metricName : {"height", "aecs", "discernibility"})
                for (std::size_t selection : {std::size_t(512), std::size_t(0)}) {
                    const EntropyLDiversity model(l);
                    const auto metric = makeInformationLossMetric(parseLossMetricKind(metricName));
                    const auto all = assessAllNodes(joint, e.hierarchies, {&model}, *metric, 0);
                    const Optimum best = bruteForce(all);
                    LatticeSearchOptions o;
                    o.exhaustiveSelectionLimit = selection;
                    const LatticeSearchResult res = findOptimalNode(joint, e.hierarchies, {&model}, *metric, o);
                    const std::string what =
                        "l = " + std::to_string(l) + " " + metricName + " selection " + std::to_string(selection);
                    QVERIFY2(res.found == best.found, what.c_str());
                    QCOMPARE(res.latticeSize, std::size_t(32));
                    QVERIFY2(res.nodesChecked < 32, what.c_str());
                    if (best.found) {
                        QVERIFY2(reportOf(all, res.node).anonymous, what.c_str());
                        QVERIFY2(std::abs(res.metricValue - best.value) <= 1e-9 * best.value, what.c_str());
                    }
                }
    }

    void generalizedTable()
    {
        Table t;
        Attribute a{"A", {"a1", "a2", "a3"}, {0, 1, 2, 0, 2, 1}};
        Attribute other{"note", {"x", "y"}, {0, 1, 0, 1, 0, 1}};
        Attribute s{"S", {"s1", "s2"}, {0, 1, 1, 0, 0, 1}};
        t.attributes = {a, other, s};
        const std::vector<AttributeGeneralization> qi{bindHierarchy(
            [] {
                std::istringstream in("a1;low;*\na2;low;*\na3;high;*\n");
                return parseHierarchy(in, "A");
            }(),
            t.attributes[0])};
        std::vector<uint32_t> rows(6);
        std::iota(rows.begin(), rows.end(), 0u);
        const ContingencyTable joint = buildContingency(t, {0, 2}, rows);
        // Level 1: low = rows 0, 1, 3, 5 (S: s1, s2, s1, s2), high = rows 2, 4 (s2, s1).
        const Partition p = partitionAt(joint, qi, {1});
        const DistinctLDiversity d2(2);
        const GeneralizedRelease rel = generalizeTable(t, {0}, qi, p, assessPartition(p, {&d2}, 0));
        QCOMPARE(rel.suppressedRecords, std::size_t(0));
        QCOMPARE(rel.releasedClasses, std::size_t(2));
        QCOMPARE(rel.table.rowCount(), std::size_t(6));
        QCOMPARE(rel.table.attributes[0].categories, (std::vector<std::string>{"low", "high"}));
        QCOMPARE(rel.table.attributes[0].codes, (std::vector<int32_t>{0, 0, 1, 0, 1, 0}));
        QCOMPARE(rel.table.attributes[1].codes, other.codes); // other columns unchanged
        QCOMPARE(rel.table.attributes[2].codes, s.codes);
        // Level 0 with 2-anonymity and suppression: a3 (rows 2, 4) passes, a1 and a2 too (2 each).
        // With 3-anonymity every class fails and all rows are suppressed.
        const Partition p0 = partitionAt(joint, qi, {0});
        const KAnonymity k3(3);
        const GeneralizedRelease none = generalizeTable(t, {0}, qi, p0, assessPartition(p0, {&k3}, 0.99));
        QCOMPARE(none.suppressedRecords, std::size_t(6));
        QCOMPARE(none.table.rowCount(), std::size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestLattice)
#include "test_lattice.moc"
