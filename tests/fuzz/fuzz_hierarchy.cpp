// libFuzzer harness for ARX hierarchy files (core/anonymization/Hierarchy.h): any bytes either parse into
// a hierarchy whose levels nest (every row has every level, the last level is one label, a label always
// generalizes to the same parent) or raise rr::InputError. A parsed hierarchy binds to an attribute of its
// own values and refuses one with a value it lacks.
#include "core/anonymization/Hierarchy.h"
#include "core/data/Errors.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    rr::Hierarchy h;
    try {
        h = rr::parseHierarchy(in, "fuzz");
    } catch (const rr::InputError&) {
        return 0;
    }
    const int levels = h.levelCount();
    if (levels < 2 || h.valueCount() == 0 || h.levelLabels(levels - 1).size() != 1)
        std::abort();
    std::vector<std::map<int, int>> parent(static_cast<std::size_t>(levels));
    for (std::size_t r = 0; r < h.valueCount(); ++r) {
        const int row = static_cast<int>(r);
        if (h.rows()[r].size() != static_cast<std::size_t>(levels) || h.rowOf(h.rows()[r][0]) != row)
            std::abort();
        for (int j = 0; j < levels; ++j) {
            const int code = h.codeAt(row, j);
            if (code < 0 || static_cast<std::size_t>(code) >= h.levelLabels(j).size() ||
                h.levelLabels(j)[static_cast<std::size_t>(code)] != h.rows()[r][static_cast<std::size_t>(j)])
                std::abort();
            if (j + 1 < levels) {
                const auto [it, inserted] = parent[static_cast<std::size_t>(j)].emplace(code, h.codeAt(row, j + 1));
                if (!inserted && it->second != h.codeAt(row, j + 1))
                    std::abort(); // levels that do not nest were accepted
            }
        }
    }

    // Bound to an attribute holding its values in reverse order: every level covers every category.
    rr::Attribute a;
    a.name = "a";
    for (std::size_t r = h.valueCount(); r-- > 0;)
        a.categories.push_back(h.rows()[r][0]);
    const rr::AttributeGeneralization g = rr::bindHierarchy(h, a);
    if (g.levelCount() != levels || g.domainAt(levels - 1) != 1)
        std::abort();
    for (int j = 0; j < levels; ++j) {
        int covered = 0;
        for (int s : g.coverSizes(j))
            covered += s;
        if (covered != a.domainSize())
            std::abort();
    }
    // A category the hierarchy lacks is an InputError naming it.
    a.categories.push_back(std::string("\x01not in the hierarchy\x02"));
    try {
        rr::bindHierarchy(h, a);
        if (h.rowOf(a.categories.back()) < 0)
            std::abort();
    } catch (const rr::InputError&) {}
    return 0;
}
