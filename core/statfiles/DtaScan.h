#pragma once
// The counting passes over a Stata file's records read directly (layout from DtaLayout.h), not through
// ReadStat's per-value callbacks: fixed-width records read in large blocks, the row range split across a
// few threads, each value classified and keyed exactly as the ReadStat path does (StatFileReader.cpp), the
// threads' results merged in row order. Progress is called from the calling thread only; every thread is
// joined before a function returns or throws.
#include "core/datasource/DataSource.h"
#include "core/statfiles/DtaLayout.h"
#include "core/statfiles/StatFileReader.h"
#include "core/statfiles/StatKeyIndex.h"

#include <functional>
#include <map>

namespace rr {

// One variable's distinct present values in first appearance (keys as StatFileValue::key), their counts,
// and its missing values by kind.
struct DtaValueCounts {
    std::vector<std::string> keys;
    std::vector<double> counts;
    double present = 0;
    std::map<char, double> tagged;
};

// Every variable's values (the opening pass). False: the file holds what only ReadStat reads alike (text
// other than ASCII before release 118, which ReadStat converts from Windows-1252); then ReadStat reads it.
// `names` names the variables in messages. InputError when the file changed since its layout was read.
bool dtaCountValues(const std::string& path, const DtaLayout& layout, const std::vector<std::string>& names,
                    const ProgressFunction& progress, std::vector<DtaValueCounts>& out);

// A variable a codes pass reads: its column and its category of each present key.
struct DtaCodedColumn {
    int column = 0;
    const StatKeyIndex* categoryOfKey = nullptr;
    std::string name;
};

// Blocks of rows as categories (-1: missing), row-major over `columns`; `thread` in [0, threads) tells
// which thread's state to use. Blocks of one thread arrive in row order.
using DtaCodesBlock = std::function<void(int thread, const std::int32_t* codes, std::size_t rows)>;

// The threads a pass over `layout` uses (1 to 4).
int dtaThreads(const DtaLayout& layout);

// One pass over every row with `threads` threads. False as for dtaCountValues; InputError for a value
// not seen when the file was opened (it changed).
bool dtaScanCodes(const std::string& path, const DtaLayout& layout, const std::vector<DtaCodedColumn>& columns,
                  int threads, const ProgressFunction& progress, const DtaCodesBlock& block);

} // namespace rr
