#pragma once
// The release summaries' line on re-identification (issue 22), the same in the Release step and the review
// dialog.
#include "core/analysis/ReidentificationStep.h"

#include <QString>

namespace rr::ui {

// "<p><b>Re-identification</b>: ...</p>": largest and mean at the released p against the original data.
QString reidentificationParagraph(const ReidentificationStep& step);

} // namespace rr::ui
