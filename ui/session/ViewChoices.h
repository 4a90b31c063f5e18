#pragma once
// What the views show, kept apart from the analysis state so sessions (Qt Core only) can name it.
#include "core/analysis/UtilityLoss.h"
#include "core/estimation/Intervals.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rr::ui {

// Choices of the views (not undoable; saved in sessions). Attributes by name so a session
// survives a change of roles; a name the analysis lacks falls back to a sensible default.
struct ViewChoices {
    std::string distributionA, distributionB; // B empty: one attribute
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
    bool operator==(const ViewChoices&) const = default;
};

} // namespace rr::ui
