// libFuzzer harness for the column-names reader (core/data/ColumnNames, issue 20, bug 13): any text either
// parses or raises rr::InputError, and what parses holds unique, non-empty, trimmed, valid UTF-8 names, one
// label each; checking them against a column count and renaming one keep those properties.
// Build: see CMakeLists.txt here (fuzz_replay_column_names in every test build, fuzz_column_names with RR_BUILD_FUZZ).
#include "core/data/ColumnNames.h"
#include "core/data/Errors.h"
#include "core/data/Utf8.h"
#include "core/session/AttributeRename.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>

namespace {

bool isTrimmed(const std::string& s)
{
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; };
    return !s.empty() && !space(s.front()) && !space(s.back());
}

void checkNames(const std::vector<std::string>& names)
{
    std::set<std::string> seen;
    for (const std::string& n : names)
        if (n.empty() || !rr::isValidUtf8(n) || !seen.insert(n).second)
            std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    rr::ColumnNames parsed;
    try {
        parsed = rr::parseColumnNames(text, "fuzz");
    } catch (const rr::InputError&) {
        return 0;
    }
    if (parsed.names.empty() || parsed.labels.size() != parsed.names.size())
        std::abort();
    checkNames(parsed.names);
    for (std::size_t i = 0; i < parsed.names.size(); ++i)
        if (!isTrimmed(parsed.names[i]) || parsed.names[i].find('\n') != std::string::npos ||
            !rr::isValidUtf8(parsed.labels[i]))
            std::abort();
    // The names fit exactly their own count, and no other.
    rr::checkColumnNames(parsed.names, parsed.names.size(), "fuzz", "data");
    try {
        rr::checkColumnNames(parsed.names, parsed.names.size() + 1, "fuzz", "data");
        std::abort();
    } catch (const rr::InputError&) {
    }
    // Renaming the first column after the last (taken, unless there is one) or to a fresh name.
    try {
        const auto renamed = rr::renamedColumns(parsed.names, parsed.names.front(), parsed.names.back());
        if (parsed.names.size() > 1)
            std::abort(); // the last name is taken
        checkNames(renamed);
    } catch (const rr::InputError&) {
        if (parsed.names.size() == 1)
            std::abort();
    }
    std::string fresh = parsed.names.back() + "_renamed";
    while (std::find(parsed.names.begin(), parsed.names.end(), fresh) != parsed.names.end())
        fresh += "_";
    if (isTrimmed(fresh) && fresh.back() != ' ') {
        const auto renamed = rr::renamedColumns(parsed.names, parsed.names.front(), fresh);
        checkNames(renamed);
        if (renamed.front() != fresh || renamed.size() != parsed.names.size())
            std::abort();
    }
    return 0;
}
