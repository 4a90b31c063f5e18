#pragma once
// Computed examples for the "Without p" view's help (003 Sec. 4.3.3-4.4, Results 12-14): on real
// COIL 2000 tables, randomization without knowledge of p reverses an order that a data miner relies
// on. Each example is computed here from its table and distortion, and checks its own flip.
#include "core/contingency/ContingencyTable.h"
#include "core/distortion/DistortionSpec.h"

#include <Eigen/Core>

#include <string>
#include <vector>

namespace rr {

struct ExampleValue {
    std::string name; // e.g. "confidence(E => H)"
    double original = 0;
    double randomized = 0;
};

struct FlipExample {
    std::string result;                     // "003 Result 13"
    std::string title;                      // "Decision trees: the gini split order"
    std::string data;                       // where the table comes from, with the attributes' meaning
    ContingencyTable original;              // counts; axes named by their letters
    std::vector<DistortionSpec> distortion; // one per axis (Warner p = 1 for an unrandomized axis)
    Eigen::VectorXd originalProportions;    // pi
    Eigen::VectorXd randomizedProportions;  // lambda = (P_1 x ... x P_k) pi, the expectation 003 Ch. 4 uses
    std::vector<ExampleValue> values;       // the quantities before and after
    bool flipped = false;                   // the order (or sign) really reverses
    std::string sentence;                   // what flipped, in words
};

// Association rules (003 Sec. 4.4): COIL E, G, H all randomized with p = 0.7; the rule E => H beats
// E => G on support and confidence in the original and loses on both after randomization.
FlipExample associationRuleExample();
// Result 12: COIL A, B, C all with p = 0.9; gamma^AB_00 changes sign and grows in magnitude, and
// |gamma^BC| > |gamma^AC| reverses.
FlipExample loglinearCoefficientExample();
// Result 13 (003 Example 5): COIL A, B, C with p_A = 0.6, p_B = 0.9, C the class; the split on A
// has the lower gini before, B after.
FlipExample giniExample();
// Result 14 (003 Example 6): COIL A, G, H with p_A = p_G = 0.6, H the class; for A = 0, G = 1 the
// naive Bayes classifier predicts H = 1 before and H = 0 after.
FlipExample naiveBayesExample();

// All four, in the order above.
std::vector<FlipExample> unknownPExamples();

} // namespace rr
