// The kernels built for AVX2 (core/CMakeLists.txt adds -mavx2 on x86-64, without FMA so that both builds
// round alike); RiskKernels.cpp calls them when the processor has AVX2. Elsewhere this file is empty.
#ifdef RR_RISK_KERNELS_AVX2
#define RR_KERNEL(name) name##Avx2
#include "core/risk/RiskKernels.inc"
#endif
