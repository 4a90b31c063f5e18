#include "core/session/SessionFile.h"

#include "core/data/AtomicWrite.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"

#include <filesystem>

namespace rr {

void saveSessionFile(const SessionData& session, const std::string& path, const std::string& sampleDir)
{
    writeBytesAtomically(path, sessionToJson(session, SessionPlaces{{}, sampleDir}));
}

SessionData loadSessionFile(const std::string& path, const std::string& sampleDir)
{
    // The bytes read are counted (st_size is 0 for /dev/zero); a FIFO or folder is refused before opening.
    const std::string text = readFileBounded(path, kMaxSessionFileBytes, "session file");
    std::error_code ec;
    const std::string folder = std::filesystem::absolute(path, ec).parent_path().string();
    try {
        return sessionFromJson(text, SessionPlaces{folder, sampleDir});
    } catch (const InputError& e) {
        throw InputError("session file " + path + ": " + e.what());
    }
}

} // namespace rr
