#pragma once
// What the published shares reveal (issue 46). A release publishes each QI group's shares of the sensitive values
// (that is its use: pi-hat reconstructs them), so anyone who reads them guesses a person's value from their group's
// most common one, whatever the person's own record says. Counted on the original table, QIs then S (S last, the
// fastest axis): for each QI group g the largest share max_s n(g, s) / n(g). Randomization protects what a person's
// own record adds (003's measure); this is what the group's statistics say, and no p changes it.
#include "core/contingency/ContingencyTable.h"

#include <cstddef>
#include <string>
#include <vector>

namespace rr {

// One QI group's most common sensitive value.
struct GroupShare {
    std::size_t group = 0; // index of the QI group (the joint cell without S)
    int value = 0;         // the most common sensitive value (the first on a tie)
    double records = 0;    // n(g)
    double holders = 0;    // n(g, value)
    double share = 0;      // holders / records
};

struct ShareInference {
    int priorValue = 0;     // the most common sensitive value over all records (the first on a tie)
    double priorShare = 0;  // its share of all records
    double groupsMax = 0;   // the largest group share max_g max_s n(g, s) / n(g)
    double groupsMean = 0;  // sum_g max_s n(g, s) / N: the share guessed right from each group's most common value
    double recordsOverTau = 0; // records in groups whose largest share exceeds tau (0 when tau <= 0)
    std::vector<GroupShare> overTau; // those groups, the most records first, at most `cap` (issue 46)
    GroupShare worst;                // the group of groupsMax (the most records among ties)
};

// Counts over `joint` (its last axis the sensitive attribute). tau <= 0: not given. Groups without records are
// skipped; an empty table gives zeros.
ShareInference shareInference(const ContingencyTable& joint, double tau = 0, std::size_t cap = 10);

// The owner's sentence for one attribute (no symbols, no equation numbers): "Published shares: in the largest-share
// group 77.7% of the records have Private; guessing Private for everyone is right for 73.7% of them."
std::string shareInferenceSentence(const ShareInference& inference, const std::string& sensitive,
                                   const std::vector<std::string>& values);

} // namespace rr
