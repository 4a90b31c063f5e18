// libFuzzer harness for the loglinear model text ("AD,G", "[AD][G]", core/loglinear/HierarchicalModel) and
// the letter mapping ("A=education,B=sex"): any text either parses or raises rr::InputError, and a parsed
// model formats to text that parses back to the same model.
// Build: see CMakeLists.txt here (fuzz_replay_loglinear_model in every test build, fuzz_loglinear_model with
// RR_BUILD_FUZZ).
#include "core/data/Errors.h"
#include "core/loglinear/HierarchicalModel.h"

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
    // First byte: how many attributes (1..8) and which letters name them; the rest is the model text, or
    // a mapping before a '|'.
    const int axes = 1 + (data[0] & 7);
    std::vector<std::string> names;
    for (int k = 0; k < axes; ++k)
        names.push_back((data[0] & 8) ? std::string(1, char('A' + k)) : "attr" + std::to_string(k));
    std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    std::vector<char> letters = rr::defaultLetters(names);
    if (const auto bar = text.find('|'); bar != std::string_view::npos) {
        try {
            letters = rr::lettersFromMapping(text.substr(0, bar), names);
        } catch (const rr::InputError&) {
            return 0;
        }
        text = text.substr(bar + 1);
    }
    try {
        const rr::HierarchicalModel model = rr::parseModel(text, letters);
        if (rr::parseModel(rr::formatModel(model, letters), letters) != model)
            std::abort(); // a model's text parses back to the same model
    } catch (const rr::InputError&) {
    }
    return 0;
}
