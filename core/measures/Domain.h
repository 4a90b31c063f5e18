#pragma once
// Where a measure is defined: the templated definitions record the first reason a value is undefined
// (or why its gradient is unbounded) instead of producing NaN or infinity.
#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

#include <string>

namespace rr {

struct Domain {
    std::string undefined; // why the value is undefined (first reason found)
    std::string unbounded; // the value is defined but its gradient is not (e.g. pi log pi at pi = 0)

    bool defined() const { return undefined.empty(); }
    bool differentiable() const { return undefined.empty() && unbounded.empty(); }
    void fail(std::string why)
    {
        if (undefined.empty())
            undefined = std::move(why);
    }
    void noGradient(std::string why)
    {
        if (unbounded.empty())
            unbounded = std::move(why);
    }
};

// The plain value of a scalar, whether double or forward-mode dual number.
inline double valueOf(double x)
{
    return x;
}
template <class Derivatives>
double valueOf(const Eigen::AutoDiffScalar<Derivatives>& x)
{
    return x.value();
}

// A number for a reason message: 4 significant digits.
std::string shortNumber(double x);

// num / den; undefined (named by `what`) when den is 0.
template <class T>
T quotient(const T& num, const T& den, Domain& d, const char* what)
{
    if (valueOf(den) == 0.0) {
        d.fail(std::string(what) + " is 0");
        return T(0.0);
    }
    return num / den;
}

// sqrt(x); undefined when x < 0, gradient unbounded at x = 0.
template <class T>
T root(const T& x, Domain& d, const char* what)
{
    using std::sqrt;
    if (valueOf(x) < 0.0) {
        d.fail(std::string(what) + " is negative (" + shortNumber(valueOf(x)) + ")");
        return T(0.0);
    }
    if (valueOf(x) == 0.0) {
        d.noGradient(std::string(what) + " is 0, where the derivative of its square root is unbounded");
        return T(0.0);
    }
    return sqrt(x);
}

// x log(x / y) with the limit 0 at x = 0 (whose gradient is unbounded); undefined for x < 0 or y <= 0.
// `xName()` names x, built only when a reason is written.
template <class T, class Name>
T xLogRatio(const T& x, const T& y, Domain& d, const Name& xName, const char* yName)
{
    using std::log;
    if (valueOf(x) < 0.0) {
        d.fail(xName() + " is negative (" + shortNumber(valueOf(x)) + "): log of a negative proportion");
        return T(0.0);
    }
    if (valueOf(y) <= 0.0) {
        d.fail(std::string(yName) + " is " + shortNumber(valueOf(y)) + ": log of a non-positive proportion");
        return T(0.0);
    }
    if (valueOf(x) == 0.0) {
        d.noGradient(xName() + " is 0: pi log pi is taken as 0 there, but its derivative is unbounded");
        return T(0.0);
    }
    return x * log(x / y);
}

} // namespace rr
