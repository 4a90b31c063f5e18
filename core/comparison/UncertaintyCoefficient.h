#pragma once
#include <Eigen/Core>

#include <map>
#include <string>
#include <vector>

namespace rr {

// Uncertainty coefficient of a two-way table (003 eq. 5.19), rows = explanatory attribute A,
// columns = response B:  U(B|A) = -sum_ij pi_ij log(pi_ij / (pi_i+ pi_+j)) / -sum_j pi_+j log pi_+j,
// the share of B's entropy that A explains, in [0, 1]. `table` holds counts or proportions
// (non-negative; InputError otherwise). A constant response has no entropy to explain: U = 0.
double uncertaintyCoefficient(const Eigen::MatrixXd& table);

// Two-way marginal (axes a, b) of a row-major table over `dims`, as a da x db matrix.
Eigen::MatrixXd pairMarginal(const Eigen::VectorXd& cells, const std::vector<int>& dims, int a, int b);

// U for every ordered pair of axes, keyed "A|B" with B the response: "education|salary-class"
// is 003 Table 5.3's "E vs S".
std::map<std::string, double> uncertaintyCoefficients(const Eigen::VectorXd& cells, const std::vector<int>& dims,
                                                      const std::vector<std::string>& names);

// Mean of the coefficients keyed as above over the QI -> S pairs ("Q|S", S = the last attribute) or
// over the ordered QI-QI pairs; 0 with fewer than two attributes. Throws InputError for a missing key.
double meanUncertainty(const std::map<std::string, double>& coefficients, const std::vector<std::string>& attributes,
                       bool qiToSensitive);

} // namespace rr
