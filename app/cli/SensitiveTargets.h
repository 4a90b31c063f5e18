#pragma once
// Several sensitive attributes on the command line (issue 22): --sensitive S1,S2 and --knows S2=A,B.
#include "app/cli/Options.h"
#include "core/analysis/AnalysisSpec.h"
#include "core/api/SensitiveTargets.h"

#include <vector>

namespace rr::cli {

// --knows S=A,B (repeatable): what an attacker targeting S knows besides the QIs.
OptionSpec knowsOption();
// More than one --sensitive attribute, or any --knows: the several-attribute path.
bool wantsSeveralSensitive(const Options& options);
// --knows S=A,B items as pairs (InputError for one that is not S=A,B).
api::Knows knowsFrom(const Options& options);

} // namespace rr::cli
