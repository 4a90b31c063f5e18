#pragma once
// What `optimize --for` minimizes instead of 003's prod_i ||P_i^-1||_F^2 (issue 44): the expected variance of one
// analysis' estimates from a release at the given p, at the original data's values (the trace of the inverse expected
// information): the coefficients of a logistic model, or the cells of a table.
#include "core/contingency/ContingencyTable.h"
#include "core/models/LogitModel.h"

#include <functional>
#include <string>
#include <vector>

namespace rr {

struct AnalysisTarget {
    enum class Kind { Cells, Logit };
    Kind kind = Kind::Cells;
    std::vector<std::string> attributes; // cells: the table's; logit: the predictors, then the outcome
    LogitModelSpec model;                // logit only
};

// "cells:A,B" (the cells of the table over A and B) or "regress:Y=V~A,B" (parseLogitFormula). InputError otherwise.
AnalysisTarget parseAnalysisTarget(const std::string& text);

struct AnalysisObjective {
    // Over one retention p per attribute of the optimizer's table (Warner matrices); falls as any p rises.
    std::function<double(const std::vector<double>& p)> value;
    std::string description;        // what it is the variance of, in a sentence
    std::vector<std::string> terms; // the logistic model's coefficients it sums (the intercept left out)
};

// `names`, `categories` and `joint`: the optimizer's table (its attributes in the order of p) with the original
// counts. Logistic: the model fitted on the original data gives beta and the complete table's shares, and value(p)
// is the trace of beta's covariance but the intercept's (core/models/RandomizedLogit.h, expectedLogitCovariance);
// cells: tr Sigma of the moment estimate of the table's shares (003 Lemma 4; the maximum likelihood's inside the
// simplex). InputError for an attribute not among `names` and as the model's fit on the original data refuses.
AnalysisObjective analysisObjective(const AnalysisTarget& target, const std::vector<std::string>& names,
                                    const std::vector<std::vector<std::string>>& categories,
                                    const ContingencyTable& joint);

} // namespace rr
