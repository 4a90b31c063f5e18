#pragma once
// The release summaries' risk lines in the owner's words (issue 46), the same in the Release step and the review
// dialog: what the record-level figure measures, what the published shares reveal, and the warnings.
#include "core/release/Release.h"

#include <QString>

namespace rr::ui {

// "<p><b>Linking a person to the released records</b> reveals beyond chance at most ... </p>", green when the target
// is met, amber otherwise.
QString recordRiskParagraph(const ReleaseSummary& summary);
// One paragraph per sensitive attribute: what each group's published shares reveal; amber, with the groups and what
// would change it, when the largest share of a group exceeds the target.
QString inferenceParagraph(const ReleaseSummary& summary);
// Whether some group's largest share exceeds the target (the Release step turns amber).
bool sharesExceedTarget(const ReleaseSummary& summary);
// Each warning in amber.
QString warningsParagraph(const ReleaseSummary& summary);

} // namespace rr::ui
