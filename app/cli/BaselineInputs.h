#pragma once
// What `compare`, `anonymize` and `anatomy` share: the generalization models' options and the JSON of a
// generalized node.
#include "app/cli/Json.h"
#include "app/cli/Options.h"
#include "core/api/Anonymize.h"
#include "core/api/GeneralizationJson.h"
#include "core/anonymization/Hierarchy.h"
#include "core/anonymization/InformationLoss.h"
#include "core/anonymization/LatticeSearch.h"
#include "core/anonymization/PrivacyModel.h"

#include <optional>
#include <string>
#include <vector>

namespace rr::cli {

// The generalization models' options of `compare`, `anonymize` and `anatomy`, read once; the functions below
// check them in the order each command always did.
struct ModelOptionTexts {
    std::string command;
    std::optional<std::string> model, k, l, c, t, tMeasure, metric, suppression, hierarchies;
};
ModelOptionTexts modelOptionTexts(const Options& options);

// --l L: a whole number from 2 to kMaxL (core's one rule for l; InputError otherwise).
int wholeLOption(const ModelOptionTexts& texts);
// --hierarchies DIR (optional): ARX hierarchy files; attributes without one get suppression only.
OptionSpec hierarchiesOption();
// --suppression FRACTION in [0, 1) (0 when not given).
double suppressionOption(const ModelOptionTexts& texts);
// The same checks of a value given otherwise (the Python module's arguments); `text` shows it in the message.
double checkedSuppression(double suppression, const std::string& text);
// --model entropy|distinct|recursive (an l-diversity variant; `fallback` when not given).
PrivacyModelKind lDiversityOption(const ModelOptionTexts& texts, const std::string& fallback);
// --c C: required for recursive (c,l)-diversity, refused otherwise.
double cOption(const ModelOptionTexts& texts, PrivacyModelKind model);
// --t T of t-closeness, in (0, 1] (InputError naming --t otherwise); --t-measure equal|hierarchical (default
// equal).
double tOption(const ModelOptionTexts& texts);
GroundDistance tMeasureOption(const ModelOptionTexts& texts);
double checkedT(double t, const std::string& text);
GroundDistance tMeasureNamed(const std::string& name);
// --model, --k, --l, --c, --t and --t-measure of `anonymize` as the typed layer's choice: the numbers read, the
// rules of each model left to core (api::anonymizeOf); --l required by an l-diversity model, --t and --t-measure
// refused by any but t-closeness.
api::PrivacyModelChoice privacyModelFrom(const ModelOptionTexts& texts);
// --metric height|aecs|discernibility (default discernibility).
LossMetricKind metricOption(const ModelOptionTexts& texts);
// anatomy's --out-format csv, sav, dta or xpt as the files' extension (".csv"); InputError otherwise.
std::string anatomyExtension(const std::string& format);

// {attribute: level} of a node, and {attribute: hierarchy source}.
using api::hierarchySources;
using api::nodeJson;

} // namespace rr::cli
