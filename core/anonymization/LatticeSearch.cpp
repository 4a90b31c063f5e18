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

} // namespace

LatticeSearchResult findOptimalNode(const ContingencyTable& joint, const std::vector<AttributeGeneralization>& qi,
                                    const std::vector<const PrivacyModel*>& models, const InformationLossMetric& metric,
                                    const LatticeSearchOptions& options)
{
    checkSearchInput(joint, qi, models, options.suppressionLimit);
    const GeneralizationLattice lattice(maxLevelsOf(qi));
    const bool withSuppression = options.suppressionLimit > 0;
    bool monotonePrivacy = true;
    for (const PrivacyModel* m : models)
        if (withSuppression && !m->monotoneWithSuppression())
            monotonePrivacy = false;
    const bool monotoneMetric = monotonePrivacy && metric.monotone(withSuppression);

    LatticeSearchResult result;
    result.metric = metric.name();
    result.latticeSize = lattice.size();
    result.pruned = monotonePrivacy;

    std::vector<State> state(lattice.size(), State::Unknown);
    std::vector<char> hasValue(lattice.size(), 0);
    std::vector<double> value(lattice.size(), 0.0);

    auto evaluate = [&](std::size_t idx) {
        const Partition p = partitionAt(joint, qi, lattice.node(idx));
        const NodeAssessment a = assessPartition(p, models, options.suppressionLimit);
        ++result.nodesChecked;
        state[idx] = a.anonymous ? State::Anonymous : State::Failing;
        if (a.anonymous) {
            value[idx] = metric.value(p, a);
            hasValue[idx] = 1;
        }
        if (options.progress && !options.progress(result.nodesChecked, lattice.size()))
            throw SearchCancelled();
        return a.anonymous;
    };
    auto up = [&](std::size_t n) { return lattice.successors(n); };
    auto down = [&](std::size_t n) { return lattice.predecessors(n); };

    auto checkAndTag = [&](std::size_t n) {
        const bool anonymous = evaluate(n);
        if (anonymous)
            tag(state, n, State::Anonymous, up);
        else
            tag(state, n, State::Failing, down);
        return anonymous;
    };

    const std::vector<std::size_t> order = lattice.byHeight();
    if (monotonePrivacy && lattice.size() <= options.exhaustiveSelectionLimit) {
        // Small lattice: always check the unknown node whose answer settles the most nodes in the
        // worse case: max of min(unknown generalizations, unknown specializations), then of their sum.
        std::vector<LatticeNode> nodes(lattice.size());
        for (std::size_t i = 0; i < lattice.size(); ++i)
            nodes[i] = lattice.node(i);
        for (;;) {
            std::size_t pick = lattice.size();
            std::size_t pickMin = 0, pickSum = 0;
            for (std::size_t v : order) {
                if (state[v] != State::Unknown)
                    continue;
                std::size_t above = 0, below = 0;
                for (std::size_t w = 0; w < lattice.size(); ++w) {
                    if (w == v || state[w] != State::Unknown)
                        continue;
                    if (generalizes(nodes[w], nodes[v]))
                        ++above;
                    else if (generalizes(nodes[v], nodes[w]))
                        ++below;
                }
                const std::size_t mn = std::min(above, below), sum = above + below;
                if (pick == lattice.size() || mn > pickMin || (mn == pickMin && sum > pickSum)) {
                    pick = v;
                    pickMin = mn;
                    pickSum = sum;
                }
            }
            if (pick == lattice.size())
                break;
            checkAndTag(pick);
        }
    } else if (monotonePrivacy) {
        for (std::size_t start : order) {
            if (state[start] != State::Unknown)
                continue;
            // A chain of unknown nodes from `start` upwards, then a binary search for its lowest
            // anonymous node: along a chain, anonymity switches from false to true at most once.
            std::vector<std::size_t> path{start};
            for (bool extended = true; extended;) {
                extended = false;
                for (std::size_t s : lattice.successors(path.back()))
                    if (state[s] == State::Unknown) {
                        path.push_back(s);
                        extended = true;
                        break;
                    }
            }
            long lo = 0, hi = static_cast<long>(path.size()) - 1;
            while (lo <= hi) {
                const long mid = (lo + hi) / 2;
                const std::size_t n = path[static_cast<std::size_t>(mid)];
                const bool anonymous = state[n] == State::Unknown ? checkAndTag(n) : state[n] == State::Anonymous;
                if (anonymous)
                    hi = mid - 1;
                else
                    lo = mid + 1;
            }
        }
    } else {
        for (std::size_t n : order)
            evaluate(n);
    }

    // Candidates: every anonymous node, or only the minimal ones when the metric is monotone.
    std::size_t best = lattice.size();
    double bestValue = 0;
    int bestHeight = 0;
    for (std::size_t n : order) {
        if (state[n] != State::Anonymous)
            continue;
        ++result.anonymousNodes;
        if (monotoneMetric) {
            bool minimal = true;
            for (std::size_t p : lattice.predecessors(n))
                if (state[p] == State::Anonymous)
                    minimal = false;
            if (!minimal)
                continue;
        }
        if (!hasValue[n])
            evaluate(n); // an inferred node whose metric is needed (non-monotone metric)
        const int h = lattice.height(n);
        if (best == lattice.size() || better(value[n], h, bestValue, bestHeight)) {
            best = n;
            bestValue = value[n];
            bestHeight = h;
        }
    }
    if (best == lattice.size())
        return result;
    result.found = true;
    result.node = lattice.node(best);
    result.metricValue = bestValue;
    result.partition = partitionAt(joint, qi, result.node);
    result.assessment = assessPartition(result.partition, models, options.suppressionLimit);
    return result;
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
