// `measures`: the 21 association measures of two attributes estimated from their randomized table, with
// delta-method variances and ranges (003 Sec. 3.3, Table 3.6; 000 Sec. 3), the pooled cells, the
// standardized residuals and, for many-category attributes, the whole-table measures (003 Table 4.1).
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/MeasureJson.h"
#include "app/cli/PresentCategory.h"

#include "core/data/Errors.h"
#include "core/measures/MeasureCatalog.h"
#include "core/measures/PairMeasures.h"

#include <array>
#include <map>

namespace rr::cli {
namespace {

const char* const kCells[4] = {"00", "01", "10", "11"};

// A pooled cell or residual: which attributes are present, then its estimate.
Json cellJson(const PreparedTable& records, int cell, const MeasureEstimate& e)
{
    Json j;
    j["cell"] = kCells[cell];
    j["present"] = {{records.names[0], cell / 2 == 1}, {records.names[1], cell % 2 == 1}};
    j.update(measureEstimateJson(e));
    return j;
}

// The four pooled cells' estimates (or residuals), in cell order.
Json cellsJson(const PreparedTable& records, const std::array<MeasureEstimate, 4>& estimates)
{
    Json cells = Json::array();
    for (int k = 0; k < 4; ++k)
        cells.push_back(cellJson(records, k, estimates[static_cast<std::size_t>(k)]));
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
Json measuresJson(const std::vector<MeasureEstimate>& estimates)
{
    Json measures = Json::object();
    for (const MeasureEstimate& e : estimates)
        measures[e.key] = measureEstimateJson(e);
    return measures;
}

Json runMeasures(const Options& options)
{
    const std::vector<std::string> names = splitList(options.required("attributes"), "attributes");
    if (names.size() != 2)
        throw InputError("--attributes takes exactly two attributes (rows, then columns), got " +
                         std::to_string(names.size()) + " (" + joinNames(names) + ")");
    const double alpha = alphaFrom(options);
    const std::map<std::string, std::string> positive = positiveValues(options, names);

    const auto source = openSource(options);
    const PreparedTable records = prepareTable(*source, names, missingPolicy(options), keepRunningProgress());
    const Distortions distortions = distortionsFrom(options, records.names, records.categories);

    PairInput in;
    in.randomizedCounts = records.joint.counts();
    in.first = distortions.matrices[0];
    in.second = distortions.matrices[1];
    in.presentFirst = presentCategory(records.names[0], records.categories[0], positive);
    in.presentSecond = presentCategory(records.names[1], records.categories[1], positive);
    in.alpha = alpha;
    const PairMeasures m = estimatePairMeasures(in); // 003 eq. 3.3, 5.16 and the delta method

    Notes notes;
    Json j;
    j["attributes"] = records.names;
    j["rows"] = records.keptRows();
    j["dropped_rows"] = records.droppedRows;
    j["n"] = countValue(m.n);
    j["positive"] = {{records.names[0], records.categories[0][static_cast<std::size_t>(in.presentFirst)]},
                     {records.names[1], records.categories[1][static_cast<std::size_t>(in.presentSecond)]}};
    j["categories"] = {{records.names[0], m.d1}, {records.names[1], m.d2}};
    j["p"] = retentionJson(distortions, notes);
    if (distortions.anyMatrixFile())
        j["distortion"] = distortionJson(distortions, notes);
    j["alpha"] = alpha;
    j["cells"] = cellsJson(records, m.cells);
    j["covariance"] = covarianceJson(m);
    j["measures"] = measuresJson(m.measures);
    j["residuals"] = cellsJson(records, m.residuals);
    if (m.d1 > 2 || m.d2 > 2) {
        const Json table = measuresJson(m.fullTable);
        if (!m.fullTableNote.empty())
            notes.add(m.fullTableNote);
        j["table"] = table;
    }
    if ((m.estimatedCells.array() < 0).any())
        notes.add("some pooled cell estimates are negative: pi-hat = P^-1 lambda-hat is the unbiased moment "
                  "estimate, not a projection; measures that need positive cells are null with a reason");
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

std::string measureKeys()
{
    std::string keys;
    for (const MeasureInfo& info : measureCatalog())
        keys += (keys.empty() ? "" : ", ") + std::string(info.key);
    return keys;
}

} // namespace

Command measuresCommand()
{
    Command c;
    c.name = "measures";
    c.summary = "association measures of two attributes estimated from their randomized table, with ranges";
    c.description =
        "The data is a randomized table. For two attributes (rows, columns) with their retention p (Warner, 003 "
        "eq. 5.2) or --matrix files, estimates the original table pi-hat = P^-1 lambda-hat (003 eq. 3.3), pools "
        "each attribute to present (--positive) / absent, and gives the 21 measures of 003 Table 3.6 and 000 "
        "Table 2 (" +
        measureKeys() +
        ") with delta-method variances from the covariance of pi-hat (003 Sec. 3.3.1, eq. 5.16) and normal and "
        "Chebyshev ranges at level 1 - alpha (003 Results 1, 3); 'randomized' is the measure on the randomized "
        "table itself (what an analyst gets without p). Also the pooled cells, the standardized residuals and, "
        "when an attribute has more than two categories, the whole-table measures of 003 Table 4.1 under "
        "'table'. Undefined values are null with a reason.";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    c.options.push_back({"attributes", "A,B", "the two attributes: rows (predictor), then columns (response)"});
    c.options.push_back(retentionOption());
    c.options.push_back(matrixOption());
    c.options.push_back(positiveOption("the category counted as present per attribute (default: '1' of a 0/1 "
                                       "attribute, else the second category in file order; required for more "
                                       "than two categories)"));
    c.options.push_back(alphaOption());
    c.run = runMeasures;
    return c;
}

} // namespace rr::cli
