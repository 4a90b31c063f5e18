// The kernels built for AVX-512 (core/CMakeLists.txt adds -mavx512f -mavx512vl -mavx512dq on x86-64 with GCC,
// and -mfma only because Eigen's headers require it with AVX-512: -ffp-contract=off keeps every a * b + c
// rounded twice, as the other builds round it; RR_RISK_KERNELS_AVX512 tells RiskKernels.cpp). Thirty-two vector
// registers hold the row kernel's transposed rows without spilling. Elsewhere plain code, as RiskKernelsAvx2.cpp.
#define RR_KERNEL(name) name##Avx512
#include "core/risk/RiskKernels.inc"
