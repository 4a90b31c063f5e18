#pragma once
// The comparison of randomization with l-diversity and anatomy (003 Sec. 5.3.3) as a front end runs
// it: the records the roles and the missing-value policy keep, the hierarchies from a folder, the
// comparison at every l of a range, and (on request) the released tables themselves. The comparison reads
// a source of any size: its counts, and one streaming pass per l for anatomy's groups.
#include "core/analysis/AnalysisSpec.h"
#include "core/analysis/DataSource.h"
#include "core/anonymization/Hierarchy.h"
#include "core/comparison/ComparisonSweep.h"
#include "core/data/Table.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace rr {

// The l a comparison sweep may span in the GUI (its spin box, --l-max of the headless export, a saved
// session): l = kMinComparisonL..kMaxComparisonL, each run a whole comparison.
inline constexpr int kMinComparisonL = 2;
inline constexpr int kMaxComparisonL = 12;

struct ComparisonRequest {
    AnalysisSpec spec;           // QIs, S, and which records are kept
    std::string hierarchyFolder; // ARX hierarchy files; empty: every QI is only suppressed
    // model, metric, suppression, seed, t-closeness's measure (l and the callbacks are set per run); with the
    // hierarchical measure, S's hierarchy is read from hierarchyFolder unless given.
    ComparisonOptions options;
    int lMin = 2, lMax = 2;
    // Also build the generalized table and anatomy's QIT and ST per l, in memory: only for sources of at most
    // kDefaultMaxRecords records (the CLI's anonymize and anatomy stream releases of any size).
    bool releasedTables = false;
};

struct ComparisonRun {
    std::size_t rows = 0; // the kept records
    std::size_t droppedRows = 0;
    std::vector<AttributeGeneralization> hierarchies;
    ComparisonSweep sweep;
    // With releasedTables: the kept records (every column) and per l the released tables, null where the method
    // gave no release. No records (and `tablesNote` says why) when the source holds too many.
    std::shared_ptr<const Table> records;
    std::vector<std::shared_ptr<const Table>> generalized, qit, st;
    std::string tablesNote;
};

// Progress counts stages (kComparisonStages per l): `progress(done, total)` is called with
// 0 <= done <= total, done never decreasing; returning false cancels (ComparisonCancelled).
// Throws InputError for bad roles, l outside 2 <= lMin <= lMax, no record left, records that change between
// the passes.
ComparisonRun runComparison(const DataSource& source, const ComparisonRequest& request,
                            const std::function<bool(int done, int total)>& progress = {});

} // namespace rr
