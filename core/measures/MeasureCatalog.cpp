#include "core/measures/MeasureCatalog.h"

#include <limits>

namespace rr {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Definitions as printed in 003 Table 3.6 except where the print is garbled (phi, certainty; see the
// descriptions), with the J-measure of 003 (000 Table 2 misprints its second logarithm).
constexpr std::array<MeasureInfo, kMeasureCount> kCatalog{{
    {Measure::Support, "support", "Support",
     "pi_11: share of records with both attributes present (003 Sec. 3.2.2, 000 Table 2)", 0, 1, true, false, true},
    {Measure::Confidence, "confidence", "Confidence",
     "pi_11 / pi_1+: share of records with the first present that have the second too (003 Result 2)", 0, 1, true,
     false, false},
    {Measure::Phi, "phi", "Correlation (phi)",
     "(pi_11 pi_00 - pi_01 pi_10) / sqrt(pi_1+ pi_+1 pi_0+ pi_+0) (000 Table 2; 003 Table 3.6 garbles the root)", -1, 1,
     false, false, false},
    {Measure::OddsRatio, "odds_ratio", "Odds ratio", "pi_11 pi_00 / (pi_10 pi_01) (003 Table 3.6)", 0, kInf, false,
     false, false},
    {Measure::Kappa, "kappa", "Kappa",
     "(pi_11 + pi_00 - pi_1+ pi_+1 - pi_0+ pi_+0) / (1 - pi_1+ pi_+1 - pi_0+ pi_+0) (003 Table 3.6)", -1, 1, false,
     false, false},
    {Measure::MutualInformation, "mutual_information", "Mutual information (M)",
     "sum_ij pi_ij log(pi_ij / (pi_i+ pi_+j)) / -sum_i pi_i+ log pi_i+, normalized by the first attribute's entropy "
     "(003 Table 3.6, Table 4.1)",
     0, 1, false, true, false},
    {Measure::JMeasure, "j_measure", "J-measure",
     "pi_11 log(pi_11 / (pi_1+ pi_+1)) + pi_10 log(pi_10 / (pi_1+ pi_+0)) (003 Table 3.6; 000 misprints the second "
     "log)",
     0, kInf, false, false, false},
    {Measure::ChiSquare, "chi_square", "Pearson's chi-square",
     "N sum_ij (pi_ij - pi_i+ pi_+j)^2 / (pi_i+ pi_+j) (003 Table 3.6, Sec. 3.3.1, eq. 3.6)", 0, kInf, false, true,
     true},
    {Measure::LikelihoodRatio, "likelihood_ratio", "Likelihood ratio (G2)",
     "2N sum_ij pi_ij log(pi_ij / (pi_i+ pi_+j)) (003 Table 3.6; Table 4.1 omits N)", 0, kInf, false, true, false},
    {Measure::RiskDifference, "risk_difference", "Risk difference",
     "pi_00 / pi_+0 - pi_01 / pi_+1 (003 Table 3.6, Result 7)", -1, 1, false, false, false},
    {Measure::CollectiveStrength, "collective_strength", "Collective strength",
     "(pi_11 + pi_00) / (pi_1+ pi_+1 + pi_0+ pi_+0) x (1 - pi_1+ pi_+1 - pi_0+ pi_+0) / (1 - pi_11 - pi_00) (003 "
     "Table 3.6)",
     0, kInf, false, false, false},
    {Measure::Cosine, "cosine", "Cosine (IS)", "pi_11 / sqrt(pi_1+ pi_+1) (003 Table 3.6)", 0, 1, false, false, true},
    {Measure::Interest, "interest", "Interest (lift)", "pi_11 / (pi_1+ pi_+1) (003 Table 3.6)", 0, kInf, false, false,
     true},
    {Measure::Jaccard, "jaccard", "Jaccard", "pi_11 / (pi_1+ + pi_+1 - pi_11) (003 Table 3.6)", 0, 1, false, false,
     true},
    {Measure::PiatetskyShapiro, "piatetsky_shapiro", "Piatetsky-Shapiro (PS)", "pi_11 - pi_1+ pi_+1 (003 Table 3.6)",
     -0.25, 0.25, false, false, true},
    {Measure::Conviction, "conviction", "Conviction", "pi_1+ pi_+0 / pi_10 (003 Table 3.6)", 0, kInf, false, false,
     false},
    {Measure::Certainty, "certainty", "Certainty factor",
     "(pi_11 / pi_1+ - pi_+1) / (1 - pi_+1) (003 Table 3.6 prints pi_11 for pi_11 / pi_1+, 000 pi_1+ for pi_+1)", -kInf,
     1, false, false, false},
    {Measure::AddedValue, "added_value", "Added value", "pi_11 / pi_1+ - pi_+1 (003 Table 3.6)", -1, 1, false, false,
     false},
    {Measure::Laplace, "laplace", "Laplace", "(N pi_11 + 1) / (N pi_1+ + 2) (003 Table 3.6)", 0, 1, true, false, false},
    {Measure::Concentration, "concentration", "Concentration coefficient (tau)",
     "(sum_ij pi_ij^2 / pi_i+ - sum_j pi_+j^2) / (1 - sum_j pi_+j^2), the first attribute predicting the second "
     "(003 Table 3.6, Table 4.1)",
     0, 1, false, true, false},
    {Measure::Uncertainty, "uncertainty", "Uncertainty coefficient (U)",
     "sum_ij pi_ij log(pi_ij / (pi_i+ pi_+j)) / -sum_j pi_+j log pi_+j, the share of the second attribute's entropy "
     "the first explains (003 Table 3.6, Table 4.1)",
     0, 1, false, true, false},
}};

} // namespace

const std::array<MeasureInfo, kMeasureCount>& measureCatalog()
{
    return kCatalog;
}

const MeasureInfo& measureInfo(Measure m)
{
    return kCatalog[static_cast<std::size_t>(m)];
}

std::optional<Measure> measureByKey(std::string_view key)
{
    for (const MeasureInfo& info : kCatalog)
        if (info.key == key)
            return info.measure;
    return std::nullopt;
}

} // namespace rr
