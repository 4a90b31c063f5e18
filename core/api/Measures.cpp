#include "core/api/Measures.h"

#include "core/api/Names.h"
#include "core/api/PresentCategory.h"
#include "core/api/Reconstruct.h"
#include "core/api/RequestSupport.h"
#include "core/data/Errors.h"
#include "core/datasource/DataSource.h"

namespace rr::api {

void checkMeasuredPair(const std::vector<std::string>& names)
{
    if (names.size() != 2)
        throw InputError("--attributes takes exactly two attributes (rows, then columns), got " +
                         std::to_string(names.size()) + " (" + joinNames(names) + ")");
}

PairMeasuresResult measuresOf(const PairMeasuresRequest& request, const ProgressFunction& progress)
{
    checkMeasuredPair(request.attributes);
    checkAlpha(request.alpha);
    checkPositiveNames(request.positive, request.attributes);
    const auto source = openData(request.data);
    const PreparedTable records =
        prepareTable(*source, request.attributes, missingPolicyOf(request.dropIncomplete), progress);
    PairMeasuresResult out;
    out.distortions = distortionsOf(request.distortions, records.names, records.categories);
    PairInput in;
    in.randomizedCounts = records.joint.counts();
    in.first = out.distortions.matrices[0];
    in.second = out.distortions.matrices[1];
    in.presentFirst = presentCategory(records.names[0], records.categories[0], request.positive);
    in.presentSecond = presentCategory(records.names[1], records.categories[1], request.positive);
    in.alpha = request.alpha;
    out.measures = estimatePairMeasures(in); // 003 eq. 3.3, 5.16 and the delta method
    out.attributes = records.names;
    out.categories = records.categories;
    out.rows = records.keptRows();
    out.droppedRows = records.droppedRows;
    out.positive = {records.categories[0][static_cast<std::size_t>(in.presentFirst)],
                    records.categories[1][static_cast<std::size_t>(in.presentSecond)]};
    out.alpha = request.alpha;
    return out;
}

} // namespace rr::api
