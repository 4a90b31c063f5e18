#pragma once
// A Baskets session file: the basket file and the BasketsChoice, as JSON. The keys are those the GUI has
// written since version 1 (and the CLI's option names where they match); older files load.
#include "core/basketpipeline/BasketsChoice.h"

#include <cstddef>
#include <string>

namespace rr {

struct BasketsSessionFile {
    std::string data; // the .dat file as stored (the GUI makes it portable and resolves it)
    BasketsChoice choice;
};

std::string basketsSessionJson(const BasketsSessionFile& session);
// Throws InputError naming the field that is missing or out of range (nothing is half applied).
BasketsSessionFile parseBasketsSession(const std::string& json);

// A basket session file is read whole, at most this many bytes (counted as read: /dev/zero stops here).
inline constexpr std::size_t kMaxBasketsSessionBytes = std::size_t(64) << 20;
// The bytes of the basket session file `path`; InputError for a FIFO, device or folder, a file that cannot
// be opened, or one over kMaxBasketsSessionBytes.
std::string readBasketsSessionFile(const std::string& path);

} // namespace rr
