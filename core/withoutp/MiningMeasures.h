#pragma once
// The data-mining quantities of 003 Sec. 4.4, on a table of proportions (or counts). They are not
// the association measures of 003 Table 3.6 (core/measures); they drive rules, trees and classifiers.
#include "core/contingency/ContingencyTable.h"

#include <vector>

namespace rr {

// Share of records with every listed axis at its listed category: the support of an itemset
// (003 Sec. 4.4, association rules). `axes` and `values` have equal length.
double itemsetSupport(const ContingencyTable& table, const std::vector<int>& axes, const std::vector<int>& values);

// Confidence of X => Y: support(X u Y) / support(X). Throws InputError when support(X) = 0.
double ruleConfidence(const ContingencyTable& table, const std::vector<int>& antecedentAxes,
                      const std::vector<int>& antecedentValues, const std::vector<int>& consequentAxes,
                      const std::vector<int>& consequentValues);

// gini_split of splitting on `splitAxis` with class `classAxis` (003 Sec. 4.4, Result 13):
// sum_i pi_i (1 - sum_c (pi_ic / pi_i)^2); categories without records add 0.
double giniSplit(const ContingencyTable& table, int splitAxis, int classAxis);

// Naive Bayes score of class value c for feature values x (003 Sec. 4.4, Example 6):
// pi_c prod_f (pi_{x_f, c} / pi_c) / pi_x, with pi_x the joint share of the features at x.
// Throws InputError when pi_c or pi_x is 0.
double naiveBayesScore(const ContingencyTable& table, const std::vector<int>& featureAxes,
                       const std::vector<int>& featureValues, int classAxis, int classValue);

} // namespace rr
