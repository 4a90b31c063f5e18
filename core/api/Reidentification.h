#pragma once
// `reidentification` of the typed layer (issue 43): re-identification risk under randomization (issue 22) of every
// QI cell with records, original (ARX's prosecutor risk, 1 / class size) and randomized, with summaries over the
// records. One request, one function, one result; reidentificationJson is the one place the result becomes JSON
// (the CLI prints it, Python's to_dict() is it).
#include "core/api/Distortions.h"
#include "core/api/JsonValues.h"
#include "core/api/Source.h"
#include "core/datasource/PreparedTable.h"
#include "core/risk/Reidentification.h"

#include <memory>
#include <string>
#include <vector>

namespace rr::api {

struct ReidentificationRiskRequest {
    DataRequest data;
    std::vector<std::string> qi;
    bool dropIncomplete = false;
    DistortionChoice distortions; // unnamed QIs keep p = 1; --matrix sums over pairs of cells (at most 20,000)
    double threshold = kDefaultReidentificationThreshold; // in (0, 1]: the share of records above it
    bool listCells = false; // the JSON lists every QI cell with records (the result always holds them)
    int threads = 1;        // the numbers do not depend on it
};

struct ReidentificationResult {
    std::vector<std::string> qi;
    std::shared_ptr<const PreparedTable> table; // names each cell of risk.cells
    std::size_t rows = 0, droppedRows = 0;
    double records = 0;
    Distortions distortions;
    double threshold = kDefaultReidentificationThreshold;
    ReidentificationRisk risk;
    bool listCells = false;
};

// Returning false stops the work (Cancelled); called with the fraction read or done.
// InputError (in the CLI's words) for a threshold, QIs, p or matrices that do not fit the data.
ReidentificationResult reidentificationOf(const ReidentificationRiskRequest& request,
                                          const ProgressFunction& progress = {});

// The CLI's JSON of `result` (nlohmann ordered keys).
Json reidentificationJson(const ReidentificationResult& result);

} // namespace rr::api
