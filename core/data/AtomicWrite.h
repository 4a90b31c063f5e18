#pragma once
#include <functional>
#include <ostream>
#include <string>

namespace rr {

// Writes a file atomically: `write` fills a temporary file beside `path`, which then
// replaces `path` in one rename. On any failure `path` is left untouched and
// InputError names the problem.
void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write);

} // namespace rr
