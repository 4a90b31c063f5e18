#pragma once
// A release as a CSV file (RFC 4180, header first, missing values as a token), written atomically with its
// side files (the notes) in one set.
#include "core/release/FileReleaseTarget.h"

#include <string>

namespace rr {

class CsvReleaseTarget : public FileTableTarget {
public:
    CsvReleaseTarget(std::string path, std::string missingToken);
    std::string name() const override { return m_path; }
    RecordFormat format() const override;
    std::string prepare() override;
    FileWrite tableFile(const std::vector<ReleasedColumn>& columns, const RecordFeed& records, bool quoted) override;

private:
    std::string m_path;
    std::string m_missing;
};

} // namespace rr
