#pragma once
// What `risk` and `optimize` share: --qi/--sensitive, the joint table (QI..., S last) and tau.
#include "app/cli/Dataset.h"
#include "core/contingency/ContingencyTable.h"

#include <string>
#include <vector>

namespace rr::cli {

struct RiskInputs {
    Records records;        // attributes: the QIs in the order given, then S
    ContingencyTable joint; // counts over (QI_1, ..., QI_m, S), S the last axis
};

// --qi A,B,... and --sensitive S.
std::vector<OptionSpec> riskTableOptions();

// Reads --qi/--sensitive, keeps the records complete in them (or in every column with
// --drop-incomplete) and builds the joint table.
RiskInputs riskInputs(const Table& raw, const Options& options);

// A risk threshold: a number in (0, 1] (InputError otherwise, naming `option`).
double parseTau(const std::string& text, const std::string& option = "--tau");

} // namespace rr::cli
