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

// Long contiguous fibres: the sum in four running parts (a fixed order), so it vectorizes.
void longFibres(double a, double b, Eigen::Index d, Eigen::Index outer, double* __restrict x)
{
    for (Eigen::Index o = 0; o < outer; ++o, x += d) {
        double part[4] = {0.0, 0.0, 0.0, 0.0};
        Eigen::Index j = 0;
        for (; j + 4 <= d; j += 4)
            for (int k = 0; k < 4; ++k)
                part[k] += x[j + k];
        for (; j < d; ++j)
            part[0] += x[j];
        const double sum = ((part[0] + part[1]) + (part[2] + part[3])) * b;
        for (Eigen::Index i = 0; i < d; ++i)
            x[i] = a * x[i] + sum;
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
    if (inner == 1) {
        longFibres(a, b, d, outer, x);
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

void columnSums(const double* __restrict x, Eigen::Index rows, Eigen::Index inner, Eigen::Index j0, Eigen::Index j1,
                double b, double* __restrict sum)
{
    for (Eigen::Index j = j0; j < j1; ++j)
        sum[j] = x[j];
    for (Eigen::Index i = 1; i < rows; ++i)
        for (Eigen::Index j = j0; j < j1; ++j)
            sum[j] += x[i * inner + j];
    for (Eigen::Index j = j0; j < j1; ++j)
        sum[j] *= b;
}

void updateAndInvert(double a, const double* __restrict sum, Eigen::Index n, double* __restrict x)
{
    for (Eigen::Index j = 0; j < n; ++j)
        x[j] = invertPositive(a * x[j] + sum[j]);
}

double cellRisk(const RowRiskInputs& in, Eigen::Index a, Eigen::Index u)
{
    const Eigen::Index ds = in.ds;
    const double* x = in.pi + a * ds;
    double s = 0.0;
    for (Eigen::Index v = 0; v < ds; ++v)
        s += x[v];
    const double f = in.etaOnes ? 1.0 / (s > 0.0 ? s : 1.0) : in.etaScale * in.lambda[a] + in.colSum[a % in.inner];
    double rho = 1.0;
    if (in.sensitive == RowRiskInputs::Sensitive::Uniform) {
        const double bs = in.b * s;
        double sigma = 0.0, invU = 0.0;
        for (Eigen::Index v = 0; v < ds; ++v) {
            const double inv = invertPositive(in.a * x[v] + bs);
            sigma += inv;
            if (v == u)
                invU = inv;
        }
        sigma *= in.b2;
        return std::min(1.0, x[u] * f * ((in.a2 * invU + sigma) * x[u])) + 0.0;
    }
    if (in.sensitive == RowRiskInputs::Sensitive::Matrix)
        rho = in.rho[a * ds + u];
    double r = x[u] * f;
    if (in.sensitive == RowRiskInputs::Sensitive::Matrix)
        r *= rho;
    return std::min(1.0, r) + 0.0;
}

double rowRisks(const RowRiskInputs& in, Eigen::Index a0, Eigen::Index a1, double* out, double* scratch)
{
#ifdef RR_ROW_RISKS_AVX2
    if (__builtin_cpu_supports("avx2"))
        return rowRisksAvx2(in, a0, a1, out, scratch);
#endif
    return rowRisksBaseline(in, a0, a1, out, scratch);
}

} // namespace rr::riskkernels
