#pragma once
// The privacy models of an anonymize request, built and checked in the CLI's words (--model, --k, --l, --c).
#include "core/api/Anonymize.h"
#include "core/contingency/ContingencyTable.h"

#include <memory>
#include <vector>

namespace rr::api {

// The models a class must satisfy: the named one, plus k-anonymity when k is given with l-diversity or
// t-closeness. t-closeness takes S's distribution from `joint` (S last) and S's hierarchy from `hierarchies`;
// `t` gets its inputs.
std::vector<std::unique_ptr<PrivacyModel>> privacyModelsOf(const PrivacyModelChoice& choice,
                                                           const ContingencyTable& joint, const Attribute& sensitive,
                                                           const std::string& hierarchies, TClosenessInputs& t);

} // namespace rr::api
