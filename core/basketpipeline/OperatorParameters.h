#pragma once
// A basket operator's parameters as a front end gives them (004 Sec. 2, Def. 7, 8; 003 Ch. 3, 001; 002 Alg. 2),
// and the one place that turns them into the operator for data with a given basket size histogram. The CLI
// fills them from its options, the GUI from its panel (BasketsChoice); messages name the CLI's options.
#include "core/baskets/BasketOperator.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rr {

// The largest basket size the parameters and table files accept.
constexpr int kMaxBasketSize = 100000;

struct OperatorParameters {
    OperatorKind kind = OperatorKind::CutAndPaste;
    std::optional<double> p; // item-bits: keep probability; uniform: replacement probability
    std::optional<int> cutoff;
    std::optional<double> rho;
    std::optional<std::vector<double>> sizes;                // select-a-size p_m[0..m] of one size m
    std::string rhoTableFile, sizesTableFile;                // where the tables came from (messages, JSON)
    std::vector<std::optional<CutAndPasteLevel>> rhoTable;   // by m; empty: --cutoff and --rho
    std::vector<std::optional<SelectASizeLevel>> sizesTable; // by m; empty: --rho and --sizes
    // A session's select-a-size: sizes without a table line take rho and the binomial p_m[j] of this share of
    // items kept. (A session's cut-and-paste likewise gives its table and, for the other sizes, cutoff and rho.)
    std::optional<double> sizesKeep;
    std::optional<double> fp, nfp, frequentSupport;

    // Whether the randomization parameters are given (breach may search for them instead).
    bool hasParameters() const;
};

// The operator for data with sizeHistogram[m] baskets of size m, checked against the data (checkOperator).
// `frequentItems` (frequency-aware only): one flag per item. InputError naming a missing parameter or a
// basket size no parameter covers.
BasketOperator buildOperator(const OperatorParameters& parameters, const std::vector<std::size_t>& sizeHistogram,
                             std::uint32_t itemCount, std::vector<std::uint8_t> frequentItems = {});

// {"name", the parameters given}, in the CLI's keys.
nlohmann::ordered_json operatorJson(const OperatorParameters& parameters);

// Whether the operator's recovery needs each basket's original size (uniform, select-a-size, cut-and-paste).
bool needsSizes(OperatorKind kind);

} // namespace rr
