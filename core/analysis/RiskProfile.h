#pragma once
#include "core/risk/ShareInference.h"
// Pr(S_r | QI_r) over the records (003 Definition 7, eq. 5.6) as the risk view and the CLI report it:
// the summary, a histogram and the weighted CDF over records, and the riskiest records.
#include "core/datasource/PreparedTable.h"
#include "core/risk/DisclosureRisk.h"

#include <Eigen/Core>

#include <string>
#include <utility>
#include <vector>

namespace rr {

struct RiskyRecord {
    Eigen::Index cell = -1;
    std::vector<std::string> values; // QI values, then S
    double records = 0;              // records sharing these values
    double risk = 0;
};

struct RiskProfile {
    RiskSummary summary;
    double tau = 0.5;
    double upper = 1;                           // the histogram spans [0, upper] (covers max risk and tau)
    std::vector<double> histogram;              // records per bin over [0, upper]
    std::vector<std::pair<double, double>> cdf; // (risk, fraction of records with risk <= it), ascending
    std::vector<RiskyRecord> riskiest;          // highest risk first, ties by more records
    std::vector<std::string> attributeNames;
};

struct RiskProfileRequest {
    double tau = 0.5;
    int histogramBins = 40;
    int riskiestCount = 100;
};

// The risk's baseline (issue 20): what an attacker knows without any release. Guessing the most common
// sensitive value for everyone is right for its share of the records (the prior). maxRisk is what linking a person
// to the released records reveals beyond chance (003's measure); `shares` is what the published shares of each QI
// group reveal (issue 46), which no p changes: a release does not bound a guess by maxRisk.
struct RiskBaseline {
    std::string value;  // the most common sensitive value
    double prior = 0;   // its share of the records
    double maxRisk = 0; // max_r Pr(S_r | QI_r) at the release's p
    ShareInference shares; // over the QI groups of the original table (S the last axis; else zeros)
    std::vector<std::string> values; // the sensitive attribute's categories
    double added() const { return maxRisk - prior; }
};

// `sensitiveAxis`: the axis of S in `table` (PreparedAnalysis::sensitiveAxis()). Throws InputError for an axis
// out of range or a table without records.
RiskBaseline riskBaseline(const PreparedTable& table, int sensitiveAxis, double maxRisk);

// `risk`: Pr(S_r | QI_r) per joint cell of `table` (DisclosureRiskModel::evaluate).
RiskProfile riskProfile(const PreparedTable& table, const Eigen::VectorXd& risk, const RiskProfileRequest& request);

} // namespace rr
