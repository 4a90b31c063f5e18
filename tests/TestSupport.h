#pragma once
// Helpers every Qt Test suite shares: tolerance comparisons that print both values on failure,
// and random column-stochastic matrices for property tests.
#include <QtTest>

#include <Eigen/Core>

#include <cmath>
#include <random>
#include <sstream>
#include <string>

namespace rr::testsupport {

// True when |actual - expected| <= tolerance (NaN and infinity never are); otherwise fails the
// running test with both values, the difference and the tolerance.
inline bool compareNear(double actual, double expected, double tolerance, const char* actualExpr,
                        const char* expectedExpr, const char* file, int line)
{
    if (std::isfinite(actual) && std::isfinite(expected) && std::abs(actual - expected) <= tolerance)
        return true;
    std::ostringstream msg;
    msg.precision(12);
    msg << "Compared values differ by more than " << tolerance << ".\n   Actual   (" << actualExpr << "): " << actual
        << "\n   Expected (" << expectedExpr << "): " << expected << "\n   Difference: " << (actual - expected);
    QTest::qFail(msg.str().c_str(), file, line);
    return false;
}

// Relative version: |actual - expected| <= relTolerance * |expected|.
inline bool compareRelative(double actual, double expected, double relTolerance, const char* actualExpr,
                            const char* expectedExpr, const char* file, int line)
{
    return compareNear(actual, expected, relTolerance * std::abs(expected), actualExpr, expectedExpr, file, line);
}

// Element-wise comparison of two vectors of the same size; names the first index that differs.
template <typename A, typename B>
bool compareVectorsNear(const A& actual, const B& expected, double tolerance, const char* actualExpr,
                        const char* expectedExpr, const char* file, int line)
{
    if (actual.size() != expected.size()) {
        std::ostringstream msg;
        msg << actualExpr << " has " << actual.size() << " entries, " << expectedExpr << " has " << expected.size();
        QTest::qFail(msg.str().c_str(), file, line);
        return false;
    }
    for (Eigen::Index i = 0; i < static_cast<Eigen::Index>(actual.size()); ++i) {
        const std::string a = std::string(actualExpr) + "[" + std::to_string(i) + "]";
        const std::string e = std::string(expectedExpr) + "[" + std::to_string(i) + "]";
        if (!compareNear(double(actual[i]), double(expected[i]), tolerance, a.c_str(), e.c_str(), file, line))
            return false;
    }
    return true;
}

// A random d x d column-stochastic matrix with entries bounded away from 0 (invertible in practice).
inline Eigen::MatrixXd randomStochastic(int d, std::mt19937_64& g)
{
    std::uniform_real_distribution<double> u(0.05, 1.0);
    Eigen::MatrixXd m(d, d);
    for (int c = 0; c < d; ++c) {
        for (int r = 0; r < d; ++r)
            m(r, c) = u(g) + (r == c ? 0.5 : 0.0);
        m.col(c) /= m.col(c).sum();
    }
    return m;
}

} // namespace rr::testsupport

// QCOMPARE with a tolerance: prints both values on failure and returns from the test function.
#define RR_COMPARE_NEAR(actual, expected, tolerance)                                                                   \
    do {                                                                                                               \
        if (!rr::testsupport::compareNear(double(actual), double(expected), double(tolerance), #actual, #expected,     \
                                          __FILE__, __LINE__))                                                         \
            return;                                                                                                    \
    } while (false)

#define RR_COMPARE_RELATIVE(actual, expected, relTolerance)                                                            \
    do {                                                                                                               \
        if (!rr::testsupport::compareRelative(double(actual), double(expected), double(relTolerance), #actual,        \
                                              #expected, __FILE__, __LINE__))                                          \
            return;                                                                                                    \
    } while (false)

#define RR_COMPARE_VECTORS_NEAR(actual, expected, tolerance)                                                           \
    do {                                                                                                               \
        if (!rr::testsupport::compareVectorsNear((actual), (expected), double(tolerance), #actual, #expected,         \
                                                 __FILE__, __LINE__))                                                  \
            return;                                                                                                    \
    } while (false)
