#pragma once
// `anonymize` of the typed layer (issue 43): the optimal full-domain generalization of the quasi-identifiers under
// k-anonymity, an l-diversity variant or t-closeness, searched over the counts of QI x S (one streaming pass) and
// written in a second pass into a file or a database table. One request, one function, one result; anonymizeJson
// is the one place the result becomes the CLI's JSON.
#include "core/analysis/AnalysisSpec.h"
#include "core/analysis/ReidentificationStep.h"
#include "core/anonymization/Hierarchy.h"
#include "core/anonymization/InformationLoss.h"
#include "core/anonymization/LatticeSearch.h"
#include "core/anonymization/PrivacyModel.h"
#include "core/api/JsonValues.h"
#include "core/api/ReleaseOutputs.h"
#include "core/api/Source.h"
#include "core/release/StreamRelease.h"

#include <optional>
#include <string>
#include <vector>

namespace rr::api {

// The models a class must satisfy, by name: entropy, distinct or recursive (l-diversity), t-closeness, or k; k
// given with another model is required in addition.
struct PrivacyModelChoice {
    std::string model;
    std::optional<double> k;
    std::optional<double> l; // the l-diversity models': at least 2 (whole for distinct and recursive)
    std::optional<double> c; // recursive (c,l)-diversity's
    double t = 0;            // t-closeness's largest earth mover's distance, in (0, 1]
    GroundDistance tMeasure = GroundDistance::Equal;
};

struct AnonymizeRequest {
    DataRequest data;
    AnalysisSpec roles; // the QIs, one sensitive attribute, the missing-value policy
    PrivacyModelChoice model;
    LossMetricKind metric = LossMetricKind::Discernibility;
    double suppression = 0;  // the fraction of records that may be suppressed, in [0, 1)
    std::string hierarchies; // folder of ARX hierarchy files; attributes without one are only suppressed
    double threshold = kDefaultReidentificationThreshold; // re-identification: the share of records above it
    std::vector<std::string> keep;                        // columns written in clear beside the QIs and S
    bool keepOrder = false;
    std::string missingToken = "?";
    ReleaseOutputs outputs; // one file or a table; no notes, no log
};

struct AnonymizeResult {
    ReleaseOutputs outputs;
    std::string model; // the models' names, "A and B"
    std::vector<AttributeGeneralization> qi;
    LatticeSearchResult search; // the node of least information loss, its classes
    TClosenessInputs t;         // t-closeness's (t = 0 otherwise)
    std::size_t rows = 0, droppedRows = 0;
    StreamReleaseReport written;        // records written, suppressed (left out), order
    std::size_t equivalenceClasses = 0; // released (not suppressed)
    double maxRisk = 0;                 // max_r Pr(S_r | QI_r) in the release (003 Definition 7)
    ReidentificationSummary reidentification;
    std::vector<std::string> columns;    // the source's
    std::vector<ColumnRelease> released; // per column: generalized, in clear or dropped
    double seconds = 0;
};

// Checks the outputs (before anything is read), counts QI x S, searches the lattice, writes the release. InputError
// (in the CLI's words) for an output that cannot be written or is an input, roles or model parameters that do not
// fit, no node that satisfies the models, a bad kept column; Cancelled when `progress` returns false.
AnonymizeResult anonymizeOf(const AnonymizeRequest& request, const ProgressFunction& progress = {});

Json anonymizeJson(const AnonymizeResult& result);

} // namespace rr::api
