#pragma once
// Text from input files (CSV headers, --names entries, ReadStat's strings, session values) made safe to show:
// a terminal acts on control characters (ESC ]2;TITLE BEL sets its title, ESC [2J clears it) and a line break
// splits a one-line message. Every front end passes its error messages through this before showing them.
#include <string>
#include <string_view>

namespace rr {

// `text` with every byte below 0x20 and 0x7f written as \xNN (ESC as \x1b, a line break as \x0a), and the
// C1 controls U+0080..U+009F (UTF-8 C2 80..C2 9F, which some terminals take as ESC [) as \u0080..\u009f.
// Everything else is kept byte for byte: UTF-8 characters stay intact, invalid bytes stay as they are.
std::string escapeControls(std::string_view text);

} // namespace rr
