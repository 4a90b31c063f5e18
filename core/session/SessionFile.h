#pragma once
// Session files on disk, both kinds (AnySession.h): written atomically (core/data/AtomicWrite), read whole
// with one size bound and one reader.
#include "core/session/AnySession.h"

#include <cstddef>
#include <string>

namespace rr {

// Refuses a session file over this many bytes (counted as read: /dev/zero stops here). 64 MiB, as basket
// sessions always had: after Suggest, a select-a-size table holds m + 3 numbers for every basket size m up
// to the longest basket, so baskets of about 1,100 items already pass 16 MiB (a table session stays far below).
inline constexpr std::size_t kMaxSessionFileBytes = std::size_t(64) << 20;

// Atomic write; throws rr::InputError or rr::IoError naming the file on failure. `sampleDir`: see
// SessionPlaces.
void saveSessionFile(const SessionData& session, const std::string& path, const std::string& sampleDir);
void saveSessionFile(const BasketsSessionFile& session, const std::string& path, const std::string& sampleDir);

// The session in the file, of either kind (or of kind `expected`: see parseAnySession). Relative paths in the
// file resolve against its folder. Throws rr::InputError naming the file and the problem (a FIFO, device or
// folder, a file over kMaxSessionFileBytes included).
AnySession readSessionFile(const std::string& path, const std::string& sampleDir,
                           std::optional<SessionKind> expected = std::nullopt);
// readSessionFile where one kind is wanted; the other kind is an InputError saying what the file holds.
SessionData loadSessionFile(const std::string& path, const std::string& sampleDir);
BasketsSessionFile loadBasketsSessionFile(const std::string& path, const std::string& sampleDir);

} // namespace rr
