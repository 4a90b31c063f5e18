#pragma once
// What `compare`, `anonymize` and `anatomy` share: the ESGRO-style inputs (QIs, S, l), the
// generalization hierarchies, and the JSON of a generalized node.
#include "app/cli/Json.h"
#include "app/cli/Options.h"
#include "app/cli/RiskInputs.h"
#include "core/anonymization/Hierarchy.h"
#include "core/anonymization/LatticeSearch.h"

#include <string>
#include <vector>

namespace rr::cli {

// --l L: a whole number >= minimum (InputError otherwise).
int wholeLOption(const Options& options, int minimum);
// --hierarchies DIR (optional): ARX hierarchy files; attributes without one get suppression only.
OptionSpec hierarchiesOption();
std::vector<AttributeGeneralization> generalizationsFor(const RiskInputs& in, const Options& options);
// --suppression FRACTION in [0, 1) (0 when not given).
double suppressionOption(const Options& options);
// --model entropy|distinct|recursive (default entropy for compare), --c C for recursive.
double cOption(const Options& options, const std::string& model);

// {attribute: level} of a node, and {attribute: hierarchy source}.
Json nodeJson(const std::vector<AttributeGeneralization>& qi, const LatticeNode& node);
Json hierarchySources(const std::vector<AttributeGeneralization>& qi);

} // namespace rr::cli
