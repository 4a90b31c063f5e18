// The kernels built for AVX2 (core/CMakeLists.txt adds -mavx2 on x86-64 with GCC, without FMA so that the
// builds round alike, and defines RR_RISK_KERNELS_AVX2 for RiskKernels.cpp, which calls them when the
// processor has AVX2). Elsewhere they are plain code, the baseline's under another name, so tests can call every build.
#define RR_KERNEL(name) name##Avx2
#include "core/risk/RiskKernels.inc"
