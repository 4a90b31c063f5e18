// Plain loops over contiguous arrays; core/CMakeLists.txt builds this file with -fno-trapping-math
// so that GCC vectorizes the comparisons in them.
#include "core/risk/RiskKernels.h"

#include <algorithm>
#include <array>
#include <utility>

namespace rr::riskkernels {

namespace {

inline double invertPositive(double x)
{
    const double inv = 1.0 / (x > 0.0 ? x : 1.0);
    return x > 0.0 ? inv : 0.0;
}

} // namespace

void invertPositive(double* __restrict x, Eigen::Index n)
{
    for (Eigen::Index i = 0; i < n; ++i)
        x[i] = invertPositive(x[i]);
}

namespace {

// Fibres of compile-time length D along the last axis.
template <int D>
void contiguousFibres(double a, double b, Eigen::Index outer, double* __restrict x)
{
    for (Eigen::Index o = 0; o < outer; ++o, x += D) {
        double sum = 0;
        for (int j = 0; j < D; ++j)
            sum += x[j];
        sum *= b;
        for (int j = 0; j < D; ++j)
            x[j] = a * x[j] + sum;
    }
}

// Blocks of d rows of compile-time length I (the axis is followed by I cells).
template <int I>
void shortRows(double a, double b, Eigen::Index d, Eigen::Index outer, double* __restrict x)
{
    for (Eigen::Index o = 0; o < outer; ++o, x += d * I) {
        double sum[I];
        for (int i = 0; i < I; ++i)
            sum[i] = x[i];
        for (Eigen::Index j = 1; j < d; ++j)
            for (int i = 0; i < I; ++i)
                sum[i] += x[j * I + i];
        for (int i = 0; i < I; ++i)
            sum[i] *= b;
        for (Eigen::Index j = 0; j < d; ++j)
            for (int i = 0; i < I; ++i)
                x[j * I + i] = a * x[j * I + i] + sum[i];
    }
}

constexpr int kSmall = kSmallAxis; // sizes up to this get a kernel with the size fixed at compile time

template <std::size_t... N>
constexpr auto contiguousTable(std::index_sequence<N...>)
{
    return std::array<void (*)(double, double, Eigen::Index, double*), sizeof...(N)>{&contiguousFibres<int(N) + 1>...};
}

template <std::size_t... N>
constexpr auto shortRowTable(std::index_sequence<N...>)
{
    return std::array<void (*)(double, double, Eigen::Index, Eigen::Index, double*), sizeof...(N)>{
        &shortRows<int(N) + 1>...};
}

} // namespace

void uniformModeProduct(double diag, double off, const std::vector<int>& dims, int axis, double* __restrict x,
                        double* __restrict work)
{
    if (diag == 1.0 && off == 0.0)
        return;
    const Eigen::Index d = dims[axis];
    Eigen::Index inner = 1, outer = 1;
    for (std::size_t k = axis + 1; k < dims.size(); ++k)
        inner *= dims[k];
    for (int k = 0; k < axis; ++k)
        outer *= dims[k];
    const double a = diag - off, b = off;
    static constexpr auto contiguous = contiguousTable(std::make_index_sequence<kSmall>{});
    static constexpr auto rows = shortRowTable(std::make_index_sequence<kSmall>{});
    if (inner == 1 && d <= kSmall) {
        contiguous[d - 1](a, b, outer, x);
        return;
    }
    if (inner <= kSmall) {
        rows[inner - 1](a, b, d, outer, x);
        return;
    }
    const Eigen::Index block = d * inner;
    double* __restrict sum = work;
    for (Eigen::Index o = 0; o < outer; ++o, x += block) {
        for (Eigen::Index i = 0; i < inner; ++i)
            sum[i] = x[i];
        for (Eigen::Index j = 1; j < d; ++j)
            for (Eigen::Index i = 0; i < inner; ++i)
                sum[i] += x[j * inner + i];
        for (Eigen::Index i = 0; i < inner; ++i)
            sum[i] *= b;
        for (Eigen::Index j = 0; j < d; ++j)
            for (Eigen::Index i = 0; i < inner; ++i)
                x[j * inner + i] = a * x[j * inner + i] + sum[i];
    }
}

void sensitiveRisk(double diag, double off, double diag2, double off2, const double* __restrict x,
                   const double* __restrict condS, const double* __restrict eta, Eigen::Index groups, Eigen::Index ld,
                   Eigen::Index ds, double* __restrict risk, double* __restrict sum, double* __restrict sumInv)
{
    // The two uniform mode products on the sensitive axis, one column at a time over all groups.
    const double a = diag - off, b = off, a2 = diag2 - off2, b2 = off2;
    for (Eigen::Index g = 0; g < groups; ++g)
        sum[g] = 0.0;
    for (Eigen::Index u = 0; u < ds; ++u)
        for (Eigen::Index g = 0; g < groups; ++g)
            sum[g] += x[u * ld + g];
    for (Eigen::Index g = 0; g < groups; ++g) {
        sum[g] *= b;
        sumInv[g] = 0.0;
    }
    for (Eigen::Index u = 0; u < ds; ++u) // 1 / lambda, kept in risk for now
        for (Eigen::Index g = 0; g < groups; ++g) {
            const double inv = invertPositive(a * x[u * ld + g] + sum[g]);
            risk[u * ld + g] = inv;
            sumInv[g] += inv;
        }
    for (Eigen::Index g = 0; g < groups; ++g)
        sumInv[g] *= b2;
    // rho = (P_s o P_s)^T (1 / lambda) o x, then risk = condS * eta * rho (003 eq. 5.6)
    for (Eigen::Index u = 0; u < ds; ++u)
        for (Eigen::Index g = 0; g < groups; ++g) {
            const Eigen::Index i = u * ld + g;
            const double rho = (a2 * risk[i] + sumInv[g]) * x[i];
            // A probability: rounding can push a certain guess a few ulps past 1.
            risk[i] = std::min(1.0, condS[i] * eta[g] * rho);
        }
}

void groupRisk(const double* __restrict condS, const double* __restrict eta, const double* __restrict rho,
               Eigen::Index groups, Eigen::Index ld, Eigen::Index ds, double* __restrict risk)
{
    for (Eigen::Index u = 0; u < ds; ++u) {
        double* __restrict r = risk + u * ld;
        const double* __restrict c = condS + u * ld;
        for (Eigen::Index g = 0; g < groups; ++g)
            r[g] = c[g] * eta[g];
        if (rho)
            for (Eigen::Index g = 0; g < groups; ++g)
                r[g] *= rho[u * ld + g];
        for (Eigen::Index g = 0; g < groups; ++g)
            r[g] = std::min(1.0, r[g]);
    }
}

double columnsMaximum(const double* __restrict x, Eigen::Index groups, Eigen::Index ld, Eigen::Index ds)
{
    double best = 0.0;
    for (Eigen::Index u = 0; u < ds; ++u)
        for (Eigen::Index g = 0; g < groups; ++g)
            best = std::max(best, x[u * ld + g]);
    return best;
}

void uniformModeProductColumns(double diag, double off, Eigen::Index d, Eigen::Index inner, Eigen::Index i0,
                               Eigen::Index i1, double* __restrict x, double* __restrict sum)
{
    // The arithmetic and its order are uniformModeProduct's general path, column by column.
    const double a = diag - off, b = off;
    for (Eigen::Index i = i0; i < i1; ++i)
        sum[i] = x[i];
    for (Eigen::Index j = 1; j < d; ++j)
        for (Eigen::Index i = i0; i < i1; ++i)
            sum[i] += x[j * inner + i];
    for (Eigen::Index i = i0; i < i1; ++i)
        sum[i] *= b;
    for (Eigen::Index j = 0; j < d; ++j)
        for (Eigen::Index i = i0; i < i1; ++i)
            x[j * inner + i] = a * x[j * inner + i] + sum[i];
}

} // namespace rr::riskkernels
