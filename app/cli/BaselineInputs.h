#pragma once
// What `compare`, `anonymize` and `anatomy` share: the records the roles keep (the baselines release
// records, not counts), the generalization hierarchies, the l-diversity model options, and the JSON of a
// generalized node.
#include "app/cli/Json.h"
#include "app/cli/Options.h"
#include "core/api/Anonymize.h"
#include "core/api/GeneralizationJson.h"
#include "core/analysis/AnalysisSpec.h"
#include "core/anonymization/Hierarchy.h"
#include "core/anonymization/InformationLoss.h"
#include "core/anonymization/LatticeSearch.h"
#include "core/anonymization/PrivacyModel.h"
#include "core/contingency/ContingencyTable.h"
#include "core/data/Table.h"

#include <string>
#include <vector>

namespace rr::cli {

// The records complete in the roles (or in every column with --drop-incomplete), every column kept.
struct BaselineRecords {
    AnalysisSpec spec;
    Table records;
    std::size_t droppedRows = 0;
    std::vector<int> qi; // indices into `records`
    int sensitive = -1;
    ContingencyTable joint; // QIs then S
};
BaselineRecords baselineRecords(const Table& raw, const Options& options);

// --l L: a whole number from 2 to kMaxL (core's one rule for l; InputError otherwise).
int wholeLOption(const Options& options);
// --hierarchies DIR (optional): ARX hierarchy files; attributes without one get suppression only.
OptionSpec hierarchiesOption();
std::vector<AttributeGeneralization> generalizationsFor(const BaselineRecords& in, const Options& options);
// --suppression FRACTION in [0, 1) (0 when not given).
double suppressionOption(const Options& options);
// The same checks of a value given otherwise (the Python module's arguments); `text` shows it in the message.
double checkedSuppression(double suppression, const std::string& text);
// --model entropy|distinct|recursive (an l-diversity variant; `fallback` when not given).
PrivacyModelKind lDiversityOption(const Options& options, const std::string& fallback);
// --c C: required for recursive (c,l)-diversity, refused otherwise.
double cOption(const Options& options, PrivacyModelKind model);
// --t T of t-closeness, in (0, 1] (InputError naming --t otherwise); --t-measure equal|hierarchical (default
// equal). Both refused unless `model` is t-closeness.
double tOption(const Options& options);
GroundDistance tMeasureOption(const Options& options);
double checkedT(double t, const std::string& text);
GroundDistance tMeasureNamed(const std::string& name);
void refuseTOptions(const Options& options, const std::string& model);
// --model, --k, --l, --c, --t and --t-measure of `anonymize` as the typed layer's choice: the numbers read, the
// rules of each model left to core (api::anonymizeOf); --l required by an l-diversity model, --t and --t-measure
// refused by any but t-closeness.
api::PrivacyModelChoice privacyModelFrom(const Options& options);
// anatomy's --out-format csv, sav, dta or xpt as the files' extension (".csv"); InputError otherwise.
std::string anatomyExtension(const std::string& format);
// --metric height|aecs|discernibility (default discernibility).
LossMetricKind metricOption(const Options& options);

// {attribute: level} of a node, and {attribute: hierarchy source}.
using api::hierarchySources;
using api::nodeJson;

} // namespace rr::cli
