#pragma once
#include <Eigen/Core>

#include <string>

namespace rr {

// A statistic that may be undefined (never NaN): `reason` says why (house pattern, see DistanceValue).
struct StatValue {
    double value = 0;
    bool defined = true;
    std::string reason;
};

// Goodness of fit between observed counts n and fitted (expected) counts m-hat: Pearson
// X2 = sum (n - m)^2 / m and G2 = 2 sum n ln(n / m) (cells with n = 0 add 0 to G2), each with its
// chi-square p-value on df degrees of freedom. These are the two-table fit statistics of a model
// (003 Sec. 4.3.1, Tables 4.2-4.4), not the association measures of 003 Table 3.6.
struct GoodnessOfFit {
    StatValue chiSquare;
    StatValue gSquare;
    long long df = 0;
    StatValue pValue;  // Pr(chi2_df >= X2)
    StatValue gPValue; // Pr(chi2_df >= G2)
};

// Cells with m = 0 and n = 0 are skipped; m = 0 with n > 0 makes both statistics undefined (the
// reason names the cell). df <= 0 leaves the p-values undefined ("saturated"). Throws InputError
// for sizes that differ or negative / non-finite entries.
GoodnessOfFit goodnessOfFit(const Eigen::VectorXd& observed, const Eigen::VectorXd& fitted, long long df);

// Upper tail Pr(chi2_df >= x) (Boost.Math); undefined for df <= 0 or x not finite.
StatValue chiSquareUpperTail(double x, long long df);

// A p-value as the notes write it: "p = 0.0123" (3 significant digits), "p < 0.001" or "p undefined".
std::string describePValue(const StatValue& p);

// The 1 - alpha quantile of chi2_df (the critical value C of 003 Sec. 4.2.2); throws InputError
// for df <= 0 or alpha outside (0, 1).
double chiSquareCritical(double alpha, long long df);

} // namespace rr
