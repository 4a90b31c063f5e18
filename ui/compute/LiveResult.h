#pragma once
// What the live views draw, computed by computeLive() from core/ (no formula in a widget).
#include "core/estimation/Intervals.h"
#include "core/risk/DisclosureRisk.h"
#include "ui/compute/Utility.h"

#include <Eigen/Core>

#include <cstdint>
#include <string>
#include <vector>

namespace rr::ui {

// View 1: original pi, expected randomized lambda = P pi, and the estimate pi-hat = P^-1 lambda-hat
// of one simulated randomization with its interquantile ranges (003 Sec. 3.2, Fig. 3.1).
struct DistributionData {
    std::vector<std::string> attributes;
    std::vector<std::string> labels; // shown cells
    std::vector<std::size_t> cells;  // their indices in the marginal
    std::vector<double> original, expected, estimate;
    std::vector<Interval> intervals;
    std::size_t totalCells = 0;
    double records = 0;
    std::uint64_t seed = 0;
    double alpha = 0.05;
    IntervalKind kind = IntervalKind::Normal;
};

struct RiskyRecord {
    Eigen::Index cell = -1;
    std::vector<std::string> values; // QI values, then S
    double records = 0;              // records sharing these values
    double risk = 0;
};

// View 2: Pr(S_r | QI_r) over records (003 Definition 7, eq. 5.6).
struct RiskData {
    RiskSummary summary;
    double tau = 0.5;
    double upper = 1;                           // the histogram spans [0, upper] (covers max risk and tau)
    std::vector<double> histogram;              // records per bin over [0, upper]
    std::vector<std::pair<double, double>> cdf; // (risk, fraction of records with risk <= it), ascending
    std::vector<RiskyRecord> riskiest;          // highest risk first
    std::vector<std::string> attributeNames;
};

// View 4: the interquantile ranges of one cell's estimate as one p varies (003 Fig. 3.2, 3.3).
struct IntervalsData {
    std::string cellLabel;
    std::string varyName;
    std::vector<std::string> attributes;
    std::vector<double> p, estimate, normalLo, normalHi, chebyshevLo, chebyshevHi;
    double original = 0;
    double currentP = 1;
    double simulated = 0; // one simulated estimate at the current p (seeded)
    Interval simulatedNormal, simulatedChebyshev;
    double alpha = 0.05;
    std::uint64_t seed = 0;
};

struct LiveResult {
    std::uint64_t generation = 0;
    std::vector<double> p; // the parameters these numbers are for
    double maxRisk = 0;
    double utility = 0; // the request's metric at p
    double traceCovariance = 0;
    double objective = 0;
    RiskData risk;
    DistributionData distribution;
    IntervalsData intervals;
};

} // namespace rr::ui
