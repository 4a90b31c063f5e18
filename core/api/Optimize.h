#pragma once
// `optimize` of the typed layer (issue 43): the p that minimize the utility loss under max_r Pr(S_r | QI_r) <= tau
// (003 Problem 1, Result 16), optionally under a re-identification bound (issue 22) or for one analysis (issue 44).
// One request, one function, one result; optimizeJson is the one place the result becomes JSON (the CLI prints
// it, Python's to_dict() is it).
#include "core/analysis/PreparedAnalysis.h"
#include "core/analysis/SeveralSensitive.h"
#include "core/api/Inference.h"
#include "core/api/JsonValues.h"
#include "core/api/SensitiveTargets.h"
#include "core/api/Source.h"
#include "core/optimization/Infeasibility.h"
#include "core/optimization/OptimalParameters.h"
#include "core/risk/RandomizationMode.h"

#include <optional>
#include <string>
#include <vector>

namespace rr::api {

struct OptimizeRequest {
    DataRequest data;
    std::vector<std::string> qi;
    std::vector<std::string> sensitive; // one; several (or any `knows`): one constraint each
    Knows knows;
    bool dropIncomplete = false;
    RandomizationMode mode = RandomizationMode::Both;
    std::optional<double> l, tau; // exactly one: tau = 1/l, 2 <= l <= 1e6; or tau in (0, 1]
    std::optional<double> maxReidentification, meanReidentification; // in (0, 1]: the second constraint
    std::optional<std::string> analysis; // "regress:Y=V~A,B" or "cells:A,B": minimize its expected variance
    int threads = 1;                     // the numbers do not depend on it
};

// With `analysis`: what it minimized, and today's optimum beside it.
struct AnalysisAnswer {
    std::string text, description;
    std::vector<std::string> terms;
    double analysisObjective = 0; // at the answer's p
    OptimizationResult classic;   // 003's optimum
    double classicAnalysisObjective = 0;
};

// When tau is out of reach (one sensitive attribute): the cells that block it and the largest l each mode meets.
struct Infeasibility {
    std::vector<GroupValue> blockingGroups; // groupRecords set
    std::vector<ReachableL> bestL;          // per mode, RR-QI, RR-S, RR-Both
    std::string explanation;
};

// One of several sensitive attributes' share of the answer.
struct TargetOptimum {
    std::string attribute;
    std::vector<std::string> knows;
    double maxRisk = 0, lowestMaxRisk = 0, blockingRecords = 0;
    std::size_t blockingCells = 0;
    std::string reason; // empty when this attribute does not keep tau out of reach
    Inference inference;
};

struct OptimizeResult {
    OptimizationResult result; // the answer: the analysis optimum with `analysis`, 003's otherwise
    RandomizationMode mode = RandomizationMode::Both;
    std::optional<double> l;
    std::vector<std::string> names; // the optimizer's attributes, in the order of result.p
    std::size_t rows = 0, droppedRows = 0;
    ReidentificationBound bound;
    std::optional<AnalysisAnswer> analysis;
    std::optional<Infeasibility> infeasibility; // one sensitive attribute, infeasible only
    Inference inference;                        // one sensitive attribute only
    std::vector<std::string> randomized;        // several only: the attributes the mode randomizes
    std::vector<TargetOptimum> targets;         // several only
    std::vector<std::string> warnings;          // sensitive attributes an optimum leaves in clear

    bool several() const { return !targets.empty(); }
};

// InputError (in the CLI's words) unless exactly one of l and tau is given.
void checkThresholdChoice(bool l, bool tau);
// What optimizeOf checks before any data is read: l or tau, each in its range, and the re-identification bounds.
void checkSearch(const OptimizeRequest& request);

// Returning false stops the search (Cancelled); called with the fraction read, or -1 while searching.
// InputError (in the CLI's words) for roles, l, tau, bounds or an analysis that do not fit the data.
OptimizeResult optimizeOf(const OptimizeRequest& request, const ProgressFunction& progress = {});
// The same search over tables a front end has prepared already (the GUI's workspace): request.data is not
// read; qi, sensitive, knows and dropIncomplete are those the tables were prepared with.
OptimizeResult optimizeOver(const OptimizeRequest& request, const PreparedAnalysis& analysis,
                            const ProgressFunction& progress = {});
OptimizeResult optimizeOver(const OptimizeRequest& request, const SeveralSensitiveAnalysis& analysis,
                            const ProgressFunction& progress = {});

// The CLI's JSON of `result` (nlohmann ordered keys; the notes that explain its nulls included).
Json optimizeJson(const OptimizeResult& result);

} // namespace rr::api
