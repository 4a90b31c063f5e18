// The row kernel built for AVX2 (core/CMakeLists.txt adds -mavx2 on x86-64, without FMA so that both builds
// round alike); riskkernels::rowRisks calls it when the processor has AVX2.
#ifdef RR_ROW_RISKS_AVX2
#define RR_ROW_RISKS_NAME rowRisksAvx2
#include "core/risk/RowRisks.inc"
#endif
#ifndef RR_ROW_RISKS_AVX2
#include "core/risk/RiskKernels.h"
namespace rr::riskkernels {
// No AVX2 build here: the baseline's numbers.
double rowRisksAvx2(const RowRiskInputs& in, Eigen::Index a0, Eigen::Index a1, double* out, double* scratch)
{
    return rowRisksBaseline(in, a0, a1, out, scratch);
}
} // namespace rr::riskkernels
#endif
