// libFuzzer harness for session files (core/session/SessionJson.h): any bytes either parse into a session or
// raise rr::InputError. A parsed session writes and reads back to the same session.
#include "core/data/Errors.h"
#include "core/session/SessionJson.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>

namespace {

// Paths compared normalized: "base/./x.csv" comes back as "base/x.csv" only after normalizing both.
std::vector<std::string> normalized(const std::vector<std::string>& paths)
{
    std::vector<std::string> out;
    for (const std::string& p : paths)
        out.push_back(std::filesystem::path(p).lexically_normal().string());
    return out;
}

bool sameSession(const rr::SessionData& a, const rr::SessionData& b)
{
    return normalized(a.dataPaths) == normalized(b.dataPaths) && a.database == b.database &&
           a.spec.quasiIdentifiers == b.spec.quasiIdentifiers && a.spec.sensitive == b.spec.sensitive &&
           a.spec.policy == b.spec.policy && a.mode == b.mode && a.p == b.p && a.tau == b.tau && a.view == b.view;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string json(reinterpret_cast<const char*>(data), size);
    const rr::SessionPlaces places{"/base", "/sample"};
    rr::SessionData s;
    try {
        s = rr::sessionFromJson(json, places);
    } catch (const rr::InputError&) {
        return 0;
    }
    if ((s.dataPaths.empty() && !s.database) || s.spec.quasiIdentifiers.empty() || s.spec.sensitive.empty())
        std::abort();
    if (!(s.tau > 0 && s.tau <= 1) || !std::isfinite(s.view.alpha))
        std::abort();
    for (const auto& [name, p] : s.p)
        if (!(p > 0 && p <= 1))
            std::abort();
    try {
        if (!sameSession(rr::sessionFromJson(rr::sessionToJson(s, places), places), s))
            std::abort(); // what was accepted does not survive a save
    } catch (const rr::InputError&) {
        std::abort(); // what was accepted cannot be read back
    }
    return 0;
}
