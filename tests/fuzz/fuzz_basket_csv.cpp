// libFuzzer harness for baskets as a CSV of 0/1 columns (app/cli/BasketFiles loadBaskets on a .csv file,
// core/baskets/BinaryColumns): any bytes either give baskets or raise rr::InputError; each basket holds
// ascending items within the columns.
// Build: see CMakeLists.txt here (fuzz_replay_basket_csv in every test build, fuzz_basket_csv with
// RR_BUILD_FUZZ).
#include "app/cli/BasketFiles.h"
#include "core/data/Errors.h"
#include "tests/fuzz/ScratchFile.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    static const std::string path = rr::fuzz::makeScratchFile(".csv");
    // First byte: --columns A,B or all columns; the rest is the file.
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    rr::fuzz::putScratch(path, text);
    std::vector<std::string> args;
    if (data[0] & 1)
        args = {"--columns", "A,B"};
    try {
        const auto options = rr::cli::Options::parse("basket", args, rr::cli::basketDataOptions("baskets"));
        rr::api::BasketDataRequest request = rr::cli::basketDataRequest(options, false);
        request.path = path;
        const rr::LoadedBaskets b = rr::api::loadBaskets(request);
        if (!b.file.csv || b.file.itemNames.size() != b.baskets.itemCount)
            std::abort();
        for (std::size_t i = 0; i < b.baskets.size(); ++i) {
            const auto items = b.baskets.basket(i);
            for (std::size_t k = 0; k < items.size(); ++k)
                if (items[k] >= b.baskets.itemCount || (k > 0 && items[k] <= items[k - 1]))
                    std::abort();
        }
    } catch (const rr::InputError&) {
    }
    return 0;
}
