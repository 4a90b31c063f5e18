#pragma once
// The release summaries' lines of issue 22 (re-identification, several sensitive attributes), the same in the
// Release step and the review dialog.
#include "core/release/Release.h"
#include "core/analysis/ReidentificationStep.h"

#include <QString>

namespace rr::ui {

// "<p><b>Re-identification</b>: ...</p>": largest and mean at the released p against the original data.
QString reidentificationParagraph(const ReidentificationStep& step);
// "<p><b>Every sensitive attribute</b>: workclass 0.331, class (attacker knows relationship) 0.333 ...</p>", or empty
// when the summary judges one sensitive attribute.
QString severalSensitiveParagraph(const ReleaseSummary& summary);

} // namespace rr::ui
