#pragma once
// Shared helpers for tests: where the papers' data lives and the data sets they use.
#include "core/contingency/ContingencyTable.h"
#include "core/data/CsvReader.h"
#include "core/data/Table.h"

#include <string>
#include <vector>

namespace rr::testdata {

inline std::string sharedData(const std::string& rel)
{
    return std::string(RR_SHARED_DATA_DIR) + "/" + rel;
}

// Adult train + test, records complete in every column (45,222), as the dissertation uses.
inline Table adultComplete()
{
    Table raw = readCsv({sharedData("adult/adult.data.csv"), sharedData("adult/adult.test.csv")});
    return completeRecords(raw, {}, MissingPolicy::DropIncomplete);
}

// EMGRW (003 Table 5.2): QI = education, marital-status, sex, race; S = workclass.
inline ContingencyTable emgrw(const Table& adult)
{
    auto idx = adult.attributeIndices({"education", "marital-status", "sex", "race", "workclass"});
    std::vector<uint32_t> rows(adult.rowCount());
    for (std::size_t i = 0; i < rows.size(); ++i)
        rows[i] = static_cast<uint32_t>(i);
    return buildContingency(adult, idx, rows);
}

// Table 2.5(b) of 003: Gender (Male, Female) x Disease (Cancer, Flu, Anemia).
inline ContingencyTable genderDisease()
{
    ContingencyTable t({2, 3}, {"Gender", "Disease"});
    t.counts() << 8, 16, 48, 12, 14, 2;
    return t;
}

} // namespace rr::testdata
