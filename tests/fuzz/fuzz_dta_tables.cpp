// libFuzzer harness for the Stata strL and value-label table checks (core/statfiles/DtaTables.h, issue 42):
// any bytes as a .dta file: checkDtaTables returns or raises rr::InputError, nothing else (no read past the
// file, no allocation of a declared size); what it passes then opens through ReadStat or is refused with
// InputError, and every labelled variable's labels are the same shared list for the variables naming one set.
// Seeds: pandas' files of a labelled column (releases 114, 118) and of a strL (118), and two lying mutants.
// Build: see CMakeLists.txt here (fuzz_replay_dta_tables in every test build, fuzz_dta_tables with RR_BUILD_FUZZ).
#include "core/data/Errors.h"
#include "core/statfiles/DtaTables.h"
#include "core/statfiles/StatFileSource.h"
#include "tests/fuzz/ScratchFile.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

void check(bool ok)
{
    if (!ok)
        std::abort();
}

void exercise(const std::string& path)
{
    rr::checkDtaTables(path);
    const auto source = rr::StatFileSource::open(path, rr::StatFormat::Dta);
    for (const auto& a : source->summary().attributes) {
        const rr::AttributeDetails* d = source->attributeDetails(a.name);
        check(d != nullptr);
        check(d->codes.empty() == (d->codes.shared() == nullptr || d->codes.shared()->empty()));
        std::size_t n = 0;
        for (const auto& entry : d->codes)
            n += entry.first.empty() ? 0 : 1;
        check(n <= d->codes.size());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size > (std::size_t(1) << 20))
        return 0;
    static const std::string path = rr::fuzz::makeScratchFile(".dta");
    rr::fuzz::putScratch(path, std::string_view(reinterpret_cast<const char*>(data), size));
    try {
        exercise(path);
    } catch (const rr::InputError&) {
        // refused, with a reason
    }
    return 0;
}
