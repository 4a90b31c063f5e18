#pragma once
// The baskets pipeline as plain values: every number a basket view shows comes from core/baskets through
// these functions (the GUI runs them on a pool thread); the CLI's `basket` commands share their steps
// (OperatorParameters, ParameterSearch, Recovery).
#include "core/basketpipeline/BasketsChoice.h"
#include "core/basketpipeline/Recovery.h"
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
#include "core/data/AtomicWrite.h"
#include "core/estimation/Intervals.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace rr {

// An opened .dat file.
struct BasketsData {
    std::string path;
    Transactions baskets;
    BasketSummary summary;
    FimiReport report;
    std::vector<std::string> itemNames; // a CSV of 0/1 columns: item a is column itemNames[a]; FIMI: none
};

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

// Where a release's side files go: FILE.sizes (each basket's original size, 004 Sec. 4.4) and FILE.frequent
// (frequency-aware's frequent items).
std::string sizesPathOf(const std::string& release);
std::string frequentPathOf(const std::string& release);

// Randomizes with `rng` and writes FILE (+ FILE.sizes when the operator's recovery needs them) all or nothing,
// the baskets in a uniformly random order drawn from `rng` (streamBasketRelease).
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

} // namespace rr
