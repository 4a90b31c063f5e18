// libFuzzer harness for session files (ui/session/SessionJson.h, Qt Core only): any bytes either parse
// into a session or raise rr::InputError. A parsed session writes and reads back to the same session.
#include "core/data/Errors.h"
#include "tests/fuzz/QuietQt.h"
#include "ui/session/SessionJson.h"

#include <QDir>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace {

// Paths compared cleaned: "sample:../data/x.csv" comes back as "sample:x.csv".
QStringList cleaned(const QStringList& paths)
{
    QStringList out;
    for (const QString& p : paths)
        out << QDir::cleanPath(p);
    return out;
}

bool sameSession(const rr::ui::SessionData& a, const rr::ui::SessionData& b)
{
    return cleaned(a.dataPaths) == cleaned(b.dataPaths) && a.spec.quasiIdentifiers == b.spec.quasiIdentifiers &&
           a.spec.sensitive == b.spec.sensitive && a.spec.policy == b.spec.policy && a.mode == b.mode && a.p == b.p &&
           a.tau == b.tau && a.view == b.view;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray json(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    rr::ui::SessionData s;
    try {
        s = rr::ui::sessionFromJson(json, "/base");
    } catch (const rr::InputError&) {
        return 0;
    }
    if (s.dataPaths.isEmpty() || s.spec.quasiIdentifiers.empty() || s.spec.sensitive.empty())
        std::abort();
    if (!(s.tau > 0 && s.tau <= 1) || !std::isfinite(s.view.alpha))
        std::abort();
    for (const auto& [name, p] : s.p)
        if (!(p > 0 && p <= 1))
            std::abort();
    try {
        if (!sameSession(rr::ui::sessionFromJson(rr::ui::sessionToJson(s), "/base"), s))
            std::abort(); // what was accepted does not survive a save
    } catch (const rr::InputError&) {
        std::abort(); // what was accepted cannot be read back
    }
    return 0;
}
