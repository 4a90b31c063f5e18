#pragma once
#include "core/anonymization/Hierarchy.h"
#include "core/anonymization/Lattice.h"
#include "core/contingency/ContingencyTable.h"

#include <vector>

namespace rr {

// Records sharing one generalized quasi-identifier (a QI-group, 003 Sec. 2.1.1).
struct EquivalenceClass {
    std::vector<int> key;          // generalized code per QI attribute
    double size = 0;               // records (weighted)
    std::vector<double> sensitive; // records per sensitive category
};

// The equivalence classes of a joint table (QI_1, ..., QI_m, S) at one lattice node.
struct Partition {
    LatticeNode node;
    std::vector<EquivalenceClass> classes; // classes holding at least one record
    std::vector<int> classOfQiCell;        // original QI cell (row-major) -> its class, -1 when none
    std::vector<int> generalizedDims;      // domain size of every QI at the node's levels
    double total = 0;
};

// Groups the cells of `joint` (S last) by their generalized QI values at `node`.
// `qi` holds one generalization per QI axis of `joint`, bound to the same categories.
Partition partitionAt(const ContingencyTable& joint, const std::vector<AttributeGeneralization>& qi,
                      const LatticeNode& node);

// Checks that `qi` matches the QI axes of `joint` (InputError otherwise).
void checkGeneralizations(const ContingencyTable& joint, const std::vector<AttributeGeneralization>& qi);

} // namespace rr
