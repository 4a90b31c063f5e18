#pragma once
// What the generalizing releases (anonymize, anatomy, compare) write of a node of the generalization lattice: its
// level per attribute, where each hierarchy came from, and t-closeness's inputs.
#include "core/anonymization/Hierarchy.h"
#include "core/anonymization/LatticeSearch.h"
#include "core/anonymization/PrivacyModel.h"
#include "core/api/JsonValues.h"

#include <vector>

namespace rr::api {

// {attribute: level} of a node.
Json nodeJson(const std::vector<AttributeGeneralization>& qi, const LatticeNode& node);
// {attribute: {"source", "levels"}}.
Json hierarchySources(const std::vector<AttributeGeneralization>& qi);
// {"t", "t_measure", "sensitive_hierarchy"} of a t-closeness run.
Json tClosenessJson(const TClosenessInputs& in);

} // namespace rr::api
