// The row kernel for any x86-64 (or other) processor.
#define RR_ROW_RISKS_NAME rowRisksBaseline
#include "core/risk/RowRisks.inc"
