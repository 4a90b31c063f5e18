#pragma once
// `reconstruct` of the typed layer (issue 43): the original proportions estimated from a randomized table
// (003 eq. 5.15, 5.16) with interquantile ranges (003 Sec. 3.2), or the maximum-likelihood shares on the simplex
// (issue 44). One request, one function, one result; ReconstructJson's functions are the one place the result
// becomes JSON: the CLI streams its cells (millions of them), Python's to_dict() is reconstructJson.
#include "core/datasource/PreparedTable.h"
#include "core/api/Distortions.h"
#include "core/api/JsonValues.h"
#include "core/api/Source.h"

#include <Eigen/Dense>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rr::api {

enum class Estimator { Moment, Mle, Projected };

// "moment", "mle" or "projected" (InputError in the CLI's words otherwise).
Estimator estimatorOf(const std::string& text);

inline constexpr std::size_t kMaxCovarianceCells = 4096;

struct ReconstructRequest {
    DataRequest data;
    std::vector<std::string> attributes;
    bool dropIncomplete = false;
    DistortionChoice distortions; // unnamed attributes keep p = 1
    double alpha = 0.05;          // ranges at level 1 - alpha, alpha in (0, 1)
    bool covariance = false;      // the full covariance matrix too (tables of at most 4,096 cells)
    Estimator estimator = Estimator::Moment;
};

// The maximum likelihood's certificate (core/models/SimplexMle.h).
struct MleFit {
    int iterations = 0;
    bool converged = false;
    double tolerance = 0, gap = 0, logLikelihood = 0;
    std::size_t cellsAtZero = 0;
};

struct ReconstructResult {
    std::vector<std::string> attributes;
    std::shared_ptr<const PreparedTable> table; // names each cell (row-major, last attribute fastest)
    double n = 0;
    std::size_t rows = 0, droppedRows = 0;
    Distortions distortions;
    double alpha = 0.05;
    Estimator estimator = Estimator::Moment;
    Eigen::VectorXd observed, estimate, variance; // per cell; variance NaN: none (written as null)
    std::vector<char> atZero;                     // mle only: on the face of the simplex
    std::optional<MleFit> fit;                    // mle only
    std::vector<std::string> fitNotes;            // mle only: how to read the fit, in the order found
    bool anyNegative = false;                     // the moment estimate has a negative cell (before a projection)
    std::optional<Eigen::MatrixXd> covariance;    // with covariance: NaN where a cell has none

    std::size_t cellCount() const { return static_cast<std::size_t>(estimate.size()); }
};

// `value` in (0, 1) (InputError naming --alpha otherwise).
void checkAlpha(double value);

// Returning false stops the reading or the EM (Cancelled); called with the fraction read, or -1 while fitting.
// InputError (in the CLI's words) for attributes, p, matrices, alpha or a covariance too large for the table.
ReconstructResult reconstructOf(const ReconstructRequest& request, const ProgressFunction& progress = {});

// The JSON of `result` in three parts, so a front end may write the cells one at a time: the keys before
// "cells", one cell, the keys after (the notes, which the head's also fill, last).
Json reconstructHead(const ReconstructResult& result, Notes& notes);
Json reconstructCell(const ReconstructResult& result, std::size_t cell);
Json reconstructTail(const ReconstructResult& result, Notes& notes);
// The CLI's JSON of `result` as one object (nlohmann ordered keys).
Json reconstructJson(const ReconstructResult& result);

} // namespace rr::api
