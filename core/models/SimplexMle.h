#pragma once
// Maximum-likelihood shares on the simplex from a randomized table (issue 44): maximize
// sum_v n_v log (P pi)_v over pi >= 0, sum pi = 1, where the moment estimate P^-1 lambda-hat may leave it.
// P = P_1 x ... x P_k is applied by mode products (core/distortion/KroneckerFactor.h), never written out.
#include "core/distortion/DistortionMatrix.h"

#include <Eigen/Core>

#include <functional>
#include <string>
#include <vector>

namespace rr {

struct SimplexMleRequest {
    std::vector<DistortionMatrix> matrices; // one per axis (Warner or any column-stochastic matrix)
    Eigen::VectorXd counts;                 // the randomized table n, row-major (last axis fastest); weights allowed
    // Stop once the log-likelihood is certified within N * tolerance of its maximum (the duality gap below).
    double tolerance = 1e-10;
    int maxIterations = 100000; // EM steps
    // Asked before every step; false stops the fit with Cancelled (the Python module's Ctrl+C). Empty: never.
    std::function<bool()> keepRunning;
};

struct SimplexMleResult {
    Eigen::VectorXd shares;   // pi-hat: >= 0, summing to 1
    std::vector<char> atZero; // per cell: on the face of the simplex (pi-hat_u = 0 exactly)
    double logLikelihood = 0; // sum_v n_v log (P pi-hat)_v
    // The maximum exceeds logLikelihood by at most this: N (max_u g_u - pi-hat . g) with
    // g = P^T (n / P pi-hat) / N, the Frank-Wolfe bound of a concave function on the simplex.
    double gap = 0;
    double tolerance = 0; // the request's
    int iterations = 0;   // EM steps taken (0: closed form, every matrix the identity)
    bool converged = false;
};

// EM for randomized response (each step pi <- pi o P^T (n / P pi) / N keeps the shares on the simplex;
// van den Hout & van der Heijden 2002, Int. Stat. Rev. 70: 269-288) with SQUAREM's extrapolation
// (Varadhan & Roland 2008, Scand. J. Stat. 35: 335-353), started from the projected moment estimate.
// Every matrix the identity: the observed shares n / N exactly. Throws InputError for a size mismatch,
// negative or non-finite counts, or an empty table.
SimplexMleResult simplexMle(const SimplexMleRequest& request);

// Standard errors of pi-hat from the observed information J = P^T diag(n / lambda^2) P on the face of the
// simplex: the cells at zero are fixed there and have none; the free cells F get the diagonal of
// J_FF^-1 - J_FF^-1 1 1^T J_FF^-1 / (1^T J_FF^-1 1) (the sum constraint). Inside the simplex this is
// 003 eq. 5.16 with N for N - 1, which gives it for any size; on a face, J_FF is held in full.
struct SimplexMleVariance {
    Eigen::VectorXd variance;            // per cell; 0 where the cell is at zero (see atZero)
    bool available = false;              // false: see note
    std::string note;                    // why there are none (a face too large, a singular information)
    Eigen::MatrixXd covariance;          // over freeCells, when asked for and available
    std::vector<Eigen::Index> freeCells; // the cells not at zero, ascending
};
SimplexMleVariance simplexMleVariance(const SimplexMleRequest& request, const SimplexMleResult& fit,
                                      bool withCovariance = false, Eigen::Index maxFreeCells = 2048);

} // namespace rr
