#pragma once
#include "core/contingency/ContingencyTable.h"
#include "core/loglinear/GoodnessOfFit.h"

#include <Eigen/Core>

#include <string>
#include <vector>

namespace rr {

// Chi-square test of independence of two axes a, b of a table, optionally conditional on a set of
// axes G (003 Sec. 4.2.2, Results 9, 10): H0 pi_{ab|g} = pi_{a|g} pi_{b|g} in every stratum g.
// Equivalent to fitting the loglinear model (aG, bG) on the margin over {a, b} u G.
struct IndependenceTest {
    int a = -1, b = -1;
    std::vector<int> given;   // G (axes of the input table)
    GoodnessOfFit fit;        // Pearson X2 and G2 with df and p-values
    Eigen::VectorXd observed; // counts over (a, b, G...) in that axis order, row-major
    Eigen::VectorXd expected; // n_{a g} n_{b g} / n_g in the same order
    double alpha = 0.05;
    bool rejected = false; // Pearson p-value < alpha
    std::string note;      // how df was counted when rows, columns or strata are empty
};

// df = sum over non-empty strata of (rows - 1)(columns - 1), counting only the rows and columns
// of that stratum with records (the usual adjustment for sampling zeros; equals (I-1)(J-1) prod d_g
// when no margin is empty). Throws InputError for a = b, axes out of range or repeated, a or b in G,
// or alpha outside (0, 1).
IndependenceTest testIndependence(const ContingencyTable& table, int a, int b, const std::vector<int>& given = {},
                                  double alpha = 0.05);

// Whether the test on randomized data is a valid alpha-level test of the original hypothesis
// (003 Result 9: always, with lower power; Result 10: conditional on G only if no attribute in G
// is randomized).
struct RandomizedTestValidity {
    bool valid = true;
    std::string reason; // one sentence naming the attributes
};
RandomizedTestValidity randomizedTestValidity(int a, int b, const std::vector<int>& given,
                                              const std::vector<int>& randomizedAxes,
                                              const std::vector<std::string>& names);

// The same test on the original and on the randomized table, with the verdict.
struct IndependenceComparison {
    IndependenceTest original;
    IndependenceTest randomized;
    RandomizedTestValidity validity;
    std::string summary; // e.g. "original rejects independence (p < 0.001); randomized rejects too (p = 0.003)"
};
IndependenceComparison compareIndependence(const ContingencyTable& original, const ContingencyTable& randomized, int a,
                                           int b, const std::vector<int>& given, const std::vector<int>& randomizedAxes,
                                           double alpha = 0.05);

} // namespace rr
