#pragma once
// Counts of CSV records over some of their columns, in one streaming pass that never holds the records:
// the analysis only ever needs the contingency table (and each column's categories and missing values).
// Blocks are parsed in parallel; the merge in file order gives the same counts and the same category
// order (first appearance in the file) whatever the number of threads.
#include "core/contingency/ContingencyTable.h"
#include "core/data/CsvReader.h"
#include "core/data/Table.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace rr {

// One column over every record of the files.
struct CsvColumnSummary {
    std::string name;
    std::vector<std::string> categories; // in order of first appearance
    std::vector<double> counts;          // weighted, per category
    double missing = 0;                  // weighted records with a missing value
};

// Where the data records start, every `kRowIndexStride`-th one: lets a viewer read any row without
// holding them (an index of about 1/1000 of the rows).
inline constexpr std::size_t kRowIndexStride = 1024;
struct RowIndexEntry {
    std::uint32_t file = 0;   // among the paths
    std::uint64_t offset = 0; // byte offset of the record in its file
};

struct CsvAggregate {
    std::vector<std::string> attributes;   // every attribute column of the files (not the count column)
    std::vector<CsvColumnSummary> columns; // the columns asked for, over all records
    // Over the records kept by the missing-value policy:
    std::vector<std::vector<std::string>> categories; // per asked column: present in kept records, file order
    ContingencyTable joint;                           // counts over the asked columns (empty unless asked)
    std::size_t rows = 0;                             // records read
    std::size_t droppedRows = 0;                      // records the policy drops
    double records = 0;                               // kept records, weighted
    std::vector<RowIndexEntry> rowIndex;              // when asked for
    // When asked for (CsvAggregateRequest::cells): the distinct cells over the asked columns as a weighted table
    // (CodeCounts.h's shape), every record counted, a missing value as code -1; categories and cells in order of
    // first appearance.
    Table cells;
    // How the files were read, to read rows again: all columns, the count column (-1 if none), and per
    // file its delimiter and where its data records start.
    std::vector<std::string> header;
    int countColumn = -1;
    std::vector<char> delimiters;
    std::vector<std::uint64_t> dataStart;
};

struct CsvAggregateRequest {
    std::vector<std::string> attributes; // the columns to count; empty: every attribute column
    MissingPolicy policy = MissingPolicy::DropIfUsedMissing;
    bool joint = true;     // build the contingency table over `attributes`
    bool cells = false;    // instead of the joint table: the distinct cells, missing values kept (CsvAggregate::cells)
    bool rowIndex = false; // collect the row index
    // Column summaries over the kept records only, listing only the categories they show (describe
    // --drop-incomplete); otherwise over every record.
    bool summariesOverKept = false;
    std::size_t maxCells = ContingencyTable::kDefaultMaxCells;
};

// Throws InputError naming the problem: the reader's (file, record, limits), an unknown attribute, no
// record kept, a total count that is not finite (naming the count column), a joint table over maxCells
// cells (with its size: checked as soon as the categories seen make it certain).
CsvAggregate aggregateCsv(const std::vector<std::string>& paths, const CsvOptions& options,
                          const CsvAggregateRequest& request, const std::function<bool(double)>& progress = {});

} // namespace rr
