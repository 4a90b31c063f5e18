#pragma once
// The "Without p" view's computation (003 Sec. 4.2): two attributes of a prepared table, each pooled
// to a present category, their association measures on the original and on the expected randomized
// table at the current Warner p, the verdicts of Results 4, 5 and 8, and one measure over a grid of
// (p_A, p_B) as 003 Figs. 4.1-4.2 draw it.
#include "core/datasource/PreparedTable.h"
#include "core/distortion/DistortionSpec.h"
#include "core/withoutp/VerticalProperties.h"

#include <optional>
#include <string>

namespace rr {

struct WithoutPRequest {
    std::string first, second;               // attribute names (different)
    std::string firstPresent, secondPresent; // the "present" category; empty = the last one
    double pFirst = 1, pSecond = 1;          // Warner retention probabilities of the two attributes
    Measure measure = Measure::Cosine;       // the surface's measure
    int steps = 41;                          // grid points per axis over p in [0, 1]
    // Any matrix for an attribute (the matrix editor) instead of Warner's p in the verdicts; the
    // surface stays on Warner's family (its axes are p). Pooling d > 2 needs a Warner matrix.
    std::optional<DistortionSpec> firstMatrix, secondMatrix;
};

struct WithoutPFrame {
    std::string first, second, firstPresent, secondPresent;
    int firstAxis = 0, secondAxis = 1;
    int dFirst = 2, dSecond = 2;
    double pFirst = 1, pSecond = 1;
    std::string firstDistortion, secondDistortion; // describe() of the matrices the verdicts use
    Eigen::VectorXd counts;                        // the two-way table of counts, row-major (first = rows)
    VerticalReport report;                         // every measure at the current p
    MeasureSurface surface;                        // the chosen measure over p in [0, 1] x [0, 1]
};

// Throws InputError for an unknown or repeated attribute, an unknown category, p outside [0, 1] or a
// grid outside [2, kMaxSurfaceSteps].
WithoutPFrame computeWithoutP(const PreparedTable& table, const WithoutPRequest& request);

} // namespace rr
