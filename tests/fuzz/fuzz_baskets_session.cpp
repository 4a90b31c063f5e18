// libFuzzer harness for basket session files (ui/baskets/BasketsSession, Qt Core only): any bytes either
// parse into a session or raise rr::InputError; a parsed session writes and reads back to the same choice.
// Build: see CMakeLists.txt here (fuzz_replay_baskets_session in every test build, fuzz_baskets_session with
// RR_BUILD_FUZZ).
#include "core/data/Errors.h"
#include "tests/fuzz/QuietQt.h"
#include "ui/baskets/BasketsSession.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace {

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

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray json(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    rr::ui::BasketsSession s;
    try {
        s = rr::ui::basketsSessionFromJson(json, "/base");
    } catch (const rr::InputError&) {
        return 0;
    }
    if (s.dataPath.isEmpty())
        std::abort();
    rr::ui::BasketsSession again;
    try {
        again = rr::ui::basketsSessionFromJson(rr::ui::basketsSessionToJson(s), "/base");
    } catch (const rr::InputError&) {
        std::abort(); // what the app writes, it reads
    }
    if (!sameChoice(s.choice, again.choice))
        std::abort();
    return 0;
}
