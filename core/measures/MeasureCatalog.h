#pragma once
#include <array>
#include <optional>
#include <string_view>

namespace rr {

// The association measures of two binary attributes (003 Table 3.6, 000 Table 2), in the order a
// report lists them. Rows = first attribute (predictor), columns = second (response).
enum class Measure {
    Support,
    Confidence,
    Phi,
    OddsRatio,
    Kappa,
    MutualInformation,
    JMeasure,
    ChiSquare,
    LikelihoodRatio,
    RiskDifference,
    CollectiveStrength,
    Cosine,
    Interest,
    Jaccard,
    PiatetskyShapiro,
    Conviction,
    Certainty,
    AddedValue,
    Laplace,
    Concentration,
    Uncertainty,
};

inline constexpr int kMeasureCount = 21;

struct MeasureInfo {
    Measure measure;
    std::string_view key;         // JSON key, e.g. "odds_ratio"
    std::string_view label;       // for people, e.g. "Odds ratio"
    std::string_view description; // the definition and its source, one line
    double lowest, highest;       // the measure's own range (infinite where unbounded); ranges are clipped to it
    bool proportion;              // a probability in [0, 1] (support, confidence, Laplace)
    bool polytomous;              // defined for two many-category attributes too (003 Table 4.1)
    bool multiItem;               // extends to k binary items (003 Sec. 3.3.1): chi-square, interest, IS, PS, Jaccard
};

const std::array<MeasureInfo, kMeasureCount>& measureCatalog();
const MeasureInfo& measureInfo(Measure m);
std::optional<Measure> measureByKey(std::string_view key);

} // namespace rr
