#pragma once
// The COIL 2000 insurance data binarized as the papers do (003 Table 3.1, ../shared/data/README.md).
#include "TestData.h"

#include "core/contingency/ContingencyTable.h"
#include "core/data/Errors.h"
#include "core/data/Table.h"

#include <array>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace rr::testdata {

// Attribute letter, 1-based column of ticdata2000.txt, and the threshold: value > threshold -> 1.
struct CoilBinarization {
    char letter;
    int column;
    int threshold;
};

inline constexpr std::array<CoilBinarization, 10> kCoilAttributes{{
    {'A', 18, 4}, // MOPLLAAG
    {'B', 37, 4}, // MINKM30
    {'C', 42, 4}, // MINKGEM
    {'D', 43, 3}, // MKOOKLA
    {'E', 44, 0}, // PWAPART
    {'F', 47, 0}, // PPERSAUT
    {'G', 59, 0}, // PBRAND
    {'H', 65, 0}, // AWAPART
    {'I', 68, 0}, // APERSAUT
    {'J', 86, 0}, // CARAVAN
}};

// ticdata2000.txt: tab-separated, no header, 86 integer columns, 5,822 customers.
// Returns a table with attributes "A".."J", categories "0" then "1" (so cell order is 00, 01, 10, 11).
inline Table coilBinarized(const std::string& path = sharedData("coil2000/ticdata2000.txt"))
{
    std::ifstream in(path);
    if (!in)
        throw InputError("cannot open the COIL data at " + path);
    Table t;
    for (const auto& b : kCoilAttributes) {
        Attribute a;
        a.name = std::string(1, b.letter);
        a.categories = {"0", "1"};
        t.attributes.push_back(std::move(a));
    }
    std::string line;
    std::size_t lineNo = 0;
    std::vector<int> values;
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.empty())
            continue;
        values.clear();
        std::istringstream fields(line);
        std::string field;
        while (std::getline(fields, field, '\t')) {
            std::size_t used = 0;
            const int v = std::stoi(field, &used);
            if (used != field.size())
                throw InputError("COIL line " + std::to_string(lineNo) + ": '" + field + "' is not an integer");
            values.push_back(v);
        }
        if (values.size() != 86)
            throw InputError("COIL line " + std::to_string(lineNo) + " has " + std::to_string(values.size()) +
                             " columns, expected 86");
        for (std::size_t k = 0; k < kCoilAttributes.size(); ++k)
            t.attributes[k].codes.push_back(values[kCoilAttributes[k].column - 1] > kCoilAttributes[k].threshold);
    }
    return t;
}

// Counts over the attributes named by their letters, e.g. "ADG", in that axis order.
inline ContingencyTable coilTable(const Table& coil, const std::string& letters)
{
    std::vector<int> idx;
    for (char c : letters)
        idx.push_back(coil.attributeIndex(std::string(1, c)));
    std::vector<uint32_t> rows(coil.rowCount());
    for (std::size_t i = 0; i < rows.size(); ++i)
        rows[i] = static_cast<uint32_t>(i);
    return buildContingency(coil, idx, rows);
}

} // namespace rr::testdata
