// libFuzzer harness for the FIMI basket reader and the .sizes / max-supports readers: any byte buffer must
// either parse or throw InputError (no crash, no other exception, no unbounded allocation).
// Build: see CMakeLists.txt here (fuzz_replay_fimi in every test build, fuzz_fimi with RR_BUILD_FUZZ).
#include "core/baskets/FimiReader.h"
#include "core/baskets/MaxSupports.h"
#include "core/baskets/ReleaseFiles.h"
#include "core/data/Errors.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <sstream>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    rr::FimiOptions options;
    options.limits.maxItemId = 1u << 16; // keep the per-id universe small under fuzzing
    options.limits.maxLineBytes = 1024;
    try {
        const rr::FimiData d = rr::parseFimi(text, options);
        std::istringstream stream{std::string(text)};
        const rr::FimiData s = rr::readFimi(stream, options);
        if (s.transactions.items != d.transactions.items || s.transactions.offsets != d.transactions.offsets)
            __builtin_trap(); // the two entry points must agree
        // A release's scan hands over the same baskets without holding them (and without the holding limits).
        rr::Transactions scanned;
        std::istringstream again{std::string(text)};
        const rr::FimiScan scan =
            rr::scanFimi(again, options, [&](std::span<const std::uint32_t> b) { scanned.append(b); });
        if (scanned.items != d.transactions.items || scanned.offsets != d.transactions.offsets ||
            scan.itemCount != d.transactions.itemCount || scan.report.lines != d.report.lines)
            __builtin_trap();
    } catch (const rr::InputError&) {}
    try {
        std::istringstream sizes{std::string(text)};
        rr::readSizes(sizes, 3, "fuzz.sizes");
    } catch (const rr::InputError&) {}
    try {
        std::istringstream smax{std::string(text)};
        rr::parseMaxSupports(smax, "fuzz.smax");
    } catch (const rr::InputError&) {}
    return 0;
}
