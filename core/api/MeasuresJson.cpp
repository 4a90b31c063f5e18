// measuresJson: the one place a measures result becomes the CLI's JSON (key order and notes are the contract).
#include "core/api/MeasureJson.h"
#include "core/api/Measures.h"

namespace rr::api {
namespace {

const char* const kCells[4] = {"00", "01", "10", "11"};

// A pooled cell or residual: which attributes are present, then its estimate.
Json cellJson(const PairMeasuresResult& r, int cell, const MeasureEstimate& e)
{
    Json j;
    j["cell"] = kCells[cell];
    j["present"] = {{r.attributes[0], cell / 2 == 1}, {r.attributes[1], cell % 2 == 1}};
    j.update(measureEstimateJson(e));
    return j;
}

// The four pooled cells' estimates (or residuals), in cell order.
Json cellsJson(const PairMeasuresResult& r, const std::array<MeasureEstimate, 4>& estimates)
{
    Json cells = Json::array();
    for (int k = 0; k < 4; ++k)
        cells.push_back(cellJson(r, k, estimates[static_cast<std::size_t>(k)]));
    return cells;
}

// The pooled cells' 4 x 4 covariance, row by row.
Json covarianceJson(const PairMeasures& m)
{
    Json covariance = Json::array();
    for (int r = 0; r < 4; ++r) {
        Json row = Json::array();
        for (int c = 0; c < 4; ++c)
            row.push_back(m.covariance(r, c));
        covariance.push_back(row);
    }
    return covariance;
}

// Each measure's estimate by its key.
Json estimatesJson(const std::vector<MeasureEstimate>& estimates)
{
    Json measures = Json::object();
    for (const MeasureEstimate& e : estimates)
        measures[e.key] = measureEstimateJson(e);
    return measures;
}

} // namespace

Json measuresJson(const PairMeasuresResult& r)
{
    const PairMeasures& m = r.measures;
    Notes notes;
    Json j;
    j["attributes"] = r.attributes;
    j["rows"] = r.rows;
    j["dropped_rows"] = r.droppedRows;
    j["n"] = countValue(m.n);
    j["positive"] = {{r.attributes[0], r.positive[0]}, {r.attributes[1], r.positive[1]}};
    j["categories"] = {{r.attributes[0], m.d1}, {r.attributes[1], m.d2}};
    j["p"] = retentionJson(r.distortions, notes);
    if (r.distortions.anyMatrixFile())
        j["distortion"] = distortionJson(r.distortions, notes);
    j["alpha"] = r.alpha;
    j["cells"] = cellsJson(r, m.cells);
    j["covariance"] = covarianceJson(m);
    j["measures"] = estimatesJson(m.measures);
    j["residuals"] = cellsJson(r, m.residuals);
    if (m.d1 > 2 || m.d2 > 2) {
        j["table"] = estimatesJson(m.fullTable);
        if (!m.fullTableNote.empty())
            notes.add(m.fullTableNote);
    }
    if ((m.estimatedCells.array() < 0).any())
        notes.add("some pooled cell estimates are negative: pi-hat = P^-1 lambda-hat is the unbiased moment "
                  "estimate, not a projection; measures that need positive cells are null with a reason");
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace rr::api
