// The one place a reconstruct result becomes the CLI's JSON (key order and notes are the contract): the head, the
// cells one at a time (the CLI streams them: about 2.5 KB each, millions of them), the tail.
#include "core/api/Reconstruct.h"

#include "core/estimation/Intervals.h"

#include <cmath>

namespace rr::api {
namespace {

Json interval(const Interval& i)
{
    return Json::array({i.lo, i.hi});
}

Json rawInterval(const Interval& i)
{
    return Json::array({i.rawLo, i.rawHi});
}

Json valuesOf(const PreparedTable& table, std::size_t cell)
{
    Json out = Json::object();
    const std::vector<std::string> values = table.cellValues(cell);
    for (std::size_t k = 0; k < values.size(); ++k)
        out[table.names[k]] = values[k];
    return out;
}

Json covarianceRows(const Eigen::MatrixXd& cov)
{
    Json rows = Json::array();
    for (Eigen::Index r = 0; r < cov.rows(); ++r) {
        Json row = Json::array();
        for (Eigen::Index k = 0; k < cov.cols(); ++k)
            row.push_back(std::isnan(cov(r, k)) ? Json(nullptr) : Json(cov(r, k)));
        rows.push_back(row);
    }
    return rows;
}

// The notes of the moment and projected estimates.
void estimateNotes(const ReconstructResult& r, Notes& notes)
{
    if (r.estimator == Estimator::Moment && r.anyNegative)
        notes.add("some estimates are negative: pi-hat = P^-1 lambda-hat is the unbiased moment estimate, not a "
                  "projection onto proportions; the intervals are clipped to [0, 1], raw_* keep the unclipped bounds");
    if (r.estimator == Estimator::Projected)
        notes.add(std::string(r.anyNegative ? "the moment estimate's negative cells are set to 0 and the rest "
                                              "rescaled to sum 1"
                                            : "the moment estimate has no negative cell: the projection leaves it "
                                              "as it is") +
                  "; the variances, ranges and covariance are the moment estimate's (003 eq. 5.16)");
}

} // namespace

Json reconstructHead(const ReconstructResult& r, Notes& notes)
{
    for (const std::string& note : r.fitNotes)
        notes.add(note);
    Json j;
    j["n"] = countValue(r.n);
    j["rows"] = r.rows;
    j["dropped_rows"] = r.droppedRows;
    j["attributes"] = r.attributes;
    j["p"] = retentionJson(r.distortions, notes);
    if (r.distortions.anyMatrixFile())
        j["distortion"] = distortionJson(r.distortions, notes);
    j["alpha"] = r.alpha;
    if (r.estimator != Estimator::Moment)
        j["estimator"] = r.estimator == Estimator::Mle ? "mle" : "projected";
    if (r.fit)
        j["fit"] = {{"iterations", r.fit->iterations}, {"converged", r.fit->converged},
                    {"tolerance", r.fit->tolerance},   {"gap", r.fit->gap},
                    {"log_likelihood", r.fit->logLikelihood}, {"cells_at_zero", r.fit->cellsAtZero}};
    return j;
}

// One cell: its values, observed share, estimate, variance and ranges (null where it has no variance).
Json reconstructCell(const ReconstructResult& r, std::size_t i)
{
    const auto e = static_cast<Eigen::Index>(i);
    const double est = r.estimate[e], var = r.variance[e];
    const bool ranges = !std::isnan(var);
    Json c;
    c["values"] = valuesOf(*r.table, i);
    c["observed"] = r.observed[e];
    c["estimate"] = est;
    c["variance"] = ranges ? Json(var) : Json(nullptr);
    if (!r.atZero.empty())
        c["at_zero"] = bool(r.atZero[i]);
    const Interval normal = ranges ? interquantileRange(est, var, r.alpha, IntervalKind::Normal) : Interval{};
    const Interval cheb = ranges ? interquantileRange(est, var, r.alpha, IntervalKind::Chebyshev) : Interval{};
    c["normal"] = ranges ? interval(normal) : Json(nullptr);
    c["chebyshev"] = ranges ? interval(cheb) : Json(nullptr);
    c["raw_normal"] = ranges ? rawInterval(normal) : Json(nullptr);
    c["raw_chebyshev"] = ranges ? rawInterval(cheb) : Json(nullptr);
    return c;
}

Json reconstructTail(const ReconstructResult& r, Notes& notes)
{
    Json tail = Json::object();
    if (r.covariance)
        tail["covariance"] = covarianceRows(*r.covariance);
    estimateNotes(r, notes);
    if (!notes.empty())
        tail["notes"] = notes.toJson();
    return tail;
}

Json reconstructJson(const ReconstructResult& r)
{
    Notes notes;
    Json j = reconstructHead(r, notes);
    Json cells = Json::array();
    for (std::size_t i = 0; i < r.cellCount(); ++i)
        cells.push_back(reconstructCell(r, i));
    j["cells"] = std::move(cells);
    j.update(reconstructTail(r, notes));
    return j;
}

} // namespace rr::api
