#pragma once
// A release written as an SPSS (.sav), Stata (.dta) or SAS transport (.xpt, version 8) file through
// ReadStat's writer (issue 21), all or nothing like a CSV release. Every released column keeps its values'
// texts as value labels: a column whose values are the declared labels (or numbers) of a labelled variable of
// the source keeps that variable's codes and whole label set; a column of numbers stays numeric; any other
// column becomes codes 1..d (in the order of the texts) labelled with its values. Variable names are made
// valid for the format (letters, digits and '_', at most 32 characters) and the original name, or the
// source's variable label, becomes the variable label.
//
// ReadStat writes a row count in the header first, so the records are held as one 32-bit code per value
// until the count is known: kMaxStatFileReleaseValues bounds that.
#include "core/release/FileReleaseTarget.h"
#include "core/statfiles/StatFileSource.h"
#include "core/statfiles/StatFormat.h"

#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rr {

// At most this many values (records x columns) a statistical-file release holds while it is written.
inline constexpr std::size_t kMaxStatFileReleaseValues = std::size_t(1) << 30; // 4 GiB of codes

class StatFileReleaseTarget : public FileTableTarget {
public:
    // `details`: what the source says of its column i (a statistical file: value labels and variable label);
    // nullptr for a source without them (CSV, a database). InputError for a format that cannot be written.
    StatFileReleaseTarget(std::string path, StatFormat format,
                          std::function<const AttributeDetails*(std::size_t sourceColumn)> details = {});

    std::string name() const override { return m_path; }
    RecordFormat format() const override;
    std::string prepare() override;
    // The records are held as codes while the file is written (its format's records are quoted ones already).
    FileWrite tableFile(const std::vector<ReleasedColumn>& columns, const RecordFeed& records, bool quoted) override;

private:
    std::string m_path;
    StatFormat m_format;
    std::function<const AttributeDetails*(std::size_t)> m_details;
};

// Columns of texts held as codes until they are written as a statistical file (a release's records, anatomy's
// sensitive table), with the column rules above.
class StatTableWriter {
public:
    // `details[j]`: what the source says of column j, or nullptr. InputError for a format that cannot be written.
    StatTableWriter(std::string path, StatFormat format, std::vector<std::string> names,
                    std::vector<const AttributeDetails*> details);
    ~StatTableWriter();
    StatTableWriter(const StatTableWriter&) = delete;
    StatTableWriter& operator=(const StatTableWriter&) = delete;

    // One record, a value per column (nullopt: missing). InputError past kMaxStatFileReleaseValues values.
    void add(const std::vector<std::optional<std::string>>& fields);
    // The file's bytes, to an atomic write's stream. IoError naming the path when ReadStat refuses.
    void write(std::ostream& out) const;

private:
    struct Columns;
    std::string m_path;
    StatFormat m_format;
    std::vector<std::string> m_names;
    std::vector<const AttributeDetails*> m_details;
    std::unique_ptr<Columns> m_columns;
    std::size_t m_held = 0;
};

// The release target a file name asks for: SPSS, Stata or SAS transport by its extension (the value labels of
// `source` kept when it is such a file; `source` must outlive the target), CSV otherwise.
std::unique_ptr<FileTableTarget> fileReleaseTarget(const DataSource& source, const std::string& path,
                                                   const std::string& missingToken);
// The same records in every file of `paths` (any mix of the formats above), all or nothing; one path gives
// fileReleaseTarget's.
std::unique_ptr<ReleaseTarget> fileReleaseTarget(const DataSource& source, const std::vector<std::string>& paths,
                                                 const std::string& missingToken);

// A variable name the formats accept: letters, digits and '_', starting with a letter, at most 32 characters;
// `taken` holds the names already given (a repeat gets _2, _3, ...).
std::string statVariableName(const std::string& column, std::vector<std::string>& taken);

} // namespace rr
