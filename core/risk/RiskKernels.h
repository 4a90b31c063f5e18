#pragma once
// Inner loops of the disclosure-risk computation (003 eq. 5.6-5.8, 5.14), written so the
// compiler vectorizes them. Internal to core/risk; DisclosureRiskModel is the interface.
#include <Eigen/Core>

#include <algorithm>
#include <vector>

namespace rr::riskkernels {

// x_i <- 1 / x_i for x_i > 0, else 0 (an output cell no original cell reaches contributes
// nothing: its numerators are 0 too).
void invertPositive(double* x, Eigen::Index n);

// Mode product with a uniform factor (diag on the diagonal, off elsewhere) along one axis of a
// row-major tensor of the given dims: y_j = (diag - off) x_j + off * sum_l x_l (the sum of a long
// contiguous fibre in four running parts). `work` holds the trailing block.
void uniformModeProduct(double diag, double off, const std::vector<int>& dims, int axis, double* x, double* work);
void uniformModeProduct(double diag, double off, const int* dims, int axes, int axis, double* x, double* work);

// uniformModeProduct's general path (more than kSmall cells after the axis) on the first axis, for the
// columns i0 <= i < i1 only; `sum` is indexed by column, so ranges share it without overlap.
void uniformModeProductColumns(double diag, double off, Eigen::Index d, Eigen::Index inner, Eigen::Index i0,
                               Eigen::Index i1, double* x, double* sum);
// The size up to which uniformModeProduct uses kernels with the size fixed at compile time.
inline constexpr int kSmallAxis = 16;

// sum_j = b * sum_i x(i, j) over the `rows` rows of a row-major rows x inner matrix, for columns
// j0 <= j < j1 (each column summed in row order, so column ranges give the whole call's bits).
void columnSums(const double* x, Eigen::Index rows, Eigen::Index inner, Eigen::Index j0, Eigen::Index j1, double b,
                double* sum);
// sum_j += x(i, j) for i = 0 .. rows - 1 in order, every column j < inner: columnSums (with b = 1) continued
// over further rows, so a column summed in pieces has the bits of one call over all of them.
void addColumnSums(const double* x, Eigen::Index rows, Eigen::Index inner, double* sum);
// x(i, j) <- 1 / (a x(i, j) + sum_j) (0 where that is not positive) over `rows` rows of `inner` cells: the
// first axis's uniform factor finished from its column sums, then the inverse of 003 eq. 5.14.
void updateAndInvert(double a, const double* sum, Eigen::Index rows, Eigen::Index inner, double* x);

// What one row of the joint table (a QI cell a and its d_s sensitive values) needs for 003 eq. 5.6,
// Pr(S_r|QI_r) = pi_{QI,S} / pi_QI * eta * rho, computed from the row as it streams:
//   eta / pi_QI = etaScale * lambda[a] + colSum[a % inner] (003 eq. 5.14; 1 / pi_QI when etaOnes),
//   rho_u = x_u (P_s o P_s)^T (1 / (P_s x)) (003 eq. 5.8) for a uniform P_s = (a, b) + identity, with
//   (P_s o P_s) = (a2, b2) in the same form; read from `rho` (D cells) for a general P_s; 1 for the identity.
// So risk_u = min(1, x_u * eta / pi_QI * rho_u), and no D-sized intermediate is stored.
struct RowRiskInputs {
    const double* pi = nullptr; // D proportions, QI-major, the sensitive value last
    Eigen::Index ds = 1;
    Eigen::Index pieceRows = 1; // max(1, kPieceCells / ds), set with ds
    bool etaOnes = false;
    double etaScale = 1.0;
    const double* lambda = nullptr;
    const double* colSum = nullptr;
    Eigen::Index inner = 1;
    enum class Sensitive { Identity, Uniform, Matrix } sensitive = Sensitive::Identity;
    double a = 1.0, b = 0.0, a2 = 1.0, b2 = 0.0; // uniform P_s: a = diag - off, b = off; the same for P_s o P_s
    const double* rho = nullptr;
    const double* piQi = nullptr; // pi_QI of each row (summed as the kernel sums a row): 1 / pi_QI when etaOnes
    // Where a pass without per-cell output leaves each row's largest x_u rho_u (null: nowhere): the rest of
    // the risk, eta / pi_QI, is one factor per row, so a later pass with the same P_s needs only eta.
    double* rowBound = nullptr;
};

// The cells a row-risk call computes at a time (whole rows, at least one), and the scratch it needs.
inline constexpr Eigen::Index kPieceCells = 2048;
inline Eigen::Index rowScratchSize(Eigen::Index ds) { return 7 * std::max(kPieceCells, ds); }
// The risks of rows a0 <= a < a1 into `out` (the d_s cells of row a0 first; null: not written), returning
// their largest (at least 0). Each row is computed from its own numbers alone.
double rowRisks(const RowRiskInputs& in, Eigen::Index a0, Eigen::Index a1, double* out, double* scratch);
// The largest risk of rows a0 <= a < a1 from `bound` (each row's largest x_u rho_u, written by a rowRisks pass
// without output under the same P_s) and this call's eta: the same number as that pass would give now.
double boundRisks(const RowRiskInputs& in, Eigen::Index a0, Eigen::Index a1, const double* bound, double* scratch);
// The risk of one cell (row a, sensitive value u) alone, with rowRisks' arithmetic (the same bits): what the
// optimizer asks for a few cells. 003 eq. 5.6
double cellRisk(const RowRiskInputs& in, Eigen::Index a, Eigen::Index u);
// The builds of the kernels above (RiskKernels.inc): for any processor, for AVX2 and for AVX-512 where the
// library is built for them (RiskKernels.cpp picks the widest the processor runs; without the instruction
// sets they are plain code too). Every build gives the same bits.
#define RR_RISK_KERNEL_DECLARATIONS(S)                                                                            \
    void invertPositive##S(double* x, Eigen::Index n);                                                         \
    void uniformModeProduct##S(double diag, double off, const int* dims, int axes, int axis, double* x,       \
                               double* work);                                                                  \
    void uniformModeProductColumns##S(double diag, double off, Eigen::Index d, Eigen::Index inner,             \
                                      Eigen::Index i0, Eigen::Index i1, double* x, double* sum);               \
    void columnSums##S(const double* x, Eigen::Index rows, Eigen::Index inner, Eigen::Index j0, Eigen::Index j1, \
                       double b, double* sum);                                                                 \
    void addColumnSums##S(const double* x, Eigen::Index rows, Eigen::Index inner, double* sum);                \
    void updateAndInvert##S(double a, const double* sum, Eigen::Index rows, Eigen::Index inner, double* x);    \
    double rowRisks##S(const RowRiskInputs& in, Eigen::Index a0, Eigen::Index a1, double* out, double* scratch); \
    double boundRisks##S(const RowRiskInputs& in, Eigen::Index a0, Eigen::Index a1, const double* bound,        \
                         double* scratch);
RR_RISK_KERNEL_DECLARATIONS(Baseline)
RR_RISK_KERNEL_DECLARATIONS(Avx2)
RR_RISK_KERNEL_DECLARATIONS(Avx512)
#undef RR_RISK_KERNEL_DECLARATIONS

enum class KernelBuild { Baseline, Avx2, Avx512 };
// Whether this processor can run a build (false only where it was compiled for instructions the processor
// lacks): what a test comparing the builds asks first.
bool kernelBuildRuns(KernelBuild build);
// The build the dispatching functions above call.
KernelBuild kernelBuildInUse();

} // namespace rr::riskkernels
