#include "core/api/Reidentification.h"

#include "core/api/RequestSupport.h"
#include "core/api/Risk.h"

namespace rr::api {

ReidentificationResult reidentificationOf(const ReidentificationRiskRequest& request,
                                          const ProgressFunction& progress)
{
    checkUnitThreshold(request.threshold, "--threshold");
    const auto source = openData(request.data);
    ReidentificationResult out;
    out.table = std::make_shared<const PreparedTable>(
        prepareTable(*source, request.qi, missingPolicyOf(request.dropIncomplete), progress));
    const PreparedTable& table = *out.table;
    out.distortions = distortionsOf(request.distortions, table.names, table.categories);
    ReidentificationRequest r;
    r.threshold = request.threshold;
    r.threads = request.threads; // the same numbers on any count
    r.progress = progress;
    out.risk = reidentificationRisk(table.joint, out.distortions.matrices, r); // issue 22: R_id = a_r E[1/(1+M)]
    out.qi = request.qi;
    out.rows = table.keptRows();
    out.droppedRows = table.droppedRows;
    out.records = table.records;
    out.threshold = request.threshold;
    out.listCells = request.listCells;
    return out;
}

} // namespace rr::api
