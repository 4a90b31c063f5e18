#pragma once
// `regress` of the typed layer (issue 43): logistic regression of the event Y = V on dummy-coded categorical
// predictors from a release whose outcome and predictors may be randomized (issue 44), fitted on the counts by
// the observed-data likelihood; with the original data, the same model beside it. One request, one function, one
// result; regressJson is the one place the result becomes JSON (the CLI prints it).
#include "core/api/Distortions.h"
#include "core/api/JsonValues.h"
#include "core/api/Source.h"
#include "core/models/LogitModel.h"
#include "core/models/RandomizedLogit.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rr::api {

// The original data of the release: opened as `data`, named `name` in messages (the CLI's --original FILE).
struct OriginalData {
    DataRequest data;
    std::string name;
};

struct RegressRequest {
    DataRequest data;
    LogitModelSpec model;
    bool dropIncomplete = false;
    DistortionChoice distortions; // attributes without p or matrix are in clear
    double alpha = 0.05;          // Wald ranges at level 1 - alpha, alpha in (0, 1)
    std::optional<OriginalData> original;
};

struct RegressResult {
    LogitModelSpec model;
    std::size_t rows = 0, droppedRows = 0;
    std::vector<std::pair<std::string, std::string>> references; // each predictor's reference category
    Distortions distortions;
    double alpha = 0.05;
    RandomizedLogitResult fit;
    std::optional<RandomizedLogitResult> original; // the same model on the original data
};

// Returning false stops the reading and the fit (Cancelled). InputError (in the CLI's words) for a model, p,
// matrices or alpha that do not fit the data, and for a model the data do not identify (naming the coefficient).
RegressResult regressOf(const RegressRequest& request, const ProgressFunction& progress = {});

// The CLI's JSON of `result` (nlohmann ordered keys; the notes that explain its nulls included).
Json regressJson(const RegressResult& result);

} // namespace rr::api
