// Which build of the kernels runs (RiskKernels.inc): the widest the library was built for (RR_RISK_KERNELS_AVX2,
// RR_RISK_KERNELS_AVX512) that the processor has, else the baseline; all give the same bits.
#include "core/risk/RiskKernels.h"

#include <algorithm>

namespace rr::riskkernels {

bool kernelBuildRuns(KernelBuild build)
{
    switch (build) {
    case KernelBuild::Avx2:
#ifdef RR_RISK_KERNELS_AVX2
        return __builtin_cpu_supports("avx2");
#else
        return true;
#endif
    case KernelBuild::Avx512:
#ifdef RR_RISK_KERNELS_AVX512
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
               __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("fma");
#else
        return true;
#endif
    case KernelBuild::Baseline: break;
    }
    return true;
}

namespace {

KernelBuild pickBuild()
{
#ifdef RR_RISK_KERNELS_AVX512
    if (kernelBuildRuns(KernelBuild::Avx512))
        return KernelBuild::Avx512;
#endif
#ifdef RR_RISK_KERNELS_AVX2
    if (kernelBuildRuns(KernelBuild::Avx2))
        return KernelBuild::Avx2;
#endif
    return KernelBuild::Baseline;
}

// Asked once (a function-local constant, not a mutable global).
KernelBuild build()
{
    static const KernelBuild chosen = pickBuild();
    return chosen;
}

#define RR_DISPATCH(name, ...)                                                                                    \
    (build() == KernelBuild::Avx512 ? name##Avx512(__VA_ARGS__)                                                \
     : build() == KernelBuild::Avx2 ? name##Avx2(__VA_ARGS__)                                                  \
                                    : name##Baseline(__VA_ARGS__))

inline double invertPositive(double x)
{
    const double inv = 1.0 / (x > 0.0 ? x : 1.0);
    return x > 0.0 ? inv : 0.0;
}

} // namespace

void invertPositive(double* x, Eigen::Index n)
{
    RR_DISPATCH(invertPositive, x, n);
}

void uniformModeProduct(double diag, double off, const std::vector<int>& dims, int axis, double* x, double* work)
{
    const int axes = static_cast<int>(dims.size());
    RR_DISPATCH(uniformModeProduct, diag, off, dims.data(), axes, axis, x, work);
}

void uniformModeProduct(double diag, double off, const int* dims, int axes, int axis, double* x, double* work)
{
    RR_DISPATCH(uniformModeProduct, diag, off, dims, axes, axis, x, work);
}

void uniformModeProductColumns(double diag, double off, Eigen::Index d, Eigen::Index inner, Eigen::Index i0,
                               Eigen::Index i1, double* x, double* sum)
{
    RR_DISPATCH(uniformModeProductColumns, diag, off, d, inner, i0, i1, x, sum);
}

void columnSums(const double* x, Eigen::Index rows, Eigen::Index inner, Eigen::Index j0, Eigen::Index j1, double b,
                double* sum)
{
    RR_DISPATCH(columnSums, x, rows, inner, j0, j1, b, sum);
}

void addColumnSums(const double* x, Eigen::Index rows, Eigen::Index inner, double* sum)
{
    RR_DISPATCH(addColumnSums, x, rows, inner, sum);
}

void updateAndInvert(double a, const double* sum, Eigen::Index rows, Eigen::Index inner, double* x)
{
    RR_DISPATCH(updateAndInvert, a, sum, rows, inner, x);
}

double rowRisks(const RowRiskInputs& in, Eigen::Index a0, Eigen::Index a1, double* out, double* scratch)
{
    return RR_DISPATCH(rowRisks, in, a0, a1, out, scratch);
}

double boundRisks(const RowRiskInputs& in, Eigen::Index a0, Eigen::Index a1, const double* bound, double* scratch)
{
    return RR_DISPATCH(boundRisks, in, a0, a1, bound, scratch);
}

KernelBuild kernelBuildInUse()
{
    return build();
}

double cellRisk(const RowRiskInputs& in, Eigen::Index a, Eigen::Index u)
{
    const Eigen::Index ds = in.ds;
    const double* x = in.pi + a * ds;
    double s = 0.0;
    for (Eigen::Index v = 0; v < ds; ++v)
        s += x[v];
    const double f = in.etaOnes ? 1.0 / (s > 0.0 ? s : 1.0) : in.etaScale * in.lambda[a] + in.colSum[a % in.inner];
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
        return std::min(1.0, f * (x[u] * ((in.a2 * invU + sigma) * x[u]))) + 0.0;
    }
    double g = x[u];
    if (in.sensitive == RowRiskInputs::Sensitive::Matrix)
        g *= in.rho[a * ds + u];
    return std::min(1.0, f * g) + 0.0;
}

} // namespace rr::riskkernels
