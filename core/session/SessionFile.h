#pragma once
// Session files on disk: written atomically (core/data/AtomicWrite), read with a size bound.
#include "core/session/SessionJson.h"

#include <cstddef>
#include <string>

namespace rr {

// Refuses a session file over this many bytes (counted as read: /dev/zero stops here).
inline constexpr std::size_t kMaxSessionFileBytes = std::size_t(16) << 20;

// Atomic write; throws rr::InputError or rr::IoError naming the file on failure. `sampleDir`: see
// SessionPlaces.
void saveSessionFile(const SessionData& session, const std::string& path, const std::string& sampleDir);
// Relative paths in the file resolve against its folder. Throws rr::InputError naming the file and the problem
// (a FIFO, device or folder, a file over kMaxSessionFileBytes included).
SessionData loadSessionFile(const std::string& path, const std::string& sampleDir);

} // namespace rr
