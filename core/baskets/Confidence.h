#pragma once
#include "core/baskets/SupportEstimator.h"

#include <span>
#include <string>
#include <vector>

namespace rr {

// The confidence of A => B from a release (004 Sec. 4.6): X and Y, the recovered supports of A u B and A,
// from the two-set partial supports (Def. 13) per original basket size, their variances and covariance
// (eq. 17-18), and the estimate X / Y. Per-item operators use the 2^(|A|+|B|) table (003 eq. 3.3).
struct BasketConfidenceEstimate {
    std::vector<std::uint32_t> antecedent, consequent; // A, B (ascending, disjoint)
    double unionSupport = 0;                           // X
    double antecedentSupport = 0;                      // Y
    double varianceUnion = 0, varianceAntecedent = 0, covariance = 0;
    double confidence = 0; // X / Y
    bool defined = true;
    std::string reason;
    // s_{lA, lB} at index lA (|B|+1) + lB over all baskets: randomized, and estimated original.
    std::vector<double> randomizedTwoSetPartialSupports, twoSetPartialSupports;
};

BasketConfidenceEstimate estimateConfidence(SupportEstimator& estimator, std::span<const std::uint32_t> antecedent,
                                            std::span<const std::uint32_t> consequent);

// 004 Sec. 4.6: f(delta) = P[|X/Y - E X / E Y| <= delta] for (X, Y) bivariate normal with the given means
// and covariance, as the integral over y of the normal density of Y times P(X between alpha y and beta y).
double confidenceCoverage(double meanX, double meanY, double varX, double varY, double covXY, double delta);

// The radius delta with f(delta) = probability (004 Sec. 5.2), from the estimate's own moments.
struct ConfidenceRadius {
    double delta = 0;
    bool defined = true;
    std::string reason;
};
ConfidenceRadius confidenceRadius(const BasketConfidenceEstimate& estimate, double probability = 0.95);

} // namespace rr
