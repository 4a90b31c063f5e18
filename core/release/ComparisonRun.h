#pragma once
// The comparison of randomization with l-diversity and anatomy (003 Sec. 5.3.3) as a front end runs
// it: the records the roles and the missing-value policy keep, the hierarchies from a folder, the
// comparison at every l of a range, and (on request) the released tables themselves. The comparison reads
// a source of any size: its counts, and one streaming pass per l for anatomy's groups.
#include "core/analysis/AnalysisSpec.h"
#include "core/datasource/DataSource.h"
#include "core/datasource/PreparedTable.h"
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
    // Also build the generalized table and anatomy's QIT and ST per l in memory, to show: only for sources of at
    // most kDefaultMaxRecords records (exportComparisonTables, like the CLI, streams them for any number).
    bool releasedTables = false;
};

struct ComparisonRun {
    std::size_t rows = 0; // the kept records
    std::size_t droppedRows = 0;
    AnalysisSpec spec;                           // the roles compared
    std::shared_ptr<const PreparedTable> counts; // the QI x S counts the releases were planned over
    std::vector<AttributeGeneralization> hierarchies;
    ComparisonSweep sweep;
    // With releasedTables: the kept records and per l the released tables to show (the QIs and S of each record,
    // in source order), null where the method gave no release. No records (and `tablesNote` says why) when the
    // source holds too many; exportComparisonTables writes them for any number.
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

// Writes the released tables of `run` at `l` as the CLI's anonymize and anatomy do, streamed from `source` (any
// number of records): PREFIX.generalized.csv where l-diversity found a node, PREFIX.qit.csv and PREFIX.st.csv
// where anatomy gave a release; only the QIs and S, the records in a uniformly random order drawn from the
// secure generator, never more readable than the data. Returns the files written. InputError when the run has
// no release at l or holds no counts (restored from a session), Cancelled when `progress` returns false (each
// table is written all or nothing; a generalized table written before a failure is removed again).
std::vector<std::string> exportComparisonTables(const DataSource& source, const ComparisonRun& run, int l,
                                                const std::string& prefix, const ProgressFunction& progress = {});

} // namespace rr
