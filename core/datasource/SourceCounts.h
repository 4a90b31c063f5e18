#pragma once
// The counts of a source's records over some attributes as a weighted table of distinct cells (CodeCounts.h):
// cells and categories in order of first appearance, records with a missing value kept (as missing), so the
// counts of a file, of a data frame and of the parts of either merge into the same table.
#include "core/datasource/DataSource.h"
#include "core/data/Table.h"

#include <string>
#include <vector>

namespace rr {

// One pass over the records (scanRecords), chunks counted on worker threads and added in source order.
Table countSource(const DataSource& source, const std::vector<std::string>& names,
                  const ProgressFunction& progress = {});

} // namespace rr
