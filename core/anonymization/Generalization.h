#pragma once
#include "core/anonymization/EquivalenceClasses.h"
#include "core/anonymization/PrivacyModel.h"
#include "core/data/Table.h"

#include <vector>

namespace rr {

// A full-domain generalized release of a table.
struct GeneralizedRelease {
    // Same columns as the input; each QI column holds the labels of its level at the node, as the
    // hierarchy spells them; the records of suppressed classes are removed.
    Table table;
    std::size_t suppressedRecords = 0;
    std::size_t releasedClasses = 0;
};

// Applies a node (`partition.node`, with the classes `assessment` suppresses) to every row of
// `table`. `qiAttributes` are the table's QI columns in the order of `qi` and of the partition's
// joint table; rows with a missing QI value are refused (InputError).
GeneralizedRelease generalizeTable(const Table& table, const std::vector<int>& qiAttributes,
                                   const std::vector<AttributeGeneralization>& qi, const Partition& partition,
                                   const NodeAssessment& assessment);

// Original QI cell (row-major over the QI domains) of a row; InputError for a missing value.
std::size_t qiCellOfRow(const Table& table, const std::vector<int>& qiAttributes, std::size_t row);

} // namespace rr
