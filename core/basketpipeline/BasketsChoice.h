#pragma once
// What the Baskets workspace lets the user choose: the operator with every parameter set (the CLI's option
// names), the breach level and the preview's settings; and the operator parameters it stands for.
#include "core/basketpipeline/OperatorParameters.h"
#include "core/baskets/Transactions.h"

#include <cstdint>
#include <vector>

namespace rr {

struct BasketsChoice {
    OperatorKind kind = OperatorKind::CutAndPaste;
    double keep = 0.999;  // item bits: on 16,470 items 1 - p = 0.001 inserts ~16 items a basket
    double replace = 0.5; // uniform
    // Cut-and-paste (K_m, rho_m) indexed by m; sizes past its end take (cutoff, rho).
    std::vector<CutAndPasteLevel> perSize;
    // The retail example's values (docs/CLI_BASKET.md): on 16,470 items rho = 0.0005 inserts ~8 items a basket.
    int cutoff = 7;
    double rho = 0.0005; // cut-and-paste and select-a-size: rho for every size not in the per-size tables
    // Select-a-size (004 Def. 7): (rho_m, p_m[0..m]) indexed by m; sizes past its end, or with no p_m, take rho
    // and the binomial p_m[j] of `selectKeep` (each item kept with that share).
    std::vector<SelectASizeLevel> selectPerSize;
    double selectKeep = 0.8;
    // Frequency-aware distortion (002 Alg. 2): items in at least `frequentSupport` of the baskets are frequent.
    double fp = 0.9;
    double nfp = 0.9995; // on 16,470 items 1 - nfp = 0.0005 inserts ~8 items a basket
    double frequentSupport = 0.01;

    double level = 0.5;     // breach level (004 Def. 4)
    int breachItemsets = 3; // itemset sizes k = 1..this for the worst-case breach
    std::uint64_t seed = 1; // the preview's randomization (exploration only)
    int topItemsets = 10;
    int miningMaxSize = 3;
    std::vector<double> minSupports{0.01, 0.02, 0.03, 0.05, 0.08};
};

// The cut-and-paste table with every size 0..maxSize filled.
std::vector<CutAndPasteLevel> fullCutAndPasteTable(const BasketsChoice& choice, std::uint32_t maxSize);
// The select-a-size table with every size 0..maxSize filled (binomial p_m[j] of selectKeep where not given).
std::vector<SelectASizeLevel> fullSelectASizeTable(const BasketsChoice& choice, std::uint32_t maxSize);

// The choice's operator parameters (the CLI's `basket --session`, and the GUI): cut-and-paste's per-size table
// with cutoff and rho for the other sizes; select-a-size's table with rho and the binomial of selectKeep for
// the other sizes. They cover every basket size, whatever the data.
OperatorParameters operatorParameters(const BasketsChoice& choice);
// buildOperator of those parameters (frequency-aware: the frequent items at choice.frequentSupport).
BasketOperator basketsOperator(const BasketsChoice& choice, const BasketSummary& summary);

} // namespace rr
