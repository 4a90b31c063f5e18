#pragma once
#include <array>
#include <cmath>

namespace rr {

// log C(n, k) for 0 <= k <= n (lgamma keeps C(16470, 70) finite); -infinity outside, so that
// exp() of a sum with an impossible term is exactly 0.
inline double logChoose(double n, double k)
{
    if (k < 0 || k > n || n < 0)
        return -INFINITY;
    return std::lgamma(n + 1) - std::lgamma(k + 1) - std::lgamma(n - k + 1);
}

// C(n, k) as a double (exact below 2^53).
inline double choose(int n, int k)
{
    if (k < 0 || k > n)
        return 0.0;
    k = k < n - k ? k : n - k;
    double c = 1.0;
    for (int i = 1; i <= k; ++i)
        c = c * (n - k + i) / i;
    return std::round(c);
}

// C(n, k) for n, k <= 20 from a table built at compile time (the hot loops of support recovery).
inline constexpr auto kPascal = [] {
    std::array<std::array<double, 21>, 21> t{};
    for (int n = 0; n <= 20; ++n) {
        t[n][0] = 1;
        for (int k = 1; k <= n; ++k)
            t[n][k] = t[n - 1][k - 1] + (k < n ? t[n - 1][k] : 0);
    }
    return t;
}();

// Hypergeometric probability: q of the `marked` items among `draws` drawn without replacement from `total`.
inline double hypergeometric(int q, int total, int marked, int draws)
{
    const double lp = logChoose(marked, q) + logChoose(total - marked, draws - q) - logChoose(total, draws);
    return std::isfinite(lp) ? std::exp(lp) : 0.0;
}

// x^e with 0^0 = 1.
inline double power(double x, int e)
{
    return e == 0 ? 1.0 : std::pow(x, e);
}

} // namespace rr
