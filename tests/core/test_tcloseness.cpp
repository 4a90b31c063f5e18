// t-closeness (Li, Li and Venkatasubramanian 2007): the earth mover's distance by hand, the model, its
// monotonicity and the lattice search's optimum against brute force on ESGRO.
#include "EsgroData.h"

#include "core/anonymization/EarthMoversDistance.h"
#include "core/anonymization/InformationLoss.h"
#include "core/anonymization/Lattice.h"
#include "core/anonymization/LatticeSearch.h"
#include "core/anonymization/PrivacyModel.h"
#include "core/anonymization/TCloseness.h"
#include "core/comparison/TClosenessAtRisk.h"
#include "core/data/Errors.h"

#include "TestSupport.h"

#include <QtTest>

#include <algorithm>
#include <limits>
#include <numeric>
#include <random>
#include <set>

using namespace rr;
using namespace rr::testdata;

namespace {

// S = a, b, c, d; level 1: a, b -> X and c, d -> Y; level 2: *. Height H = 2: d(a, b) = 1/2, d(a, c) = 1.
AttributeGeneralization twoLevelHierarchy()
{
    return AttributeGeneralization{std::string("S"),
                                   std::string("test"),
                                   {{0, 1, 2, 3}, {0, 0, 1, 1}, {0, 0, 0, 0}},
                                   {{"a", "b", "c", "d"}, {"X", "Y"}, {"*"}}};
}

template <typename F>
std::string inputError(F f)
{
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

struct EsgroJoint {
    Esgro e;
    ContingencyTable joint;
    AttributeGeneralization occupation;
};

EsgroJoint esgroJoint()
{
    EsgroJoint j{esgro(), ContingencyTable({1}), {}};
    std::vector<int> used = j.e.qi;
    used.push_back(j.e.sensitive);
    std::vector<uint32_t> rows(j.e.table.rowCount());
    std::iota(rows.begin(), rows.end(), 0u);
    j.joint = buildContingency(j.e.table, used, rows);
    j.occupation = bindHierarchy(readHierarchyFile(arxFolder() + "/adult_hierarchy_occupation.csv"),
                                 j.e.table.attributes[static_cast<std::size_t>(j.e.sensitive)]);
    return j;
}

// The largest EMD of a node's classes to the whole table, computed from the EMD functions, not the model.
double worstEmd(const Partition& p, const std::vector<double>& overall, GroundDistance d,
                const AttributeGeneralization& s)
{
    double worst = 0;
    for (const EquivalenceClass& c : p.classes) {
        std::vector<double> dist(c.sensitive.size());
        for (std::size_t i = 0; i < dist.size(); ++i)
            dist[i] = c.sensitive[i] / c.size;
        worst = std::max(worst, d == GroundDistance::Equal ? equalDistanceEmd(dist, overall)
                                                           : hierarchicalEmd(dist, overall, s));
    }
    return worst;
}

} // namespace

class TestTCloseness : public QObject {
    Q_OBJECT
private slots:
    // Li et al. 2007, Sec. 4.2: EMD = 1/2 sum |p_i - q_i| when every two values are at distance 1.
    void equalDistanceByHand()
    {
        // Identical distributions: nothing to move.
        RR_COMPARE_NEAR(equalDistanceEmd({0.2, 0.3, 0.5}, {0.2, 0.3, 0.5}), 0.0, 1e-15);
        // Disjoint supports: all the mass moves, distance 1: (1 + 0.5 + 0.5) / 2 = 1.
        RR_COMPARE_NEAR(equalDistanceEmd({1, 0, 0}, {0, 0.5, 0.5}), 1.0, 1e-15);
        // (|0.7 - 0.5| + |0.1 - 0.3| + 0) / 2 = 0.2: 0.2 moves from the first value to the second.
        RR_COMPARE_NEAR(equalDistanceEmd({0.7, 0.1, 0.2}, {0.5, 0.3, 0.2}), 0.2, 1e-15);
        // Two of four values against uniform: (4 x 0.25) / 2 = 0.5.
        RR_COMPARE_NEAR(equalDistanceEmd({0.5, 0.5, 0, 0}, {0.25, 0.25, 0.25, 0.25}), 0.5, 1e-15);
        QVERIFY(!inputError([] { equalDistanceEmd({1}, {0.5, 0.5}); }).empty());
    }

    // Li et al. 2007, Sec. 4.2: sum over internal nodes N of level(N)/H * min(pos_extra(N), neg_extra(N)).
    void hierarchicalDistanceByHand()
    {
        const AttributeGeneralization h = twoLevelHierarchy();
        const std::vector<double> uniform{0.25, 0.25, 0.25, 0.25};
        // Identical: every extra is 0.
        RR_COMPARE_NEAR(hierarchicalEmd(uniform, uniform, h), 0.0, 1e-15);
        // Disjoint supports across the root, a -> d: extras (1, 0, 0, -1); X: pos 1, neg 0, cost 0, extra 1;
        // Y: pos 0, neg 1, cost 0, extra -1; root: min(1, 1) x 2/2 = 1.
        RR_COMPARE_NEAR(hierarchicalEmd({1, 0, 0, 0}, {0, 0, 0, 1}, h), 1.0, 1e-15);
        // Disjoint supports under one parent, a -> b: X: min(1, 1) x 1/2 = 0.5, extra 0; root 0. Equal: 1.
        RR_COMPARE_NEAR(hierarchicalEmd({1, 0, 0, 0}, {0, 1, 0, 0}, h), 0.5, 1e-15);
        RR_COMPARE_NEAR(equalDistanceEmd({1, 0, 0, 0}, {0, 1, 0, 0}), 1.0, 1e-15);
        // All of X against uniform: extras (.25, .25, -.25, -.25); X, Y cost 0, extras .5, -.5; root .5 x 1.
        RR_COMPARE_NEAR(hierarchicalEmd({0.5, 0.5, 0, 0}, uniform, h), 0.5, 1e-15);
        // Moves within X and Y only: extras (.15, -.15, .05, -.05); X: .15 x 1/2; Y: .05 x 1/2; root 0: 0.1.
        // Equal distance: (.15 + .15 + .05 + .05) / 2 = 0.2.
        RR_COMPARE_NEAR(hierarchicalEmd({0.4, 0.1, 0.3, 0.2}, uniform, h), 0.1, 1e-15);
        RR_COMPARE_NEAR(equalDistanceEmd({0.4, 0.1, 0.3, 0.2}, uniform), 0.2, 1e-15);
        // Both levels: p (.6, 0, .4, 0), q (.1, .2, .3, .4): extras (.5, -.2, .1, -.4); X: min(.5, .2) x 1/2 = .1,
        // extra .3; Y: min(.1, .4) x 1/2 = .05, extra -.3; root: min(.3, .3) x 1 = .3. EMD = .45 (move .2 a -> b,
        // .1 c -> d, .3 a -> d).
        RR_COMPARE_NEAR(hierarchicalEmd({0.6, 0, 0.4, 0}, {0.1, 0.2, 0.3, 0.4}, h), 0.45, 1e-15);
        // A hierarchy of height 1 (every value -> *) puts every pair at distance 1: the equal distance.
        const AttributeGeneralization flat{
            std::string("S"), std::string("test"), {{0, 1, 2, 3}, {0, 0, 0, 0}}, {{"a", "b", "c", "d"}, {"*"}}};
        for (const auto& [p, q] : std::vector<std::pair<std::vector<double>, std::vector<double>>>{
                 {{0.6, 0, 0.4, 0}, {0.1, 0.2, 0.3, 0.4}}, {{0.4, 0.1, 0.3, 0.2}, uniform}, {{1, 0, 0, 0}, uniform}})
            RR_COMPARE_NEAR(hierarchicalEmd(p, q, flat), equalDistanceEmd(p, q), 1e-15);
        QVERIFY(!inputError([&] { hierarchicalEmd({0.5, 0.5}, {0.5, 0.5}, h); }).empty());
    }

    // On a tree whose edges weigh 1/(2H) each, the distance of two leaves is level(LCA)/H, and the EMD is
    // 1/(2H) sum over the non-root nodes of |mass of p - mass of q below| (the flow over the node's edge).
    // The paper's formula agrees on random distributions over ARX's occupation hierarchy (14 values, H = 2).
    void hierarchicalAgreesWithTreeFlow()
    {
        const EsgroJoint j = esgroJoint();
        const AttributeGeneralization& h = j.occupation;
        const int height = h.maxLevel();
        QCOMPARE(height, 2);
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> u(0, 1);
        for (int trial = 0; trial < 200; ++trial) {
            std::vector<double> p(h.codeAt[0].size()), q(p.size());
            for (std::size_t i = 0; i < p.size(); ++i) {
                p[i] = trial % 2 && u(rng) < 0.5 ? 0 : u(rng); // sparse supports half of the time
                q[i] = u(rng);
            }
            for (auto* v : {&p, &q}) {
                const double sum = std::accumulate(v->begin(), v->end(), 0.0);
                for (double& x : *v)
                    x /= sum;
            }
            double flow = 0;
            for (int level = 0; level < height; ++level) {
                std::vector<double> below(static_cast<std::size_t>(h.domainAt(level)), 0.0);
                for (std::size_t i = 0; i < p.size(); ++i)
                    below[static_cast<std::size_t>(h.codeAt[static_cast<std::size_t>(level)][i])] += p[i] - q[i];
                for (double e : below)
                    flow += std::abs(e);
            }
            RR_COMPARE_NEAR(hierarchicalEmd(p, q, h), flow / (2.0 * height), 1e-12);
            QVERIFY(hierarchicalEmd(p, q, h) <= equalDistanceEmd(p, q) + 1e-12); // ground distances <= 1
        }
    }

    void modelVerdicts()
    {
        // Whole table (a, b, c, d) = uniform; a class (2, 2, 0, 0): equal EMD 0.5, hierarchical 0.5;
        // a class (3, 1, 3, 1): equal 0.25, hierarchical (.125 + .125) x 1/2 = 0.125.
        const std::vector<double> uniform{0.25, 0.25, 0.25, 0.25};
        EquivalenceClass x{{0}, 4, {2, 2, 0, 0}};
        EquivalenceClass mixed{{1}, 8, {3, 1, 3, 1}};
        const TCloseness equal(0.3, GroundDistance::Equal, uniform);
        RR_COMPARE_NEAR(equal.distance(x), 0.5, 1e-15);
        RR_COMPARE_NEAR(equal.distance(mixed), 0.25, 1e-15);
        QVERIFY(!equal.isAnonymous(x));
        QVERIFY(equal.isAnonymous(mixed));
        const TCloseness hier(0.2, GroundDistance::Hierarchical, uniform, twoLevelHierarchy());
        RR_COMPARE_NEAR(hier.distance(mixed), 0.125, 1e-15);
        QVERIFY(hier.isAnonymous(mixed));
        QVERIFY(!hier.isAnonymous(x));
        QVERIFY(TCloseness(0.5, GroundDistance::Equal, uniform).isAnonymous(x)); // exactly at t
        QVERIFY(!equal.monotoneWithSuppression());
        QCOMPARE(equal.name(), std::string("0.3-closeness (equal distance)"));
        QCOMPARE(hier.name(), std::string("0.2-closeness (hierarchical distance)"));
    }

    void factoryAndErrors()
    {
        QVERIFY(parsePrivacyModelKind("t-closeness") == PrivacyModelKind::TCloseness);
        QCOMPARE(toString(PrivacyModelKind::TCloseness), std::string("t-closeness"));
        QVERIFY(parseGroundDistance("hierarchical") == GroundDistance::Hierarchical);
        QVERIFY(inputError([] { parseGroundDistance("ordered"); }).find("equal or hierarchical") != std::string::npos);
        TClosenessInputs in;
        in.t = 0.25;
        in.overall = {0.5, 0.5};
        QCOMPARE(makePrivacyModel(PrivacyModelKind::TCloseness, 0, 0, 0, in)->name(),
                 std::string("0.25-closeness (equal distance)"));
        for (double t : {0.0, -0.1, 1.5, std::nan("")}) {
            in.t = t;
            QVERIFY(inputError([&] { makePrivacyModel(PrivacyModelKind::TCloseness, 0, 0, 0, in); }).find("(0, 1]") !=
                    std::string::npos);
        }
        in.t = 0.25;
        in.distance = GroundDistance::Hierarchical;
        QVERIFY(inputError([&] {
                    makePrivacyModel(PrivacyModelKind::TCloseness, 0, 0, 0, in);
                }).find("needs a hierarchy of the sensitive attribute") != std::string::npos);
        in.sensitive = twoLevelHierarchy(); // 4 values, S has 2
        QVERIFY(inputError([&] {
                    makePrivacyModel(PrivacyModelKind::TCloseness, 0, 0, 0, in);
                }).find("covers 4 values") != std::string::npos);
        ContingencyTable joint({2, 3});
        joint.counts() << 1, 0, 3, 2, 2, 2;
        const std::vector<double> q = sensitiveDistribution(joint);
        RR_COMPARE_VECTORS_NEAR(q, (std::vector<double>{0.3, 0.2, 0.5}), 1e-15);
    }

    // Without suppression t-closeness is monotone: the largest EMD of a node's classes never grows from a node
    // to a direct generalization (ESGRO, S = occupation, both distances, every node of the 32-node lattice).
    void monotoneOnEsgro()
    {
        const EsgroJoint j = esgroJoint();
        const std::vector<double> q = sensitiveDistribution(j.joint);
        const GeneralizationLattice lattice({3, 1, 1, 1}); // ARX's education: 3 levels above the value
        QCOMPARE(j.e.hierarchies[0].maxLevel(), 3);
        for (GroundDistance d : {GroundDistance::Equal, GroundDistance::Hierarchical}) {
            std::vector<double> worst(lattice.size());
            for (std::size_t i = 0; i < lattice.size(); ++i)
                worst[i] = worstEmd(partitionAt(j.joint, j.e.hierarchies, lattice.node(i)), q, d, j.occupation);
            RR_COMPARE_NEAR(worst.back(), 0.0, 1e-12); // the top node: one class, the whole table
            QVERIFY(worst.front() > 0.5);              // the bottom node has classes far from the table
            std::size_t strictlyLower = 0;
            for (std::size_t i = 0; i < lattice.size(); ++i)
                for (std::size_t up : lattice.successors(i)) {
                    QVERIFY2(worst[up] <= worst[i] + 1e-12, toString(d).c_str());
                    strictlyLower += worst[up] < worst[i] - 1e-6 ? 1 : 0;
                }
            QVERIFY(strictlyLower > 10); // the check is not vacuous
            // The same through the model at one t: every generalization of a t-close node is t-close.
            const TCloseness model(0.2, d, q, j.occupation);
            const auto metric = makeInformationLossMetric(LossMetricKind::Height);
            const auto all = assessAllNodes(j.joint, j.e.hierarchies, {&model}, *metric, 0);
            for (std::size_t i = 0; i < lattice.size(); ++i) {
                QCOMPARE(all[i].anonymous, worst[i] <= 0.2 + 1e-12);
                if (all[i].anonymous)
                    for (std::size_t up : lattice.successors(i))
                        QVERIFY(all[up].anonymous);
            }
        }
    }

    // The lattice search's optimum equals a brute-force loop over every node (same node, same metric value).
    void esgroOptimumAgainstBruteForce()
    {
        const EsgroJoint j = esgroJoint();
        const std::vector<double> q = sensitiveDistribution(j.joint);
        const GeneralizationLattice lattice({3, 1, 1, 1});
        std::set<LatticeNode> optima; // the t values reach inside the lattice, not only its top
        for (GroundDistance d : {GroundDistance::Equal, GroundDistance::Hierarchical})
            for (double t : {0.21, 0.3, 0.45, 0.6}) // the nodes' largest EMDs span 0.18 to 0.98
                for (const LossMetricKind kind :
                     {LossMetricKind::Height, LossMetricKind::Aecs, LossMetricKind::Discernibility}) {
                    const TCloseness model(t, d, q, j.occupation);
                    const auto metric = makeInformationLossMetric(kind);
                    // Brute force: the t-close nodes by the EMD functions; least loss, then height, then index.
                    bool found = false;
                    LatticeNode best;
                    double bestValue = 0;
                    int bestHeight = 0;
                    for (std::size_t i = 0; i < lattice.size(); ++i) {
                        const Partition p = partitionAt(j.joint, j.e.hierarchies, lattice.node(i));
                        if (worstEmd(p, q, d, j.occupation) > t + 1e-12)
                            continue;
                        NodeAssessment a;
                        a.anonymous = true;
                        a.suppressed.assign(p.classes.size(), 0);
                        const double v = metric->value(p, a);
                        const double tol = 1e-9 * std::max(1.0, bestValue);
                        if (!found || v < bestValue - tol ||
                            (std::abs(v - bestValue) <= tol && lattice.height(i) < bestHeight)) {
                            found = true;
                            best = lattice.node(i);
                            bestValue = v;
                            bestHeight = lattice.height(i);
                        }
                    }
                    const LatticeSearchResult res = findOptimalNode(j.joint, j.e.hierarchies, {&model}, *metric);
                    const std::string what = model.name() + " " + toString(kind);
                    QVERIFY2(found, what.c_str());
                    QVERIFY2(res.found, what.c_str());
                    QVERIFY2(res.node == best, what.c_str());
                    QVERIFY2(std::abs(res.metricValue - bestValue) <= 1e-9 * std::max(1.0, bestValue), what.c_str());
                    QVERIFY2(res.pruned && res.nodesChecked < res.latticeSize, what.c_str());
                    optima.insert(res.node);
                    qDebug("%s: node %d%d%d%d, %s %.6g, %zu of %zu nodes checked", what.c_str(), res.node[0],
                           res.node[1], res.node[2], res.node[3], res.metric.c_str(), res.metricValue, res.nodesChecked,
                           res.latticeSize);
                }
        QVERIFY(optima.size() >= 5);
        QVERIFY(!optima.count(LatticeNode{3, 1, 1, 1}));
        // With suppression (not monotone: every node is checked) the optimum is still brute force's.
        for (GroundDistance d : {GroundDistance::Equal, GroundDistance::Hierarchical}) {
            const TCloseness model(0.3, d, q, j.occupation);
            const auto metric = makeInformationLossMetric(LossMetricKind::Discernibility);
            LatticeSearchOptions o;
            o.suppressionLimit = 0.05;
            const LatticeSearchResult res = findOptimalNode(j.joint, j.e.hierarchies, {&model}, *metric, o);
            const auto all = assessAllNodes(j.joint, j.e.hierarchies, {&model}, *metric, 0.05);
            double best = std::numeric_limits<double>::infinity();
            for (const NodeReport& r : all)
                if (r.anonymous)
                    best = std::min(best, r.metricValue);
            QVERIFY(res.found && !res.pruned);
            QCOMPARE(res.metricValue, best);
            QVERIFY(res.assessment.suppressedRecords > 0); // suppression is used at the optimum
        }
    }

    // The t compare uses (TClosenessAtRisk.h) against brute force over every node, without suppression: the
    // optimum at t is the least-loss node whose largest class EMD is <= t; going down the nodes' largest EMDs,
    // the first optimum whose max posterior (max over classes of max_s c_E(s) / |E|) is <= tau is the answer.
    void tForRiskAgainstBruteForce()
    {
        const EsgroJoint j = esgroJoint();
        const std::vector<double> q = sensitiveDistribution(j.joint);
        const GeneralizationLattice lattice({3, 1, 1, 1});
        const auto metric = makeInformationLossMetric(LossMetricKind::Discernibility);
        std::set<LatticeNode> answers;
        for (GroundDistance d : {GroundDistance::Equal, GroundDistance::Hierarchical}) {
            std::vector<double> worst(lattice.size()), loss(lattice.size()), risk(lattice.size());
            for (std::size_t i = 0; i < lattice.size(); ++i) {
                const Partition p = partitionAt(j.joint, j.e.hierarchies, lattice.node(i));
                worst[i] = worstEmd(p, q, d, j.occupation);
                NodeAssessment a;
                a.anonymous = true;
                a.suppressed.assign(p.classes.size(), 0);
                loss[i] = metric->value(p, a);
                for (const EquivalenceClass& c : p.classes)
                    risk[i] = std::max(risk[i], *std::max_element(c.sensitive.begin(), c.sensitive.end()) / c.size);
            }
            std::vector<double> ts = worst;
            ts.push_back(1);
            std::sort(ts.rbegin(), ts.rend());
            for (int l : {2, 3, 4, 5, 6}) {
                const double tau = 1.0 / l;
                std::size_t expected = lattice.size();
                double expectedT = 0;
                for (double t : ts) {
                    std::size_t best = lattice.size();
                    for (std::size_t i = 0; i < lattice.size(); ++i)
                        if (worst[i] <= t + 1e-12 &&
                            (best == lattice.size() || loss[i] < loss[best] - 1e-9 * loss[best] ||
                             (std::abs(loss[i] - loss[best]) <= 1e-9 * loss[best] &&
                              lattice.height(i) < lattice.height(best))))
                            best = i;
                    if (risk[best] <= tau + 1e-12) {
                        expected = best;
                        expectedT = t;
                        break;
                    }
                }
                const TClosenessAtRisk r =
                    tClosenessAtRisk(j.joint, j.e.hierarchies, d, j.occupation, *metric, LatticeSearchOptions{}, tau);
                const std::string what = toString(d) + " l = " + std::to_string(l);
                QVERIFY2(expected < lattice.size(), what.c_str()); // ESGRO's top node has risk 0.135 (Prof-specialty)
                QVERIFY2(r.found, what.c_str());
                QVERIFY2(r.search.node == lattice.node(expected), what.c_str());
                RR_COMPARE_NEAR(r.maxRisk, risk[expected], 1e-12);
                QVERIFY2(r.t >= expectedT - 1e-12, what.c_str()); // the same optimum, at least as large a t
                QVERIFY2(worst[expected] <= r.t + 1e-12, what.c_str());
                answers.insert(r.search.node);
                qDebug("%s: t = %.6f, node %d%d%d%d, max risk %.4f, %d searches", what.c_str(), r.t, r.search.node[0],
                       r.search.node[1], r.search.node[2], r.search.node[3], r.maxRisk, r.searches);
            }
            // Below ESGRO's most frequent occupation's share no t reaches tau.
            const TClosenessAtRisk none =
                tClosenessAtRisk(j.joint, j.e.hierarchies, d, j.occupation, *metric, LatticeSearchOptions{}, 0.1);
            QVERIFY(!none.found);
            QVERIFY(none.reason.find("most frequent value") != std::string::npos);
        }
        QVERIFY(answers.size() >= 3);
    }
};

QTEST_GUILESS_MAIN(TestTCloseness)
#include "test_tcloseness.moc"
