#pragma once
// Association measures of two polychotomous attributes (003 Table 4.1), templated on the scalar so
// forward-mode AutoDiff gives their exact gradients. `p` holds the r x c cell proportions row-major
// (rows = first attribute, the predictor; columns = second, the response).
#include "core/measures/Domain.h"

#include <string>
#include <vector>

namespace rr {

// "pi_ij" (or "pi_(i,j)" past 9 categories), "pi_i+", "pi_+j": the names reasons use.
std::string cellName(int i, int j);
std::string rowTotalName(int i);
std::string columnTotalName(int j);

template <class T>
struct TwoWayMargins {
    std::vector<T> rows, cols; // pi_i+, pi_+j
};

// Margins of the table; undefined when a cell is negative (an estimate outside the parameter space)
// or a margin is not positive (the measures divide by every margin).
template <class T>
TwoWayMargins<T> twoWayMargins(const T* p, int r, int c, Domain& d)
{
    TwoWayMargins<T> m{std::vector<T>(r, T(0.0)), std::vector<T>(c, T(0.0))};
    for (int i = 0; i < r; ++i)
        for (int j = 0; j < c; ++j) {
            const T& x = p[i * c + j];
            if (valueOf(x) < 0.0)
                d.fail(cellName(i, j) + " is negative (" + shortNumber(valueOf(x)) +
                       "): the estimate lies outside the parameter space");
            m.rows[i] += x;
            m.cols[j] += x;
        }
    for (int i = 0; i < r; ++i)
        if (valueOf(m.rows[i]) <= 0.0)
            d.fail(rowTotalName(i) + " is " + shortNumber(valueOf(m.rows[i])) + ": the measure divides by it");
    for (int j = 0; j < c; ++j)
        if (valueOf(m.cols[j]) <= 0.0)
            d.fail(columnTotalName(j) + " is " + shortNumber(valueOf(m.cols[j])) + ": the measure divides by it");
    return m;
}

// sum_ij pi_ij log(pi_ij / (pi_i+ pi_+j)), the mutual information in nats (0 log 0 = 0).
template <class T>
T mutualInformationSum(const T* p, int r, int c, const TwoWayMargins<T>& m, Domain& d)
{
    T sum(0.0);
    for (int i = 0; i < r; ++i)
        for (int j = 0; j < c; ++j) {
            const T expected = m.rows[i] * m.cols[j];
            sum += xLogRatio(
                p[i * c + j], expected, d, [i, j] { return cellName(i, j); }, "pi_i+ pi_+j");
        }
    return sum;
}

// -sum_k q_k log q_k of positive margins.
template <class T>
T entropy(const std::vector<T>& q, Domain& d)
{
    T sum(0.0);
    for (const T& x : q)
        sum -= xLogRatio(
            x, T(1.0), d, [] { return std::string("a margin"); }, "1");
    return sum;
}

// Pearson: N sum_ij (pi_ij - pi_i+ pi_+j)^2 / (pi_i+ pi_+j)   (003 Table 4.1)
template <class T>
T pearsonChiSquare(const T* p, int r, int c, double n, Domain& d)
{
    const TwoWayMargins<T> m = twoWayMargins(p, r, c, d);
    if (!d.defined())
        return T(0.0);
    T sum(0.0);
    for (int i = 0; i < r; ++i)
        for (int j = 0; j < c; ++j) {
            const T expected = m.rows[i] * m.cols[j];
            const T deviation = p[i * c + j] - expected;
            sum += deviation * deviation / expected;
        }
    return n * sum;
}

// Likelihood ratio: G^2 = 2N sum_ij pi_ij log(pi_ij / (pi_i+ pi_+j))   (003 Table 3.6; Table 4.1 omits N)
template <class T>
T likelihoodRatio(const T* p, int r, int c, double n, Domain& d)
{
    const TwoWayMargins<T> m = twoWayMargins(p, r, c, d);
    if (!d.defined())
        return T(0.0);
    return 2.0 * n * mutualInformationSum(p, r, c, m, d);
}

// M = sum_ij pi_ij log(pi_ij / (pi_i+ pi_+j)) / (-sum_i pi_i+ log pi_i+)   (003 Table 4.1)
template <class T>
T normalizedMutualInformation(const T* p, int r, int c, Domain& d)
{
    const TwoWayMargins<T> m = twoWayMargins(p, r, c, d);
    if (!d.defined())
        return T(0.0);
    const T info = mutualInformationSum(p, r, c, m, d);
    return quotient(info, entropy(m.rows, d), d, "the first attribute's entropy -sum_i pi_i+ log pi_i+");
}

// U = sum_ij pi_ij log(pi_ij / (pi_i+ pi_+j)) / (-sum_j pi_+j log pi_+j)   (003 Table 4.1, eq. 5.19)
template <class T>
T uncertaintyCoefficient(const T* p, int r, int c, Domain& d)
{
    const TwoWayMargins<T> m = twoWayMargins(p, r, c, d);
    if (!d.defined())
        return T(0.0);
    const T info = mutualInformationSum(p, r, c, m, d);
    return quotient(info, entropy(m.cols, d), d, "the second attribute's entropy -sum_j pi_+j log pi_+j");
}

// tau = (sum_ij pi_ij^2 / pi_i+ - sum_j pi_+j^2) / (1 - sum_j pi_+j^2), rows predicting columns (003 Table 4.1)
template <class T>
T concentrationCoefficient(const T* p, int r, int c, Domain& d)
{
    const TwoWayMargins<T> m = twoWayMargins(p, r, c, d);
    if (!d.defined())
        return T(0.0);
    T within(0.0), columns(0.0);
    for (int i = 0; i < r; ++i)
        for (int j = 0; j < c; ++j)
            within += p[i * c + j] * p[i * c + j] / m.rows[i];
    for (int j = 0; j < c; ++j)
        columns += m.cols[j] * m.cols[j];
    return quotient(T(within - columns), T(1.0 - columns), d, "1 - sum_j pi_+j^2");
}

// e_ij = sqrt(N) (pi_ij - pi_i+ pi_+j) / sqrt(pi_i+ pi_+j)   (003 Table 3.6)
template <class T>
T standardizedResidual(const T* p, int r, int c, double n, int i, int j, Domain& d)
{
    using std::sqrt;
    const TwoWayMargins<T> m = twoWayMargins(p, r, c, d);
    if (!d.defined())
        return T(0.0);
    const T expected = m.rows[i] * m.cols[j];
    return std::sqrt(n) * (p[i * c + j] - expected) / sqrt(expected);
}

} // namespace rr
