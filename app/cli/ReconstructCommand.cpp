// `reconstruct`: estimates of the original proportions from a randomized table (003 eq. 5.15, 5.16)
// with interquantile ranges (003 Sec. 3.2).
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"

#include "core/data/Errors.h"
#include "core/estimation/Intervals.h"
#include "core/estimation/Reconstruction.h"

#include <memory>
#include <stdexcept>

namespace rr::cli {
namespace {

constexpr std::size_t kMaxCovarianceCells = 4096;

Json interval(const Interval& i)
{
    return Json::array({i.lo, i.hi});
}
Json rawInterval(const Interval& i)
{
    return Json::array({i.rawLo, i.rawHi});
}

// The cells are written as they are computed (about 2.5 KB of JSON each: 24M cells held as one Json
// needed about 60 GB): what is held is the table and its D-sized vectors, never the output.
StreamedJson runReconstruct(const Options& options)
{
    const std::vector<std::string> names = splitList(options.required("attributes"), "attributes");
    const double alpha = alphaFrom(options);
    const bool withCovariance = options.flag("covariance");

    const auto source = openSource(options);
    // Shared with the cell generator, which needs the categories of each cell.
    const auto records = std::make_shared<const PreparedTable>(prepareTable(*source, names, missingPolicy(options)));
    const Distortions distortions = distortionsFrom(options, records->names, records->categories);
    const std::vector<DistortionMatrix>& matrices = distortions.matrices;
    const ContingencyTable& observed = records->joint;
    if (withCovariance && observed.cellCount() > kMaxCovarianceCells)
        throw InputError("--covariance needs a table of at most 4,096 cells; " + joinNames(names) + " give " +
                         std::to_string(observed.cellCount()) +
                         " cells (omit --covariance: the variances are "
                         "reported for any size)");

    const double n = observed.total();
    auto lambdaHat = std::make_shared<const Eigen::VectorXd>(observed.proportions());
    auto piHat = std::make_shared<const Eigen::VectorXd>(reconstruct(matrices, *lambdaHat));       // 003 eq. 5.15
    auto var = std::make_shared<const Eigen::VectorXd>(varianceDiagonal(matrices, *lambdaHat, n)); // 003 eq. 5.16
    // A non-finite number found now is an internal failure before anything is printed, not halfway.
    if (!lambdaHat->allFinite() || !piHat->allFinite() || !var->allFinite())
        throw std::logic_error("a non-finite estimate or variance in reconstruct's cells");

    Notes notes;
    StreamedJson out;
    Json& j = out.head;
    j["n"] = countValue(n);
    j["rows"] = records->keptRows();
    j["dropped_rows"] = records->droppedRows;
    j["attributes"] = names;
    j["p"] = retentionJson(distortions, notes);
    if (distortions.anyMatrixFile())
        j["distortion"] = distortionJson(distortions, notes);
    j["alpha"] = alpha;
    out.arrayKey = "cells";
    out.arraySize = observed.cellCount();
    out.element = [table = records, lambdaHat, piHat, var, alpha](std::size_t i) {
        const auto e = static_cast<Eigen::Index>(i);
        const Interval normal = interquantileRange((*piHat)[e], (*var)[e], alpha, IntervalKind::Normal);
        const Interval cheb = interquantileRange((*piHat)[e], (*var)[e], alpha, IntervalKind::Chebyshev);
        Json c;
        c["values"] = cellValues(*table, i);
        c["observed"] = (*lambdaHat)[e];
        c["estimate"] = (*piHat)[e];
        c["variance"] = (*var)[e];
        c["normal"] = interval(normal);
        c["chebyshev"] = interval(cheb);
        c["raw_normal"] = rawInterval(normal);
        c["raw_chebyshev"] = rawInterval(cheb);
        return c;
    };
    Json& tail = out.tail;
    if (withCovariance) {
        const Eigen::MatrixXd cov = covarianceMatrix(matrices, *lambdaHat, n, kMaxCovarianceCells);
        Json rows = Json::array();
        for (Eigen::Index r = 0; r < cov.rows(); ++r) {
            Json row = Json::array();
            for (Eigen::Index k = 0; k < cov.cols(); ++k)
                row.push_back(cov(r, k));
            rows.push_back(row);
        }
        tail["covariance"] = rows;
    }
    if ((piHat->array() < 0).any())
        notes.add("some estimates are negative: pi-hat = P^-1 lambda-hat is the unbiased moment estimate, not a "
                  "projection onto proportions; the intervals are clipped to [0, 1], raw_* keep the unclipped bounds");
    if (!notes.empty())
        tail["notes"] = notes.toJson();
    return out;
}

} // namespace

Command reconstructCommand()
{
    Command c;
    c.name = "reconstruct";
    c.summary = "estimate the original proportions from a randomized table, with intervals";
    c.description =
        "The data is a randomized table. For the listed attributes and their retention p (Warner, 003 eq. 5.2) or "
        "any column-stochastic matrix from a --matrix file (003 Sec. 2.2), estimates the original proportions pi-hat = "
        "P^-1 lambda-hat (003 eq. 5.15) of every cell (row-major, last attribute fastest), "
        "their variances (N-1)^-1 [(P^-1 o P^-1) lambda-hat - pi-hat o pi-hat] (003 eq. 5.16) and interquantile "
        "ranges at level 1 - alpha: normal (z_{alpha/2}) and Chebyshev (1/sqrt(alpha)), clipped to [0, 1].";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    c.options.push_back({"attributes", "A,B,...", "the attributes of the estimated table"});
    c.options.push_back(retentionOption());
    c.options.push_back(matrixOption());
    c.options.push_back(alphaOption());
    c.options.push_back({"covariance", "", "also print the full covariance matrix (tables of at most 4,096 cells)"});
    c.runStreamed = runReconstruct;
    return c;
}

} // namespace rr::cli
