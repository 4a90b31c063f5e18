#pragma once
// `anatomy` of the typed layer (issue 43): an l-diverse partition (Xiao and Tao) published as a QI table (the QI
// columns and each record's group) and a sensitive table (group, sensitive value, count), as two files or two
// tables of the source's database, both or neither. One request, one function, one result; anatomyJson is the one
// place the result becomes the CLI's JSON.
#include "core/analysis/AnalysisSpec.h"
#include "core/api/JsonValues.h"
#include "core/api/ReleaseOutputs.h"
#include "core/api/Source.h"
#include "core/release/StreamRelease.h"

#include <string>
#include <vector>

namespace rr::api {

// Where the two tables go: PREFIX.qit.EXT and PREFIX.st.EXT, or the tables PREFIX_qit and PREFIX_st.
struct AnatomyOutputs {
    bool toTables = false;
    std::string qitPath; // a file, or a table as --sql-table takes names
    std::string stPath;
    bool force = false; // the tables may replace existing ones of their names
};

// The outputs of a file prefix (`extension`: ".csv", ".sav", ".dta" or ".xpt"), or of a table prefix when
// `toTables`. InputError for a prefix that names a folder, or a table name that does not parse.
AnatomyOutputs anatomyOutputsOf(const std::string& prefix, bool toTables, const std::string& extension);

struct AnatomyRequest {
    DataRequest data;
    AnalysisSpec roles; // the QIs, one sensitive attribute, the missing-value policy
    int l = 2;          // distinct sensitive values per group
    bool keepOrder = false;
    std::string missingToken = "?";
    AnatomyOutputs outputs;
};

struct AnatomyResult {
    AnatomyOutputs outputs;
    int l = 2;
    StreamReleaseReport written; // the QI table's records
    std::size_t droppedRows = 0;
    std::size_t groups = 0;
    std::size_t residueRecords = 0;
    double maxRisk = 0; // max_r Pr(S_r | QI_r) (003 Definition 7), at most 1/l
    double seconds = 0;
};

// Checks the outputs (neither file an input), counts QI x S, plans the groups, writes both tables. InputError for
// weighted records, roles that do not fit, a QI named 'group', a sensitive value on more than 1/l of the records;
// Cancelled when `progress` returns false.
AnatomyResult anatomyOf(const AnatomyRequest& request, const ProgressFunction& progress = {});

Json anatomyJson(const AnatomyResult& result);

} // namespace rr::api
