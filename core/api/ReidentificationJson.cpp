// reidentificationJson: the one place a re-identification result becomes the CLI's JSON.
#include "core/analysis/ReidentificationStep.h"
#include "core/api/Reidentification.h"

namespace rr::api {
namespace {

Json cellsJson(const ReidentificationResult& r)
{
    Json cells = Json::array();
    for (const ReidentificationCell& c : r.risk.cells) {
        Json qi = Json::object();
        const std::vector<std::string> values = r.table->cellValues(c.cell);
        for (std::size_t k = 0; k < values.size(); ++k)
            qi[r.table->names[k]] = values[k];
        Json cell;
        cell["qi"] = std::move(qi);
        cell["count"] = countValue(c.count);
        cell["original"] = c.original;
        cell["randomized"] = c.randomized;
        cells.push_back(std::move(cell));
    }
    return cells;
}

} // namespace

Json reidentificationJson(const ReidentificationResult& r)
{
    Notes notes;
    Json j;
    j["rows"] = r.rows;
    j["dropped_rows"] = r.droppedRows;
    j["records"] = countValue(r.records);
    j["qi"] = r.qi;
    j["p"] = retentionJson(r.distortions, notes);
    if (r.distortions.anyMatrixFile())
        j["distortion"] = distortionJson(r.distortions, notes);
    j["threshold"] = r.threshold;
    j["original"] = reidentificationSummaryJson(r.risk.original);
    j["randomized"] = reidentificationSummaryJson(r.risk.randomized);
    if (r.listCells)
        j["cells"] = cellsJson(r);
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace rr::api
