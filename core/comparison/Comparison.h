#pragma once
#include "core/anonymization/Anatomy.h"
#include "core/anonymization/Hierarchy.h"
#include "core/anonymization/InformationLoss.h"
#include "core/anonymization/LatticeSearch.h"
#include "core/anonymization/PrivacyModel.h"
#include "core/comparison/QueryError.h"
#include "core/comparison/RandomizationEstimate.h"
#include "core/comparison/TClosenessAtRisk.h"
#include "core/contingency/ContingencyTable.h"
#include "core/data/Errors.h"
#include "core/data/Table.h"
#include "core/estimation/Distances.h"
#include "core/risk/Reidentification.h"
#include "core/risk/ShareInference.h"

#include <Eigen/Core>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace rr {

// The four distances of 003 Sec. 5.3 between the original pi and an estimate.
struct DistanceSet {
    DistanceValue dV, L2, KL, chi2;
};
DistanceSet distancesBetween(const Eigen::VectorXd& pi, const Eigen::VectorXd& estimate);

// Privacy and utility of one release, measured the same way for every method (003 Sec. 5.3.3).
struct MethodUtility {
    bool available = false;
    std::string note;              // why the method gave no release, or how its estimate was made
    double maxRisk = 0;            // max_r Pr(S_r | QI_r), 003 Definition 7
    DistanceSet distances;         // between pi and `estimate`
    QueryErrorSummary baseQueries; // counts N * estimate against the original counts
    QueryErrorSummary cubeQueries;
    std::map<std::string, double> uncertainty; // "A|B" -> U (003 eq. 5.19) of `estimate`
    // Who-is-this-record risk of the release (issue 22): 1 / class size for a generalization, the original
    // QI cells' for anatomy (its QIs are released in clear), core/risk/Reidentification at p for RR-QI.
    ReidentificationSummary reidentification;
    // What the published shares of the groups the method publishes reveal (issue 46): for a generalization its
    // released classes, for anatomy its groups, for randomization the original QI groups (the shares pi-hat
    // estimates). Reading them, anyone guesses a person's value from the group's most common one. None when the
    // method gave no release (or a session saved before it was measured).
    std::optional<ShareInference> inference;
    Eigen::VectorXd estimate;                  // the estimated distribution over the joint domain (sums to 1)
    double seconds = 0;                        // time to build the release and estimate pi from it
    double measureSeconds = 0;                 // time to measure risk and utility of the estimate
};

// Every measure of one estimate `distribution` (proportions summing to 1, no negative cell) against
// `joint`: distances, base and cube queries (counts N * distribution), uncertainty coefficients.
MethodUtility measureUtility(const ContingencyTable& joint, const std::vector<std::string>& names,
                             const Eigen::VectorXd& distribution, double maxRisk);

// The stages of one comparison, in order: what a progress bar counts.
inline constexpr const char* kComparisonStages[] = {"l-diversity", "t-closeness", "anatomy", "randomization",
                                                    "utility"};

struct ComparisonOptions {
    int l = 3;                                                    // tau = 1/l for every method
    PrivacyModelKind model = PrivacyModelKind::EntropyLDiversity; // the l-diversity variant
    double c = 0;                                                 // c of recursive (c,l)-diversity
    LossMetricKind metric = LossMetricKind::Discernibility;       // what the generalization minimizes
    double suppressionLimit = 0; // fraction of records l-diversity and t-closeness may suppress
    // t-closeness runs only when asked for (`compare` and the Comparison tab do; a caller that shows no t-closeness
    // does not pay for its searches); its stage is passed either way.
    bool tCloseness = false;
    GroundDistance tMeasure = GroundDistance::Equal;              // t-closeness's ground distance
    // t-closeness at this t, in (0, 1]; none: at the largest t whose optimum keeps the risk within tau.
    std::optional<double> t;
    std::optional<AttributeGeneralization> sensitiveHierarchy;    // S's, for the hierarchical distance
    std::uint64_t seed = 1;                                       // simulated randomization (seeded: reproducible)
    int optimizerStarts = 8;
    // Called before each stage (kComparisonStages, in that order; "utility" only when RR-QI is
    // feasible); returning false cancels (ComparisonCancelled).
    std::function<bool(const std::string& stage)> progress;
    // Polled within long stages (after each lattice node the l-diversity search checks); returning
    // false cancels. Never advances a progress count.
    std::function<bool()> keepRunning;
};

class ComparisonCancelled : public Cancelled {
public:
    ComparisonCancelled() : Cancelled("the comparison was cancelled") {}
};

struct ComparisonResult {
    std::vector<std::string> attributes; // QIs then S
    ContingencyTable original;           // the joint table of the records
    int l = 0;
    double tau = 0;
    std::map<std::string, double> originalUncertainty;
    std::optional<ShareInference> originalInference; // the original QI groups' shares (what randomization publishes)

    MethodUtility randomization; // RR-QI, estimate from one simulated randomized table
    // RR-QI's query errors with the unbiased moment estimate itself (negative cells kept) instead of
    // its projection to a distribution.
    QueryErrorSummary randomizationUnbiasedBase, randomizationUnbiasedCube;
    MethodUtility randomizationExpected; // RR-QI, estimate from the expected randomized table
    MethodUtility lDiversity;
    MethodUtility tCloseness; // at the largest t whose optimum meets tau (TClosenessAtRisk.h)
    MethodUtility anatomy;

    RandomizationEstimates rr;
    std::string rngDescription;
    std::string privacyModel; // e.g. "entropy 3-diversity"
    LatticeSearchResult search;
    TClosenessAtRisk tSearch;
    std::size_t anatomyGroups = 0, anatomyResidueRecords = 0; // anatomy's groups; records its step 3 placed
    double secondsSearch = 0;    // l-diversity: the lattice search alone
    double secondsOptimizer = 0; // RR-QI: the parameter optimizer alone
    double secondsTotal = 0;
};

// What the comparison reads from the records: the joint counts over QI x S, and for anatomy, whose groups
// depend on the records' order, each record's QI cell and sensitive code in that order. A table in memory or a
// source of any size that streams (core/release/ComparisonRun) gives them.
using ComparisonRecordVisitor = std::function<void(std::size_t qiCell, int sensitive)>;
struct ComparisonRecords {
    std::vector<std::string> attributes; // QIs then S
    ContingencyTable original;           // over `attributes`, S last
    std::vector<std::string> sensitiveCategories; // S's, coded as in `original` (to name one in a message)
    bool weighted = false;               // rows carry counts: anatomy, which groups single records, refuses them
    // Calls `visit` once per record, in the records' order; `keepRunning` returning false cancels
    // (ComparisonCancelled).
    std::function<void(const ComparisonRecordVisitor& visit, const std::function<bool()>& keepRunning)> forEachRecord;
};

// The records of `table` (its used attributes complete): counts over qiAttributes x sensitiveAttribute.
// The result refers to `table`, which must outlive it.
ComparisonRecords comparisonRecords(const Table& table, const std::vector<int>& qiAttributes, int sensitiveAttribute);

// Releases the records four ways at the same privacy requirement (l-diversity by an optimal
// full-domain generalization, t-closeness at the t whose optimal generalization has max risk <= tau, anatomy,
// RR-QI at tau = 1/l), estimates pi from each release and
// measures disclosure and utility alike (003 Sec. 5.3.3). `qi` are the hierarchies of the QIs.
// A method that cannot meet the requirement (no anonymous node, anatomy ineligible, RR infeasible) is marked
// unavailable with the reason. Only anatomy reads the records (once); the rest use the counts.
ComparisonResult compareReleases(const ComparisonRecords& records, const std::vector<AttributeGeneralization>& qi,
                                 const ComparisonOptions& options);
// The same for a table in memory (its used attributes complete).
ComparisonResult compareReleases(const Table& table, const std::vector<int>& qiAttributes, int sensitiveAttribute,
                                 const std::vector<AttributeGeneralization>& qi, const ComparisonOptions& options);

} // namespace rr
