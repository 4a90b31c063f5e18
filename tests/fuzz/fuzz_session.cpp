// libFuzzer harness for session files, both kinds (core/session/AnySession.h, the one reader): any bytes either
// parse into a table or a basket session or raise rr::InputError. A parsed session writes and reads back to
// the same session. The seeds hold both kinds, old basket files ({"kind": ...}) included.
#include "core/data/Errors.h"
#include "core/session/AnySession.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <variant>

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

bool sameChoice(const rr::BasketsChoice& a, const rr::BasketsChoice& b)
{
    auto sameCut = [](const std::vector<rr::CutAndPasteLevel>& x, const std::vector<rr::CutAndPasteLevel>& y) {
        if (x.size() != y.size())
            return false;
        for (std::size_t i = 0; i < x.size(); ++i)
            if (x[i].cutoff != y[i].cutoff || x[i].rho != y[i].rho)
                return false;
        return true;
    };
    auto sameSelect = [](const std::vector<rr::SelectASizeLevel>& x, const std::vector<rr::SelectASizeLevel>& y) {
        if (x.size() != y.size())
            return false;
        for (std::size_t i = 0; i < x.size(); ++i)
            if (x[i].sizeProbabilities != y[i].sizeProbabilities ||
                (!x[i].sizeProbabilities.empty() && x[i].rho != y[i].rho))
                return false;
        return true;
    };
    return a.kind == b.kind && a.keep == b.keep && a.replace == b.replace && a.cutoff == b.cutoff && a.rho == b.rho &&
           sameCut(a.perSize, b.perSize) && sameSelect(a.selectPerSize, b.selectPerSize) &&
           a.selectKeep == b.selectKeep && a.fp == b.fp && a.nfp == b.nfp && a.frequentSupport == b.frequentSupport &&
           a.level == b.level && a.breachItemsets == b.breachItemsets && a.seed == b.seed &&
           a.topItemsets == b.topItemsets && a.miningMaxSize == b.miningMaxSize && a.minSupports == b.minSupports;
}

// A table session's invariants, and the same session after a save.
void checkTable(const rr::SessionData& s, const rr::SessionPlaces& places)
{
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
}

// A basket session names its file, and comes back the same after a save.
void checkBaskets(const rr::BasketsSessionFile& s, const rr::SessionPlaces& places)
{
    if (s.data.empty())
        std::abort();
    try {
        const rr::BasketsSessionFile again = rr::parseBasketsSession(rr::basketsSessionJson(s, places), places);
        if (again.data != s.data || !sameChoice(s.choice, again.choice))
            std::abort();
    } catch (const rr::InputError&) {
        std::abort(); // what the app writes, it reads
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string json(reinterpret_cast<const char*>(data), size);
    const rr::SessionPlaces places{"/base", "/sample"};
    rr::AnySession s;
    try {
        s = rr::parseAnySession(json, places);
    } catch (const rr::InputError&) {
        return 0;
    }
    if (const auto* table = std::get_if<rr::SessionData>(&s))
        checkTable(*table, places);
    else
        checkBaskets(std::get<rr::BasketsSessionFile>(s), places);
    return 0;
}
