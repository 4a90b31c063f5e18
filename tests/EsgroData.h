#pragma once
// ESGRO (003 Sec. 5.3.3): education, salary-class, sex, race (QI) and occupation (S) on the 30,162
// complete Adult training records of the ARX example (adult/arx/adult.csv), with ARX's hierarchies.
#include "TestData.h"

#include "core/anonymization/Hierarchy.h"
#include "core/data/CsvReader.h"
#include "core/data/Table.h"

#include <string>
#include <vector>

namespace rr::testdata {

inline std::string arxFolder()
{
    return sharedData("adult/arx");
}

inline const std::vector<std::string>& esgroQi()
{
    static const std::vector<std::string> names{"education", "salary-class", "sex", "race"};
    return names;
}

struct Esgro {
    Table table;                                      // all columns of adult.csv, records complete in the ESGRO columns
    std::vector<int> qi;                              // education, salary-class, sex, race
    int sensitive = -1;                               // occupation
    std::vector<AttributeGeneralization> hierarchies; // ARX's, for the QIs
};

inline Esgro esgro()
{
    Esgro e;
    const Table raw = readCsv({arxFolder() + "/adult.csv"});
    std::vector<int> used = raw.attributeIndices(esgroQi());
    used.push_back(raw.attributeIndex("occupation"));
    e.table = completeRecords(raw, used, MissingPolicy::DropIfUsedMissing);
    e.qi = e.table.attributeIndices(esgroQi());
    e.sensitive = e.table.attributeIndex("occupation");
    e.hierarchies = loadGeneralizations(e.table, e.qi, arxFolder());
    return e;
}

} // namespace rr::testdata
