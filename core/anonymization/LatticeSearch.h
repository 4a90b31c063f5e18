#pragma once
#include "core/anonymization/EquivalenceClasses.h"
#include "core/anonymization/InformationLoss.h"
#include "core/anonymization/Lattice.h"
#include "core/anonymization/PrivacyModel.h"
#include "core/data/Errors.h"

#include <functional>
#include <string>
#include <vector>

namespace rr {

struct LatticeSearchOptions {
    double suppressionLimit = 0.0; // fraction of records a node may suppress, in [0, 1)
    // Lattices up to this many nodes choose every node to check by its pruning power
    // (quadratic in the lattice size); larger ones binary-search chains.
    std::size_t exhaustiveSelectionLimit = 512;
    // Called after each checked node; returning false stops the search (SearchCancelled).
    std::function<bool(std::size_t checked, std::size_t latticeSize)> progress;
};

struct LatticeSearchResult {
    bool found = false; // false: not even the most general node is anonymous
    LatticeNode node;   // the optimal node
    std::string metric;
    double metricValue = 0;
    std::size_t nodesChecked = 0; // nodes whose equivalence classes were computed
    std::size_t latticeSize = 0;
    std::size_t anonymousNodes = 0; // anonymous nodes (checked or inferred by monotonicity)
    bool pruned = false;            // whether monotonicity pruning was used
    Partition partition;            // at the optimal node
    NodeAssessment assessment;      // at the optimal node
};

class SearchCancelled : public Cancelled {
public:
    SearchCancelled() : Cancelled("the search was cancelled") {}
};

// Optimal full-domain generalization of `joint` (QIs then S) for `models` and `metric`.
// With monotone models, the generalizations of an anonymous node are tagged anonymous and the
// specializations of a failing node failing, without checking them (Incognito's pruning). Which
// node to check next: on small lattices the unknown node that settles the most nodes whichever
// way it answers; on large ones, bottom-up chains binary-searched for their lowest anonymous node
// (as Flash does). With a monotone metric only minimal anonymous nodes are candidates.
// Without monotonicity (entropy or recursive l-diversity, or AECS/discernibility, with suppression)
// every node is checked. Ties go to the lower height, then the lower lattice index.
LatticeSearchResult findOptimalNode(const ContingencyTable& joint, const std::vector<AttributeGeneralization>& qi,
                                    const std::vector<const PrivacyModel*>& models, const InformationLossMetric& metric,
                                    const LatticeSearchOptions& options = {});

// Every node assessed, for tests and for showing the whole lattice.
struct NodeReport {
    LatticeNode node;
    bool anonymous = false;
    double metricValue = 0;
    double suppressedRecords = 0;
};
std::vector<NodeReport> assessAllNodes(const ContingencyTable& joint, const std::vector<AttributeGeneralization>& qi,
                                       const std::vector<const PrivacyModel*>& models,
                                       const InformationLossMetric& metric, double suppressionLimit);

} // namespace rr
