#pragma once
// The papers' references ("003 eq. 5.8", "Property 1", "004 Def. 8") belong in the Guide, the report's
// method section and tooltips, not in what the owner reads in a label or a message (issue 20). Core's texts
// carry them (the CLI's readers want them); the GUI shows them without, and keeps the full text as a tooltip.
#include <QString>

namespace rr::ui {

// `text` without its references: a parenthesis holding only references goes, one holding more keeps the rest
// ("(004 Sec. 5.1, 4 σ)" -> "(4 σ)"), and a reference standing alone ("... 003 Table 3.3") goes.
QString withoutCitations(const QString& text);
// Whether `text` still names a reference (tests).
bool hasCitation(const QString& text);

} // namespace rr::ui
