#pragma once
// `measures` of the typed layer (issue 43): the 21 association measures of two attributes estimated from their
// randomized table, with delta-method variances and ranges (003 Sec. 3.3, Table 3.6; 000 Sec. 3), the pooled
// cells, the standardized residuals and, for many-category attributes, the whole-table measures (003 Table 4.1).
// One request, one function, one result; measuresJson is the one place the result becomes JSON (the CLI prints
// it, Python's to_dict() is it).
#include "core/api/Distortions.h"
#include "core/api/JsonValues.h"
#include "core/api/Source.h"
#include "core/measures/PairMeasures.h"

#include <array>
#include <map>
#include <string>
#include <vector>

namespace rr::api {

struct PairMeasuresRequest {
    DataRequest data;
    std::vector<std::string> attributes; // exactly two: rows (predictor), then columns (response)
    bool dropIncomplete = false;
    DistortionChoice distortions;
    std::map<std::string, std::string> positive; // the category counted as present, per attribute (see presentCategory)
    double alpha = 0.05;                         // ranges at level 1 - alpha, alpha in (0, 1)
};

struct PairMeasuresResult {
    std::vector<std::string> attributes;
    std::vector<std::vector<std::string>> categories; // per attribute, in the data's order
    std::size_t rows = 0, droppedRows = 0;
    std::array<std::string, 2> positive; // the present category of each attribute
    Distortions distortions;
    double alpha = 0.05;
    PairMeasures measures; // n, d1, d2, the pooled cells and their covariance, the measures, residuals, table
};

// `names` holds exactly two attributes (InputError in the CLI's words otherwise).
void checkMeasuredPair(const std::vector<std::string>& names);

// Returning false stops the reading (Cancelled); called with the fraction read.
// InputError (in the CLI's words) for attributes, p, matrices, present categories or alpha that do not fit.
PairMeasuresResult measuresOf(const PairMeasuresRequest& request, const ProgressFunction& progress = {});

// The CLI's JSON of `result` (nlohmann ordered keys).
Json measuresJson(const PairMeasuresResult& result);

} // namespace rr::api
