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

void saveSessionFile(const BasketsSessionFile& session, const std::string& path, const std::string& sampleDir)
{
    writeBytesAtomically(path, basketsSessionJson(session, SessionPlaces{{}, sampleDir}));
}

AnySession readSessionFile(const std::string& path, const std::string& sampleDir, std::optional<SessionKind> expected)
{
    // The bytes read are counted (st_size is 0 for /dev/zero); a FIFO or folder is refused before opening.
    const std::string text = readFileBounded(path, kMaxSessionFileBytes, "session file");
    std::error_code ec;
    const std::string folder = std::filesystem::absolute(path, ec).parent_path().string();
    try {
        return parseAnySession(text, SessionPlaces{folder, sampleDir}, expected);
    } catch (const InputError& e) {
        throw InputError("session file " + path + ": " + e.what());
    }
}

SessionData loadSessionFile(const std::string& path, const std::string& sampleDir)
{
    return std::get<SessionData>(readSessionFile(path, sampleDir, SessionKind::Table));
}

BasketsSessionFile loadBasketsSessionFile(const std::string& path, const std::string& sampleDir)
{
    return std::get<BasketsSessionFile>(readSessionFile(path, sampleDir, SessionKind::Baskets));
}

} // namespace rr
