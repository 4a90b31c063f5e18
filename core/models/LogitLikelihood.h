#pragma once
// The observed-data likelihood of a logistic regression whose outcome and predictors may be randomized
// (issue 44; the model of van den Hout, van der Heijden & Gilchrist 2007, Comput. Stat. Data Anal. 51,
// and of RRreg's RRlog, Heck & Moshagen 2018, J. Stat. Softw. 85(2), with saturated predictor shares).
//
// In Poisson form (same estimates and the same covariance of beta as the multinomial, the total being free):
// the complete table mu(x, y) = r(x, y) for y != V and mu(x, V) = e^{eta_x} R_x with R_x = sum_{y != V} r(x, y),
// eta = Z beta; the released table lambda = P mu, P = P_x1 x ... x P_y; L = sum_v n_v log lambda_v - sum_u mu_u.
// The r >= 0 are the saturated predictor shares w and the split of the outcome's other categories.
//
// The table is held with the predictors in clear first: each cell of theirs is one block whose cells only
// its own parameters and beta reach, so the information is an arrow matrix and beta's block of its inverse
// comes from one small dense system per block and a K x K Schur complement.
#include "core/distortion/DistortionMatrix.h"
#include "core/models/LogitTerms.h"

#include <Eigen/Core>

#include <memory>
#include <vector>

namespace rr {

// A block (a cell of the predictors in clear) holds at most this many cells: the randomized predictors' cells
// times the outcome's categories, whose information the fit holds in full.
inline constexpr Eigen::Index kMaxLogitBlockCells = 2048;
// The model's coefficients (their information is K x K: 32 MiB) and the predictors' cells (the design holds 1 + m
// term indices a cell, the fit a few vectors of the table's size).
inline constexpr int kMaxLogitTerms = 2048;
inline constexpr Eigen::Index kMaxLogitPredictorCells = Eigen::Index(1) << 22;

struct LogitProblem {
    std::vector<int> order;                  // original predictor axes: those in clear first, then the randomized
    std::vector<KroneckerFactor> factors;    // of the permuted table (predictors in `order`, the outcome last)
    std::vector<KroneckerFactor> transposes; // their transposes
    std::vector<KroneckerFactor> local, localTransposes; // of one block: the randomized predictors, the outcome
    Eigen::MatrixXd localDense;              // their product written out, for a small block (empty otherwise)
    Eigen::VectorXd counts;                  // the released table, permuted
    int outcomeCategories = 0;
    int positive = 0;
    Eigen::Index blocks = 0, blockPredictorCells = 0, blockCells = 0;
    std::shared_ptr<const LogitDesign> design; // rows over the permuted predictor cells
};

// matrices: the predictors' then the outcome's; counts row-major over the predictors then the outcome.
// Throws InputError (a size mismatch, V out of range, a block, the terms or the predictor cells over their limits).
LogitProblem logitProblem(const std::vector<DistortionMatrix>& matrices, const Eigen::VectorXd& counts,
                          const LogitTerms& terms, int positive);

// The table permuted to the problem's layout and back (x in `order`, the outcome last).
Eigen::VectorXd toProblemLayout(const LogitProblem& p, const Eigen::VectorXd& table);
Eigen::VectorXd fromProblemLayout(const LogitProblem& p, const Eigen::VectorXd& table);

struct LogitState {
    Eigen::VectorXd beta;
    Eigen::VectorXd mu;  // the complete table, problem layout; its r cells are the parameters (0: on the face)
    Eigen::VectorXd eta; // Z beta, per predictor cell
};

// eta and mu(x, V) from beta and the r cells.
void completeState(const LogitProblem& p, LogitState& s);
// lambda = P mu and L = sum n log lambda - sum mu (-infinity when a record falls where lambda = 0).
double poissonLogLikelihood(const LogitProblem& p, const LogitState& s, const Eigen::VectorXd& counts,
                            Eigen::VectorXd& lambda);

// One EM step (E: the complete table's expected counts mu o P^T (n / lambda); M: the logistic fit of their
// V counts, then the shares); the state is complete afterwards.
void emStep(const LogitProblem& p, LogitState& s);
// The fit to `complete` counts as if nothing were randomized (the M step; the start of the fit).
LogitState completeDataFit(const LogitProblem& p, const Eigen::VectorXd& complete, const Eigen::VectorXd& beta0);

// dL/dr on every r cell (free or at 0; 0 on the V cells): an r cell at 0 with a positive one belongs inside.
Eigen::VectorXd shareGradient(const LogitProblem& p, const LogitState& s);

struct LogitNewton {
    bool ok = false;          // false: the information is not positive definite at this point
    bool damped = false;      // the step's information needed a multiple of I to be (not a Newton step)
    Eigen::VectorXd dbeta;    // Newton's step on beta
    Eigen::VectorXd dmu;      // on the r cells (0 elsewhere), problem layout
    double decrement = 0;     // g^T A^-1 g: twice the expected gain
    Eigen::MatrixXd betaInfo; // the Schur complement onto beta: the inverse of beta's block of A^-1
};
// Newton's step on (r, beta) at s for the data `counts` (with the information A = -Hessian on the free r
// cells, damped where it is not positive definite); withStep = false gives betaInfo alone, undamped (ok = false
// when a block's A_rr is not positive definite). For the expected information pass counts = lambda(s).
LogitNewton logitNewton(const LogitProblem& p, const LogitState& s, const Eigen::VectorXd& counts, bool withStep);

} // namespace rr
