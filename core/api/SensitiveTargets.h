#pragma once
// Several sensitive attributes (issue 22): the sensitive attributes and what an attacker targeting each knows.
#include "core/analysis/AnalysisSpec.h"

#include <string>
#include <utility>
#include <vector>

namespace rr::api {

// What an attacker targeting one sensitive attribute knows besides the QIs.
using Knows = std::vector<std::pair<std::string, std::vector<std::string>>>;

// The sensitive attributes and what each one's attacker knows, checked (a known list for an attribute that is not
// sensitive, or given twice, is an InputError in the CLI's words).
std::vector<SensitiveTarget> sensitiveTargets(const std::vector<std::string>& sensitive, const Knows& knows);

} // namespace rr::api
