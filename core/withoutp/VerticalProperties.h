#pragma once
// What an analyst who does not know p learns from the randomized table alone (003 Sec. 4.2): each
// association measure on the original table and on the expected randomized table
// lambda = (P_A x P_B) pi (003 eq. 2.1), with the verdict of 003 Results 4, 5 and 8 on whether the
// randomized value is a guaranteed bound of the original.
#include "core/distortion/DistortionMatrix.h"
#include "core/measures/MeasureCatalog.h"
#include "core/measures/MeasureValue.h"

#include <Eigen/Core>

#include <string>
#include <vector>

namespace rr {

// What 003 compares: the value (chi-square, G2, M, tau, U), its magnitude (phi, D, PS, AV, kappa, F)
// or its distance from independence at 1 (odds ratio, interest, conviction, collective strength).
enum class BoundForm { Value, Magnitude, DistanceFromOne };

// "value", "magnitude", "distance_from_one"
std::string toString(BoundForm form);

// The guarantee 003 gives a measure, for the given channels.
struct MeasureGuarantee {
    BoundForm form = BoundForm::Value;
    bool guaranteed = false; // the randomized value is a bound of the original for these channels
    std::string result;      // "003 Result 4" / "003 Result 5" / "003 Result 8", empty when none applies
    std::string reason;      // one sentence: why it is (or is not) safe to use without p
};

// A binary attribute's channel [[p0, 1 - p1], [1 - p0, p1]]: P(0 | 0) = p0, P(1 | 1) = p1.
struct BinaryChannel {
    double p0 = 1, p1 = 1;
};

// The guarantee of a Table 3.6 measure for two binary attributes randomized by these channels
// (Result 4 for any channel; Result 5 needs every p in [0.5, 1]).
MeasureGuarantee binaryGuarantee(Measure m, const BinaryChannel& first, const BinaryChannel& second);

// The compared quantity: x, |x| or |x - 1|.
double boundQuantity(BoundForm form, double value);

struct VerticalVerdict {
    Measure measure = Measure::Support;
    std::string key, label;
    MeasureValue original, randomized; // the measure itself on pi and on lambda
    MeasureGuarantee guarantee;
    MeasureValue originalCompared, randomizedCompared; // boundQuantity of each (undefined when the value is)
    // Both compared quantities are defined and the randomized one is larger (relative tolerance 1e-9):
    // a violation when guaranteed, a counterexample to monotonicity otherwise.
    bool randomizedAbove = false;
};

struct VerticalReport {
    int d1 = 2, d2 = 2;                  // categories of the full table
    double n = 0;                        // records (scales chi-square, G2 and Laplace)
    Eigen::Vector4d original;            // pooled 2 x 2 proportions (00, 01, 10, 11)
    Eigen::Vector4d randomized;          // pooled expected randomized proportions
    BinaryChannel first, second;         // the pooled channels
    bool resultFiveApplies = false;      // every p0, p1 in [0.5, 1]
    std::vector<VerticalVerdict> binary; // the 21 measures of measureCatalog() on the pooled 2 x 2 table
    std::vector<VerticalVerdict>
        fullTable; // Table 4.1 measures of the d1 x d2 table (Result 8), when larger than 2 x 2
};

// lambda = (P_A x P_B) pi for a row-major d1 x d2 table (003 eq. 2.1).
Eigen::VectorXd expectedRandomizedTable(const Eigen::VectorXd& pi, const DistortionMatrix& first,
                                        const DistortionMatrix& second);

// The verdicts for a two-way table of counts (row-major, first attribute = rows). The binary measures
// use each attribute's `present` category against the others pooled; pooling needs a 2 x 2 channel,
// which exists for d = 2 and for Warner matrices (BinaryPooling.h). Throws InputError for a malformed
// table, mismatched matrices or a pooling without a channel.
VerticalReport verticalProperties(const Eigen::VectorXd& counts, const DistortionMatrix& first,
                                  const DistortionMatrix& second, int presentFirst = 1, int presentSecond = 1);

// A Table 3.6 measure at 2 x 2 proportions (00, 01, 10, 11) for n records.
MeasureValue binaryMeasure(Measure m, const Eigen::Vector4d& proportions, double n);

// Expected randomized 2 x 2 proportions under two binary channels (003 eq. 2.1).
Eigen::Vector4d randomizedCells(const Eigen::Vector4d& pi, const BinaryChannel& first, const BinaryChannel& second);

// The 2 x 2 channel of an attribute with d categories randomized by Warner's p, pooled to its present
// category against the rest: p1 = p, p0 = 1 - (1 - p) / (d - 1) (p0 = p1 = p for d = 2).
BinaryChannel pooledWarnerChannel(int d, double p);

// A measure on the expected randomized table over a grid of Warner retention probabilities
// (p0 = p1 = p per binary attribute, as 003 Figs. 4.1-4.2 draw it; pooledWarnerChannel for d > 2).
struct MeasureSurface {
    Measure measure = Measure::Cosine;
    std::vector<double> pFirst, pSecond; // grid axes
    std::vector<MeasureValue> values;    // row-major: index i * pSecond.size() + j
    MeasureValue original;               // the measure on pi (p = 1, 1)
    BoundForm form = BoundForm::Value;
    int aboveOriginal = 0;    // grid points where the compared quantity exceeds the original's
    double largestExcess = 0; // the largest such excess (0 when none)
};

// Up to this many points per axis.
inline constexpr int kMaxSurfaceSteps = 401;

// `steps` points per axis from `low` to `high` (0 <= low < high <= 1). Throws InputError for
// steps outside [2, kMaxSurfaceSteps] or a bad range.
MeasureSurface randomizedMeasureSurface(const Eigen::Vector4d& pi, double n, Measure m, int steps, double low = 0.5,
                                        double high = 1.0, int dFirst = 2, int dSecond = 2);

} // namespace rr
