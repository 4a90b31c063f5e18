#pragma once
#include "core/optimization/ReidentificationBound.h"
#include "core/optimization/RiskConstraint.h"
#include "core/risk/DisclosureRisk.h"

#include <functional>
#include <optional>

#include <string>
#include <vector>

namespace rr {

struct OptimizationOptions {
    RandomizationMode mode = RandomizationMode::QI;
    double tau = 0.5;        // max_r Pr(S_r|QI_r) <= tau (tau = 1/l)
    int starts = 8;          // most local searches for the non-convex problem (stops once 3 agree)
    double tolerance = 1e-9; // an active constraint holds to this: tau - tolerance <= maxRisk <= tau
    // A second constraint, on the records' re-identification risk (issue 22); none by default.
    ReidentificationBound reidentification;
    int threads = 1; // for the re-identification risk
    // A direction to try first (cost weights over the mode's attributes, e.g. the optimum at the previous tau
    // of a trade-off curve); empty: none.
    std::vector<double> warmDirection;
    // What to minimize instead of prod_i ||P_i^-1||_F^2 (003 eq. 5.18), under the same constraints: a positive
    // function of one p per attribute of the joint table that does not rise as any p rises (an analysis' expected
    // variance: core/models/AnalysisObjective.h). Empty: 003's objective.
    std::function<double(const std::vector<double>& p)> objective;
};

struct OptimizationResult {
    bool feasible = false;
    // One p per attribute of the joint table (QIs then S); 1 for attributes outside the mode.
    // All 1 when tau is met without randomization, and when it cannot be met (feasible = false).
    std::vector<double> p;
    double objective = 0; // prod_i ||P_i^-1||_F^2 over all QI and S attributes (003 eq. 5.18)
    double analysisObjective = 0; // options.objective at the returned p (0 without one)
    double maxRisk = 0;   // at the returned p
    double tau = 0;
    // lowestMaxRisk is set whenever randomization is needed; the rest when infeasible:
    std::string reason;         // plain English: why tau is out of reach
    double lowestMaxRisk = 0;   // the lowest max risk any p in the mode reaches (Property 1)
    double blockingRecords = 0; // records whose risk stays at or above tau for every p in the mode
    std::size_t blockingCells = 0;
    // RR-S only: QI groups whose records all share one sensitive value, and their records
    // (risk 1 for every p_s: the posterior equals the prior, which is certain).
    std::size_t certainGroups = 0;
    double certainRecords = 0;
    int evaluations = 0; // risk evaluations used
    // The optimum's direction in cost space (weights over the mode's attributes): a warm start for a nearby tau.
    std::vector<double> direction;
    // With a re-identification bound: R_id at the returned p, and whether the bound (not tau) set p. When the
    // bound cannot be met, feasible is false and `reason` says what the most randomization reaches.
    std::optional<ReidentificationSummary> reidentification;
    bool reidentificationBinding = false;
    // Set by the front ends when infeasible (core/optimization/Infeasibility.h, issue 46): the blocking groups and
    // the l each mode reaches in the owner's words, and whether RR-Both (not the mode) meets the target.
    std::string explanation;
    bool bothMeetsTarget = false;
};

// Solves 003 Problem 1 / Result 16: minimize prod_i ||P_i^-1||_F^2 (or options.objective) subject to
// max_r Pr(S_r | QI_r) <= tau with p_i in (1/d_i, 1], for the attributes the mode randomizes
// (Warner matrices). The returned point lies on the constraint boundary, within options.tolerance
// below tau and never above it (the risk falls as any p falls, 003 Result 16). Infeasible when
// the Property-1 minimum of some record is at or above tau (p = 1/d itself is excluded).
// With options.reidentification, p must also keep the re-identification risk within the bound: when the tau
// optimum does not, each starting direction's ray is searched (bisection) for its cheapest point meeting both,
// and the cheapest over the rays is returned (a search over rays, not a proof of the joint optimum).
// Throws InputError for tau outside (0, 1], a bound outside (0, 1], or a randomized attribute with fewer than 2
// categories.
OptimizationResult optimizeParameters(DisclosureRiskModel& model, const OptimizationOptions& options);

// The same search under any risk constraint (several sensitive attributes: core/analysis/SeveralSensitiveOptimum.h).
// What differs from one constraint to another is said here.
struct OptimizationProblem {
    RiskConstraint& risk;
    std::vector<int> axes; // the attributes randomized (indices into risk.dims()), the search's variables
    // Step 2, when p = 1 breaks tau: sets result.lowestMaxRisk (what p -> 1/d reaches, 003 Property 1) and, when
    // tau is out of reach, result.reason and the blocking figures; returns whether it is out of reach.
    std::function<bool(OptimizationResult&, double tau)> outOfReach;
    // Step 3's verdict when every direction reaches tau only at p = 1/d.
    std::function<void(OptimizationResult&, double tau)> atEdge;
    // For a re-identification bound: the QIs' table, whose axes are the first of p.
    std::function<ContingencyTable()> quasiIdentifierTable;
};
OptimizationResult optimizeUnder(OptimizationProblem& problem, const OptimizationOptions& options);

} // namespace rr
