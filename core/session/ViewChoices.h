#pragma once
// What the views show, kept apart from the analysis state so sessions (core, no Qt) can name it.
#include "core/analysis/UtilityLoss.h"
#include "core/estimation/Intervals.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rr {

// Choices of the views (not undoable; saved in sessions). Attributes by name so a session
// survives a change of roles; a name the analysis lacks falls back to a sensible default.
struct ViewChoices {
    std::string distributionA, distributionB; // B empty: one attribute
    int distributionFirstRank = 0;            // many cells: the first shown, by size (0: the largest)
    std::uint64_t seed = 1;
    double alpha = 0.05;
    IntervalKind kind = IntervalKind::Normal;
    bool riskCdf = false;
    std::string surfaceX, surfaceY;
    bool surfaceSelectedRecord = false;      // risk of one record instead of max risk
    std::vector<std::string> selectedRecord; // its QI and S values
    std::string intervalsA, intervalsB, intervalsVary;
    std::vector<std::string> intervalsCell; // one value per intervals attribute
    int tradeOffMaxL = 6;
    UtilityMetric metric = UtilityMetric::TraceCovariance;
    // "Without p" view (issue 9): two attributes, their present categories, the surface's measure key
    std::string withoutPFirst, withoutPSecond, withoutPFirstPresent, withoutPSecondPresent;
    std::string withoutPMeasure = "cosine";
    std::string currentView = "distribution";
    // Measures view (issue 8): the pair (rows, columns), each one's present category, the swept measure.
    std::string measuresA, measuresB, measuresPresentA, measuresPresentB;
    std::string measuresSweep = "phi";
    // Rules view (issue 8): items as "attribute=category", thresholds, decision rule, p of every item.
    std::vector<std::string> rulesItems;
    double rulesMinSupport = 0.25, rulesMinConfidence = 0.65;
    std::string rulesDecision = "estimate";
    double rulesP = 0.9;
    // Protect: the optimizer's bound on the largest re-identification risk of a record (issue 22); 0: none.
    double maxReidentification = 0;
    bool operator==(const ViewChoices&) const = default;
};

} // namespace rr
