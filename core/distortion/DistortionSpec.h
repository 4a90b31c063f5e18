#pragma once
#include "core/distortion/DistortionMatrix.h"

#include <Eigen/Core>

#include <string>
#include <string_view>
#include <vector>

namespace rr {

// How an attribute's distortion matrix was made (003 Sec. 2.2 allows any column-stochastic P_u).
enum class DistortionKind {
    Warner,        // k-ary Warner: p on the diagonal, (1-p)/(d-1) off it (003 eq. 5.2)
    Binary,        // binary (p0, p1) matrix of 003 Ch. 4: P(0|0) = p0, P(1|1) = p1
    MatrixFile,    // any matrix read from a CSV file (core/distortion/MatrixFile.h)
    InvariantPram, // invariant PRAM (core/distortion/InvariantPram.h): keeps the expected marginal
};
// "warner", "binary", "matrix", "invariant-pram"
std::string toString(DistortionKind kind);
// Inverse of toString; throws InputError listing the names.
DistortionKind parseDistortionKind(std::string_view name);

// A plain value describing one attribute's matrix: JSON-ready fields only (numbers, strings,
// arrays), so sessions and release notes store it as it is (DistortionSpecJson.h maps it to
// nlohmann::json). Fields not used by `kind` are ignored. MatrixFile and InvariantPram keep the
// matrix itself, so a release note documents exactly what was applied even if the file changes
// or the PRAM diagonal was drawn at random.
struct DistortionSpec {
    DistortionKind kind = DistortionKind::Warner;
    double p = 1.0;                          // Warner: retention probability
    double p0 = 1.0, p1 = 1.0;               // Binary: P(0|0), P(1|1)
    double pd = 0.8, alpha = 0.5;            // InvariantPram: minimum diagonal, amount of perturbation
    std::vector<double> pramDiagonal;        // InvariantPram: theta_k of the base matrix
    std::vector<double> pramMarginal;        // InvariantPram: the frequencies it keeps
    std::string source;                      // MatrixFile: the file it was read from
    std::vector<std::string> labels;         // MatrixFile: header labels, when the file had them
    std::vector<std::vector<double>> matrix; // MatrixFile, InvariantPram: rows u, entry P(u | v)
};

DistortionSpec warnerSpec(double p);
DistortionSpec binarySpec(double p0, double p1);
// Reads, parses and checks a matrix file for an attribute (labels, size, probabilities,
// conditioning; see MatrixFile.h for the format). Throws InputError naming the file.
DistortionSpec matrixFileSpec(const std::string& path, const std::string& attribute,
                              const std::vector<std::string>& categories);
// The invariant PRAM matrix for an attribute with these category frequencies: every theta_k = pd
// (deterministic) unless `diagonal` is given (e.g. drawPramDiagonal, as sdcMicro draws it).
DistortionSpec invariantPramSpec(const Eigen::VectorXd& marginal, double pd, double alpha,
                                 const Eigen::VectorXd& diagonal = {});

// The binary (p0, p1) matrix [[p0, 1-p1], [1-p0, p1]] (003 Ch. 2.2 Lemma 1, Ch. 4). Invertible iff
// p0 + p1 != 1. Throws InputError for p0, p1 outside [0, 1].
DistortionMatrix binaryDistortion(double p0, double p1);

// The matrix for an attribute with d categories. Checks everything first and throws InputError
// naming the attribute (and file): Warner p in (1/d, 1] (checkRetention); Binary needs d = 2 and
// p0 + p1 > 1; explicit matrices go through validateDistortionMatrix (size, entries, column sums,
// condition number).
DistortionMatrix buildDistortion(const DistortionSpec& spec, int d, const std::string& attribute);

// A spec for an existing matrix: Warner when it is one, else MatrixFile with an empty source.
DistortionSpec specOf(const DistortionMatrix& m);

// One line for release notes and tooltips, e.g. "Warner p = 0.8", "binary p0 = 0.7, p1 = 0.9",
// "matrix from 'P.csv'", "invariant PRAM (pd = 0.8, alpha = 0.5)".
std::string describe(const DistortionSpec& spec);

// Whether the trade-off optimizer (core/optimization) can tune this attribute: it searches
// Warner's family only. `note` is the sentence to show when it cannot.
struct OptimizerScope {
    bool tunable = true;
    std::string note;
};
OptimizerScope optimizerScope(const DistortionSpec& spec, const std::string& attribute);

// Rows of an Eigen matrix as nested vectors and back (the spec's `matrix` field).
std::vector<std::vector<double>> toRows(const Eigen::MatrixXd& m);
// Throws InputError when the rows are ragged or more than kMaxMatrixCategories.
Eigen::MatrixXd fromRows(const std::vector<std::vector<double>>& rows, const std::string& attribute);

} // namespace rr
