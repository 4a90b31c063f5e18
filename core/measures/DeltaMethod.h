#pragma once
// The delta method (003 Sec. 3.3.1, 000 Sec. 3.1): var g(x-hat) ~ grad g^T Sigma grad g, with the gradient
// exact from forward-mode automatic differentiation (Eigen's AutoDiff), never from finite differences.
#include "core/measures/Domain.h"

#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

#include <array>
#include <cmath>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace rr {

// A function's value and exact gradient at a point, with the reasons it is undefined if it is.
struct Linearization {
    double value = 0;
    Eigen::VectorXd gradient;
    Domain domain;
};

// f(const T* x, Domain&) -> T for T = AutoDiffScalar over K derivatives (K = Eigen::Dynamic for any size).
// A value or gradient that comes out non-finite despite the definitions' guards is reported, never returned.
template <int K, class F>
Linearization linearize(const F& f, const Eigen::VectorXd& x)
{
    using Dual = Eigen::AutoDiffScalar<Eigen::Matrix<double, K, 1>>;
    const Eigen::Index n = x.size();
    // a fixed-size gradient keeps the arguments on the stack
    std::conditional_t<K == Eigen::Dynamic, std::vector<Dual>, std::array<Dual, std::size_t(K < 0 ? 1 : K)>> args{};
    if constexpr (K == Eigen::Dynamic)
        args.resize(static_cast<std::size_t>(n));
    else if (n != K)
        throw std::invalid_argument("linearize: the point has the wrong number of coordinates");
    for (Eigen::Index i = 0; i < n; ++i)
        args[i] = Dual(x[i], static_cast<int>(n), static_cast<int>(i));
    Linearization out;
    const Dual y = f(args.data(), out.domain);
    if (!out.domain.defined())
        return out;
    out.value = y.value();
    if (!std::isfinite(out.value)) {
        out.domain.fail("the value is not finite");
        return out;
    }
    out.gradient = y.derivatives().size() == n ? Eigen::VectorXd(y.derivatives()) : Eigen::VectorXd::Zero(n);
    if (!out.gradient.allFinite())
        out.domain.noGradient("the gradient is not finite");
    return out;
}

// grad^T Sigma grad, floored at 0 (Sigma is positive semi-definite; rounding can leave -1e-20).
inline double deltaVariance(const Eigen::VectorXd& gradient, const Eigen::MatrixXd& sigma)
{
    return std::max(0.0, gradient.dot(sigma * gradient));
}

} // namespace rr
