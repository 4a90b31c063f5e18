#pragma once
// The Baskets workspace's computations as plain values (no Qt): every number a basket view shows comes
// from core/baskets through these functions, which run on a pool thread (BasketsWorkspace).
#include "core/baskets/Apriori.h"
#include "core/baskets/BasketOperator.h"
#include "core/baskets/Breach.h"
#include "core/baskets/BreachParameters.h"
#include "core/baskets/Discoverability.h"
#include "core/baskets/FimiReader.h"
#include "core/baskets/MaxSupports.h"
#include "core/baskets/MiningComparison.h"
#include "core/baskets/OperatorPrivacy.h"
#include "core/baskets/Progress.h"
#include "core/baskets/SupportEstimator.h"
#include "core/baskets/Transactions.h"
#include "core/estimation/Intervals.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace rr::ui {

// An opened .dat file.
struct BasketsData {
    std::string path;
    Transactions baskets;
    BasketSummary summary;
    FimiReport report;
};

// The operators the workspace offers, with the names of the CLI's options (`basket ... --operator`).
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
BasketOperator basketsOperator(const BasketsChoice& choice, const BasketSummary& summary);

std::shared_ptr<const BasketsData> loadBasketsData(const std::string& path, const BasketProgress& progress = {});

// What the breaches at one level rest on: the items no randomization protects (declared public and
// named, 004 Def. 4's posterior never falls below the prior) and s_max(k, m) of the others (004 Sec. 4.4).
struct PrivacyBasis {
    double level = 0.5;
    int maxItemsetSize = 5;
    std::vector<std::uint8_t> publicFlags;
    std::vector<std::uint32_t> publicItems; // ascending
    MaxSupports maxSupports;
    // Frequency-aware distortion: the all-baskets s_max(1..K) among the frequent and among the other
    // non-public items at `frequentSupport` (negative: not computed).
    double frequentSupport = -1;
    std::vector<double> frequentRow, otherRow;
};
std::shared_ptr<const PrivacyBasis> computePrivacyBasis(const BasketsData& data, double level, int maxItemsetSize,
                                                        const BasketProgress& progress = {});
// `basis` with the frequency classes' rows at `frequentSupport` added.
std::shared_ptr<const PrivacyBasis> withFrequencyClasses(const BasketsData& data, const PrivacyBasis& basis,
                                                         double frequentSupport, const BasketProgress& progress = {});

struct RecoveredItemset {
    std::vector<std::uint32_t> items;
    double trueSupport = 0;
    BasketSupportEstimate estimate;
    bool rangeDefined = false;
    Interval range; // 95%, normal (004 Sec. 4.5)
    std::string reason;
};

// R(p, s) of one keep class at supports s (002 eq. 13), for the chart.
struct ReconstructionCurve {
    KeepClass keepClass;
    std::vector<double> supports, values;
};

struct PrecisionRecallPoint {
    double minSupport = 0;
    MiningComparison comparison;
};

struct BasketsFrame {
    BasketsChoice choice;
    BasketOperator op;
    BreachReport breach;
    std::vector<RecoveredItemset> recovered;
    std::vector<PrecisionRecallPoint> precisionRecall;
    std::vector<DiscoverabilityValue> lowestDiscoverable;      // k = 1..3 (frequency-aware: itemsets of frequent items)
    std::vector<DiscoverabilityValue> lowestDiscoverableOther; // frequency-aware: itemsets of other items
    ReconstructionReadout reconstruction;                      // 002 eq. 13-17, or why it does not apply
    std::vector<ReconstructionCurve> reconstructionCurves;     // one per keep class
    EpsilonReadout epsilon;
    std::size_t releaseOccurrences = 0;
    // False when core refused the preview (too many items to insert): breaches and discoverability stand,
    // recovered supports and mining are empty and `previewReason` says why.
    bool previewDefined = true;
    std::string previewReason;
};

// The breaches of the operator at the basis' level, a seeded randomization (the preview), the recovered
// supports of the top itemsets of the original with their 95% ranges, mining precision/recall at each
// s_min and the lowest discoverable supports.
BasketsFrame computeBasketsFrame(const BasketsData& data, const PrivacyBasis& basis, const BasketsChoice& choice,
                                 const BasketProgress& progress = {});

// 004 Sec. 4.4-5.1 for every size: the smallest rho_m per cutoff meeting the level, then the cutoff with the
// lowest discoverable supports. Sizes with no feasible choice keep `fallback`.
struct CutAndPasteSuggestion {
    std::vector<SizeChoice> choices;
    std::vector<CutAndPasteLevel> table;
    std::size_t infeasibleSizes = 0;
};
CutAndPasteSuggestion suggestCutAndPaste(const BasketsData& data, const PrivacyBasis& basis, CutAndPasteLevel fallback,
                                         const BasketProgress& progress = {});

// 004 Sec. 4.4 for select-a-size: per size, the smallest rho_m meeting the level for the current p_m[j]
// (core's smallestRho). Sizes with no such rho_m keep the current one.
struct SelectASizeSuggestion {
    std::vector<SelectASizeLevel> table; // sizes 0..maxSize
    std::vector<int> sizes;              // searched (with baskets and maximum supports)
    std::size_t infeasibleSizes = 0;
};
SelectASizeSuggestion suggestSelectASize(const BasketsData& data, const PrivacyBasis& basis,
                                         const BasketsChoice& choice, const BasketProgress& progress = {});

// Randomizes with `rng` and writes FILE (+ FILE.sizes when the operator's recovery needs them) all or nothing.
struct BasketReleaseSummary {
    std::string path, sizesPath; // sizesPath empty: not written
    std::size_t baskets = 0, occurrences = 0;
    std::string generator;
    bool secure = false;
};
BasketReleaseSummary writeBasketsRelease(const BasketsData& data, const BasketOperator& op, RandomSource& rng,
                                         const std::string& path, const BasketProgress& progress = {});

// "{39, 48}" with the file's item ids.
std::string itemsetLabel(const Transactions& baskets, const std::vector<std::uint32_t>& items);

} // namespace rr::ui
