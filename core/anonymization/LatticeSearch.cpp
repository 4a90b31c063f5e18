#include "core/anonymization/LatticeSearch.h"

#include "core/data/Errors.h"

#include <cmath>
#include <deque>

namespace rr {

namespace {

enum class State : char { Unknown, Anonymous, Failing };

std::vector<int> maxLevelsOf(const std::vector<AttributeGeneralization>& qi)
{
    std::vector<int> levels;
    levels.reserve(qi.size());
    for (const auto& g : qi)
        levels.push_back(g.maxLevel());
    return levels;
}

void checkSearchInput(const ContingencyTable& joint, const std::vector<AttributeGeneralization>& qi,
                      const std::vector<const PrivacyModel*>& models, double suppressionLimit)
{
    checkGeneralizations(joint, qi);
    if (models.empty())
        throw InputError("the lattice search needs at least one privacy model");
    if (!(suppressionLimit >= 0 && suppressionLimit < 1))
        throw InputError("the suppression limit is a fraction of the records in [0, 1), got " +
                         std::to_string(suppressionLimit));
    if (joint.total() <= 0)
        throw InputError("the table has no records to anonymize");
}

// Marks every node reachable through `next` (successors or predecessors) that is still unknown.
template <typename Next>
void tag(std::vector<State>& state, std::size_t from, State value, Next next)
{
    std::deque<std::size_t> queue{from};
    while (!queue.empty()) {
        const std::size_t n = queue.front();
        queue.pop_front();
        for (std::size_t m : next(n))
            if (state[m] == State::Unknown) {
                state[m] = value;
                queue.push_back(m);
            }
    }
}

bool better(double value, int height, double bestValue, int bestHeight)
{
    const double tol = 1e-12 * std::max(1.0, std::abs(bestValue));
    if (value < bestValue - tol)
        return true;
    if (value > bestValue + tol)
        return false;
    return height < bestHeight;
}

// The state of one search: what is known of every node, and the checks made so far.
class Search {
public:
    Search(const ContingencyTable& joint, const std::vector<AttributeGeneralization>& qi,
           const std::vector<const PrivacyModel*>& models, const InformationLossMetric& metric,
           const LatticeSearchOptions& options)
        : m_joint(joint), m_qi(qi), m_models(models), m_metric(metric), m_options(options), m_lattice(maxLevelsOf(qi)),
          m_state(m_lattice.size(), State::Unknown), m_hasValue(m_lattice.size(), 0), m_value(m_lattice.size(), 0.0),
          m_order(m_lattice.byHeight())
    {
        m_result.metric = metric.name();
        m_result.latticeSize = m_lattice.size();
    }

    LatticeSearchResult run()
    {
        const bool withSuppression = m_options.suppressionLimit > 0;
        bool monotonePrivacy = true;
        for (const PrivacyModel* m : m_models)
            if (withSuppression && !m->monotoneWithSuppression())
                monotonePrivacy = false;
        m_result.pruned = monotonePrivacy;
        if (monotonePrivacy && m_lattice.size() <= m_options.exhaustiveSelectionLimit)
            checkByPruningPower();
        else if (monotonePrivacy)
            binarySearchChains();
        else
            checkEveryNode();
        pickOptimum(monotonePrivacy && m_metric.monotone(withSuppression));
        return std::move(m_result);
    }

private:
    // Computes a node's classes, whether it is anonymous, and its metric when it is.
    bool evaluate(std::size_t idx)
    {
        const Partition p = partitionAt(m_joint, m_qi, m_lattice.node(idx));
        const NodeAssessment a = assessPartition(p, m_models, m_options.suppressionLimit);
        ++m_result.nodesChecked;
        m_state[idx] = a.anonymous ? State::Anonymous : State::Failing;
        if (a.anonymous) {
            m_value[idx] = m_metric.value(p, a);
            m_hasValue[idx] = 1;
        }
        if (m_options.progress && !m_options.progress(m_result.nodesChecked, m_lattice.size()))
            throw SearchCancelled();
        return a.anonymous;
    }

    // Evaluates a node and tags what monotonicity implies: its generalizations anonymous, or its
    // specializations failing (Incognito's pruning).
    bool checkAndTag(std::size_t n)
    {
        const bool anonymous = evaluate(n);
        if (anonymous)
            tag(m_state, n, State::Anonymous, [&](std::size_t k) { return m_lattice.successors(k); });
        else
            tag(m_state, n, State::Failing, [&](std::size_t k) { return m_lattice.predecessors(k); });
        return anonymous;
    }

    // Small lattices: always check the unknown node whose answer settles the most nodes in the worse
    // case: max of min(unknown generalizations, unknown specializations), then of their sum.
    void checkByPruningPower()
    {
        std::vector<LatticeNode> nodes(m_lattice.size());
        for (std::size_t i = 0; i < m_lattice.size(); ++i)
            nodes[i] = m_lattice.node(i);
        for (;;) {
            std::size_t pick = m_lattice.size();
            std::size_t pickMin = 0, pickSum = 0;
            for (std::size_t v : m_order) {
                if (m_state[v] != State::Unknown)
                    continue;
                std::size_t above = 0, below = 0;
                for (std::size_t w = 0; w < m_lattice.size(); ++w) {
                    if (w == v || m_state[w] != State::Unknown)
                        continue;
                    if (generalizes(nodes[w], nodes[v]))
                        ++above;
                    else if (generalizes(nodes[v], nodes[w]))
                        ++below;
                }
                const std::size_t mn = std::min(above, below), sum = above + below;
                if (pick == m_lattice.size() || mn > pickMin || (mn == pickMin && sum > pickSum)) {
                    pick = v;
                    pickMin = mn;
                    pickSum = sum;
                }
            }
            if (pick == m_lattice.size())
                return;
            checkAndTag(pick);
        }
    }

    // Large lattices (as Flash does): a chain of unknown nodes from each unknown node upwards, then a
    // binary search for its lowest anonymous node: along a chain, anonymity switches at most once.
    void binarySearchChains()
    {
        for (std::size_t start : m_order) {
            if (m_state[start] != State::Unknown)
                continue;
            std::vector<std::size_t> path{start};
            for (bool extended = true; extended;) {
                extended = false;
                for (std::size_t s : m_lattice.successors(path.back()))
                    if (m_state[s] == State::Unknown) {
                        path.push_back(s);
                        extended = true;
                        break;
                    }
            }
            long lo = 0, hi = static_cast<long>(path.size()) - 1;
            while (lo <= hi) {
                const long mid = (lo + hi) / 2;
                const std::size_t n = path[static_cast<std::size_t>(mid)];
                const bool anonymous = m_state[n] == State::Unknown ? checkAndTag(n) : m_state[n] == State::Anonymous;
                if (anonymous)
                    hi = mid - 1;
                else
                    lo = mid + 1;
            }
        }
    }

    // Without monotonicity nothing can be inferred: every node is checked.
    void checkEveryNode()
    {
        for (std::size_t n : m_order)
            evaluate(n);
    }

    // Candidates: every anonymous node, or only the minimal ones when the metric is monotone.
    // Ties go to the lower height, then the lower lattice index.
    void pickOptimum(bool monotoneMetric)
    {
        std::size_t best = m_lattice.size();
        double bestValue = 0;
        int bestHeight = 0;
        for (std::size_t n : m_order) {
            if (m_state[n] != State::Anonymous)
                continue;
            ++m_result.anonymousNodes;
            if (monotoneMetric) {
                bool minimal = true;
                for (std::size_t p : m_lattice.predecessors(n))
                    if (m_state[p] == State::Anonymous)
                        minimal = false;
                if (!minimal)
                    continue;
            }
            if (!m_hasValue[n])
                evaluate(n); // an inferred node whose metric is needed (non-monotone metric)
            const int h = m_lattice.height(n);
            if (best == m_lattice.size() || better(m_value[n], h, bestValue, bestHeight)) {
                best = n;
                bestValue = m_value[n];
                bestHeight = h;
            }
        }
        if (best == m_lattice.size())
            return;
        m_result.found = true;
        m_result.node = m_lattice.node(best);
        m_result.metricValue = bestValue;
        m_result.partition = partitionAt(m_joint, m_qi, m_result.node);
        m_result.assessment = assessPartition(m_result.partition, m_models, m_options.suppressionLimit);
    }

    const ContingencyTable& m_joint;
    const std::vector<AttributeGeneralization>& m_qi;
    const std::vector<const PrivacyModel*>& m_models;
    const InformationLossMetric& m_metric;
    const LatticeSearchOptions& m_options;
    const GeneralizationLattice m_lattice;
    std::vector<State> m_state;
    std::vector<char> m_hasValue;
    std::vector<double> m_value;
    const std::vector<std::size_t> m_order;
    LatticeSearchResult m_result;
};

} // namespace

LatticeSearchResult findOptimalNode(const ContingencyTable& joint, const std::vector<AttributeGeneralization>& qi,
                                    const std::vector<const PrivacyModel*>& models, const InformationLossMetric& metric,
                                    const LatticeSearchOptions& options)
{
    checkSearchInput(joint, qi, models, options.suppressionLimit);
    return Search(joint, qi, models, metric, options).run();
}

std::vector<NodeReport> assessAllNodes(const ContingencyTable& joint, const std::vector<AttributeGeneralization>& qi,
                                       const std::vector<const PrivacyModel*>& models,
                                       const InformationLossMetric& metric, double suppressionLimit)
{
    checkSearchInput(joint, qi, models, suppressionLimit);
    const GeneralizationLattice lattice(maxLevelsOf(qi));
    std::vector<NodeReport> out;
    out.reserve(lattice.size());
    for (std::size_t i = 0; i < lattice.size(); ++i) {
        NodeReport r;
        r.node = lattice.node(i);
        const Partition p = partitionAt(joint, qi, r.node);
        const NodeAssessment a = assessPartition(p, models, suppressionLimit);
        r.anonymous = a.anonymous;
        r.suppressedRecords = a.suppressedRecords;
        r.metricValue = metric.value(p, a);
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace rr
