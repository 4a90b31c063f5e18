#pragma once
// One release written to several files at once (randomize --out a.csv --out a.sav): the same records in the
// same order in every file, committed as one set with the side files, all or nothing. Two draws of the same
// persons published side by side protect less than one; one draw in several formats is still one release.
#include "core/release/FileReleaseTarget.h"

#include <memory>
#include <string>
#include <vector>

namespace rr {

class FileSetReleaseTarget : public ReleaseTarget {
public:
    // At least two files; InputError when two of them are one file.
    explicit FileSetReleaseTarget(std::vector<std::unique_ptr<FileTableTarget>> files);

    std::string name() const override; // the files, "a.csv, a.sav"
    // The first file's format when every file takes it (all CSV), else quoted records that each file recodes.
    RecordFormat format() const override;
    std::string prepare() override; // the first file's folder
    void write(const std::vector<ReleasedColumn>& columns, const RecordFeed& records, const StreamReleaseReport& report,
               std::vector<FileWrite> sideFiles, unsigned modeMask) override;

private:
    bool sameFormat() const;

    std::vector<std::unique_ptr<FileTableTarget>> m_files;
};

} // namespace rr
