// libFuzzer harness for the basket CLI's parameter files: --rho-table ("m K_m rho_m"), --sizes-table
// ("m rho_m p_m[0] .. p_m[m]") and a release's FILE.frequent (frequency-aware's frequent items, one id a
// line, app/cli/BasketFiles): any bytes either read or raise rr::InputError; what is read is in range.
// Build: see CMakeLists.txt here (fuzz_replay_basket_tables in every test build, fuzz_basket_tables with
// RR_BUILD_FUZZ).
#include "app/cli/BasketFiles.h"
#include "app/cli/BasketOperatorOptions.h"
#include "app/cli/BasketParameterTables.h"
#include "core/basketpipeline/BasketsPipeline.h"
#include "core/data/Errors.h"
#include "tests/fuzz/ScratchFile.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

void checkRhoTable(const std::string& path)
{
    const auto table = rr::cli::readRhoTable(path);
    if (table.size() > static_cast<std::size_t>(rr::kMaxBasketSize) + 1)
        std::abort();
    for (const auto& level : table)
        if (level && (!(level->rho > 0 && level->rho < 1) || level->cutoff < 1))
            std::abort();
}

void checkSizesTable(const std::string& path)
{
    const auto table = rr::cli::readSizesTable(path);
    for (std::size_t m = 0; m < table.size(); ++m) {
        if (!table[m])
            continue;
        if (!(table[m]->rho > 0 && table[m]->rho < 1))
            std::abort();
        double sum = 0;
        for (const double p : table[m]->sizeProbabilities) {
            if (!(p >= 0 && p <= 1))
                std::abort();
            sum += p;
        }
        if (table[m]->sizeProbabilities.size() != m + 1 || std::abs(sum - 1) > 1e-6)
            std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const std::string table = rr::fuzz::makeScratchFile(".table");
    static const std::string release = [] {
        const std::string path = rr::fuzz::makeScratchFile(".dat");
        rr::fuzz::putScratch(path, "1 2\n3\n\n0 4 5\n"); // items 0..5
        rr::fuzz::removeAtExit(rr::frequentPathOf(path));
        return path;
    }();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    rr::fuzz::putScratch(table, text);
    try {
        checkRhoTable(table);
    } catch (const rr::InputError&) {
    }
    try {
        checkSizesTable(table);
    } catch (const rr::InputError&) {
    }
    rr::fuzz::putScratch(rr::frequentPathOf(release), text);
    try {
        const auto options = rr::cli::Options::parse("basket", {}, rr::cli::basketDataOptions("baskets"));
        rr::api::BasketDataRequest request = rr::cli::basketDataRequest(options, false);
        request.path = release;
        const rr::api::LoadedRelease r = rr::api::loadRelease(request, rr::OperatorKind::FrequencyAware);
        if (r.frequentItems.size() != r.release.baskets.itemCount)
            std::abort();
    } catch (const rr::InputError&) {
    }
    return 0;
}
