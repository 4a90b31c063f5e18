// The kernels for any processor.
#define RR_KERNEL(name) name##Baseline
#include "core/risk/RiskKernels.inc"
