// anonymizeJson: the one place an anonymize result becomes the CLI's JSON (key order is the contract).
#include "core/api/Anonymize.h"
#include "core/api/GeneralizationJson.h"
#include "core/api/ReleaseColumns.h"

namespace rr::api {

Json anonymizeJson(const AnonymizeResult& r)
{
    Json j;
    addOutputsJson(j, r.outputs);
    j["model"] = r.model;
    j["node"] = nodeJson(r.qi, r.search.node);
    j["metric"] = {{"name", r.search.metric}, {"value", r.search.metricValue}};
    j["nodes_checked"] = r.search.nodesChecked;
    j["lattice_size"] = r.search.latticeSize;
    j["rows"] = r.rows;
    j["dropped_rows"] = r.droppedRows;
    j["rows_written"] = r.written.randomization.rows;
    j["suppressed"] = r.written.leftOut;
    j["equivalence_classes"] = r.equivalenceClasses;
    j["max_risk"] = r.maxRisk;
    j["reidentification"] = reidentificationSummaryJson(r.reidentification);
    j["hierarchies"] = hierarchySources(r.qi);
    if (r.t.t > 0)
        j.update(tClosenessJson(r.t));
    j["order"] = r.written.randomOrder ? "random" : "source";
    j["columns"] = releaseColumnsJson(r.columns, r.released);
    j["seconds"] = r.seconds;
    return j;
}

} // namespace rr::api
