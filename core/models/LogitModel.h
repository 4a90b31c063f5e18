#pragma once
// A logistic model named by its attributes and categories, as an analyst states it (outcome Y, event Y = V,
// predictors, reference categories), turned into the fit's request over a table of those attributes.
#include "core/models/RandomizedLogit.h"

#include <string>
#include <utility>
#include <vector>

namespace rr {

struct LogitModelSpec {
    std::string outcome;
    std::string positive; // the category V: the event Y = V is the model's outcome
    std::vector<std::string> predictors;
    // predictor = its reference category; a predictor not listed has its first category (in the data's order)
    std::vector<std::pair<std::string, std::string>> references;
};

// The items of a comma list with the spaces around each removed (an empty item stays empty, for the caller to
// refuse): the predictors of a formula, the attributes of an analysis' table.
std::vector<std::string> splitModelList(const std::string& text);

// "Y=V~A,B": outcome Y, event Y = V, predictors A and B (InputError naming what is missing).
LogitModelSpec parseLogitFormula(const std::string& text);
// InputError for an empty name, the outcome among the predictors, a predictor twice, a reference to a
// non-predictor or a predictor referenced twice.
void checkLogitModel(const LogitModelSpec& spec);
// The model's table: its predictors, then the outcome.
std::vector<std::string> modelAttributes(const LogitModelSpec& spec);

// The request for a table over modelAttributes(spec) with these categories (per axis) and counts (row-major),
// each axis randomized by its matrix. InputError when V or a reference is not a category (listing them).
RandomizedLogitRequest logitRequest(const LogitModelSpec& spec, const std::vector<std::vector<std::string>>& categories,
                                    Eigen::VectorXd counts, std::vector<DistortionMatrix> matrices);

} // namespace rr
