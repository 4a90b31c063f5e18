#pragma once
// `risk` of the typed layer (issue 43): attribute-disclosure risk Pr(S_r | QI_r) of every record for given p
// (003 eq. 5.6-5.8), with its re-identification risk (issue 22) and what the published shares reveal (issue 46).
// One request, one function, one result; riskJson is the one place the result becomes JSON (the CLI prints it,
// Python's to_dict() is it).
#include "core/datasource/DataSource.h"
#include "core/analysis/ReidentificationStep.h"
#include "core/api/Distortions.h"
#include "core/api/Inference.h"
#include "core/api/JsonValues.h"
#include "core/api/SensitiveTargets.h"
#include "core/api/Source.h"
#include "core/distortion/Epsilon.h"
#include "core/risk/DisclosureRisk.h"
#include "core/risk/Reidentification.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rr::api {

struct RiskRequest {
    DataRequest data;
    std::vector<std::string> qi;
    std::vector<std::string> sensitive; // one; several (or any `knows`): each one's risk, and each record's largest
    Knows knows;
    bool dropIncomplete = false; // drop records missing any column, not only the analysed ones
    DistortionChoice distortions; // several sensitive attributes: p only (Warner matrices)
    std::optional<double> tau;    // in (0, 1]: count the records whose risk exceeds it
    double threshold = kDefaultReidentificationThreshold; // re-identification: the share of records above it
    int threads = 1; // the numbers do not depend on it
};

// One summary over the records and the values of its riskiest cell.
struct RiskFigures {
    RiskSummary summary;
    std::vector<std::pair<std::string, std::string>> worst; // attribute, category
};

// One of several sensitive attributes (issue 22).
struct TargetRisk {
    std::string attribute;
    std::vector<std::string> knows;
    RiskFigures figures; // over the table of the QIs, what the attacker knows, and the attribute
    double recordsSet = 0; // records whose largest risk is this attribute's (ties: the first listed)
    Inference inference;
};

struct RiskResult {
    std::size_t rows = 0, droppedRows = 0;
    std::optional<double> tau;
    RiskFigures figures; // one sensitive attribute: its risk; several: each record's largest ("overall")
    std::vector<TargetRisk> targets; // several sensitive attributes only
    Distortions distortions;
    // One sensitive attribute only:
    std::vector<EpsilonValue> epsilon; // per attribute
    ReidentificationStep reidentification;
    Inference inference;
    std::vector<std::string> warnings; // sensitive attributes left in clear while others are randomized

    bool several() const { return !targets.empty(); }
};

// Returning false stops the work (Cancelled); called with the fraction read, or -1 while computing.
// InputError (in the CLI's words) for roles, p, matrices, tau or threshold that do not fit the data.
RiskResult riskOf(const RiskRequest& request, const ProgressFunction& progress = {});

// The CLI's JSON of `result` (nlohmann ordered keys; the notes that explain its nulls included).
Json riskJson(const RiskResult& result);

// `value` in (0, 1] (InputError naming `what` otherwise).
void checkUnitThreshold(double value, const std::string& what);

} // namespace rr::api
