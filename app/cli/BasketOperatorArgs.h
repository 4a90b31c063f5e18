#pragma once
// The operator options every `basket` subcommand takes (004 Sec. 2, Def. 7, 8; 003 Ch. 3, 001; 002 Alg. 2),
// checked for their ranges, and the operator they give for data with a given basket size histogram.
#include "app/cli/Json.h"
#include "app/cli/Options.h"
#include "core/baskets/BasketOperator.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rr::cli {

// The largest basket size the options and table files accept.
constexpr int kMaxBasketSize = 100000;

// `v` with up to 10 significant digits, for messages.
std::string shortNumber(double v);

// A number in [lo, hi] (an end excluded when open), the whole text; InputError naming `what` and the range.
double numberInRange(const std::string& text, const std::string& what, double lo, double hi, bool loOpen, bool hiOpen);
// An integer in lo..hi; InputError naming `what` and the range.
int integerInRange(const std::string& text, const std::string& what, long long lo, long long hi);
// The integer option --name in lo..hi, or `fallback` when it is not given.
int intOption(const Options& options, const std::string& name, int lo, int hi, int fallback);

// --operator and every operator parameter.
std::vector<OptionSpec> operatorOptions();

// The operator as the command line gives it, checked for ranges, before it meets the data's sizes.
struct OperatorArgs {
    OperatorKind kind = OperatorKind::CutAndPaste;
    std::optional<double> p; // item-bits: keep probability; uniform: replacement probability
    std::optional<int> cutoff;
    std::optional<double> rho;
    std::optional<std::vector<double>> sizes;                // select-a-size p_m[0..m] of one size m
    std::string rhoTableFile, sizesTableFile;                // empty: not given
    std::vector<std::optional<CutAndPasteLevel>> rhoTable;   // by m, from --rho-table
    std::vector<std::optional<SelectASizeLevel>> sizesTable; // by m, from --sizes-table
    std::optional<double> fp, nfp, frequentSupport;

    // Whether the randomization parameters are given (breach may search for them instead).
    bool hasParameters() const;
};

// Parses --operator and its parameters; InputError naming the option and its range, an option the operator
// does not take, or a bad line of a table file.
OperatorArgs operatorArgs(const Options& options);

// The operator for data with sizeHistogram[m] baskets of size m. `frequentItems` (frequency-aware only):
// one flag per item. InputError naming a missing parameter or a basket size no parameter covers.
BasketOperator buildOperator(const OperatorArgs& args, const std::vector<std::size_t>& sizeHistogram,
                             std::uint32_t itemCount, std::vector<std::uint8_t> frequentItems = {});

// {"name", the parameters given}.
Json operatorJson(const OperatorArgs& args);

// Whether the operator's recovery needs each basket's original size (uniform, select-a-size, cut-and-paste).
bool needsSizes(OperatorKind kind);

} // namespace rr::cli
